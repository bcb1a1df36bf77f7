import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../core/color/contrast.ts';

// prefers-contrast: more (a11y.css) must raise the contrast of the secondary greys against the page in both themes:
// in light they darken, in dark (where theme.css inverts the slate scale) they lighten. Read from the stylesheets.

const css = (url: URL | string) => `\n${readFileSync(url, 'utf8')}`;
const a11yCss = css(new URL('./a11y.css', import.meta.url));
const themeCss = css(new URL('../theme/theme.css', import.meta.url));
const tailwindCss = css(createRequire(import.meta.url).resolve('tailwindcss/theme.css'));

/** The custom properties of the first rule with exactly this selector (at any indentation) after `from`. */
function declarations(sheet: string, selector: string, from = 0): Record<string, string> {
  const start = sheet.indexOf(`${selector} {`, from);
  if (start < 0) return {};
  const body = sheet.slice(start, sheet.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const moreContrast = a11yCss.indexOf('@media (prefers-contrast: more)');
const light = declarations(tailwindCss, '@theme default');
const dark = { ...light, ...declarations(themeCss, '\n:root.dark') };
const surface = /:root\.dark \.bg-white \{\s*background-color:\s*var\((--[\w-]+)\);/.exec(themeCss)?.[1] ?? '';
const THEMES = {
  light: { normal: light, more: declarations(a11yCss, ':root:not(.dark)', moreContrast), page: light['--color-white']! },
  dark: { normal: dark, more: declarations(a11yCss, ':root.dark', moreContrast), page: dark[surface]! },
};
const GREYS = ['--color-slate-200', '--color-slate-300', '--color-slate-400', '--color-slate-500'];

describe.each(Object.entries(THEMES))('prefers-contrast: more, %s theme', (_theme, { normal, more, page }) => {
  it('swaps every secondary grey', () => {
    expect(moreContrast).toBeGreaterThan(0);
    expect(Object.keys(more).sort()).toEqual(GREYS);
  });

  it.each(GREYS)('%s stands further from the page than without the preference', (grey) => {
    expect(contrastRatio(more[grey]!, page)).toBeGreaterThan(contrastRatio(normal[grey]!, page) * 1.3);
  });
});
