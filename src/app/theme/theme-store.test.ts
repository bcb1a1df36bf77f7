import { describe, expect, it } from 'vitest';
import { THEMES } from '../../features/embed/display-params.ts';
import { effectiveNightPages, effectiveTheme } from './theme-store.ts';

describe('effectiveTheme', () => {
  it("embedded: only the portal decides (the reader's saved theme is the host app's, not the portal's)", () => {
    for (const saved of THEMES) {
      expect(effectiveTheme(true, undefined, saved)).toBeUndefined();
      expect(effectiveTheme(true, 'dark', saved)).toBe('dark');
    }
  });

  it("full app: a link's theme wins, else the saved choice (auto = the system)", () => {
    expect(effectiveTheme(false, 'light', 'dark')).toBe('light');
    expect(effectiveTheme(false, undefined, 'dark')).toBe('dark');
    expect(effectiveTheme(false, undefined, 'auto')).toBe('auto');
  });
});

describe('effectiveNightPages', () => {
  it("embedded: the portal decides, white pages unless it asks (the reader's saved choice is the full app's)", () => {
    for (const saved of [true, false]) {
      expect(effectiveNightPages(true, undefined, saved)).toBe(false);
      expect(effectiveNightPages(true, true, saved)).toBe(true);
      expect(effectiveNightPages(true, false, saved)).toBe(false);
    }
  });

  it("full app: a link's night wins either way, else the saved choice", () => {
    expect(effectiveNightPages(false, false, true)).toBe(false);
    expect(effectiveNightPages(false, true, false)).toBe(true);
    expect(effectiveNightPages(false, undefined, true)).toBe(true);
    expect(effectiveNightPages(false, undefined, false)).toBe(false);
  });
});
