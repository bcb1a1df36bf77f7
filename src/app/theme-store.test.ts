import { describe, expect, it } from 'vitest';
import { THEMES } from '../features/embed/display-params.ts';
import { effectiveTheme } from './theme-store.ts';

describe('effectiveTheme', () => {
  it('embedded: only the portal decides (the reader\'s saved theme is the host app\'s, not the portal\'s)', () => {
    for (const saved of THEMES) {
      expect(effectiveTheme(true, undefined, saved)).toBeUndefined();
      expect(effectiveTheme(true, 'dark', saved)).toBe('dark');
    }
  });

  it('full app: a link\'s theme wins, else the saved choice (auto = the system)', () => {
    expect(effectiveTheme(false, 'light', 'dark')).toBe('light');
    expect(effectiveTheme(false, undefined, 'dark')).toBe('dark');
    expect(effectiveTheme(false, undefined, 'auto')).toBe('auto');
  });
});
