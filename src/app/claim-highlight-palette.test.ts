import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../core/color/contrast.ts';

// The selected claim's mark in the answer (`::highlight(citelens-claim)`, index.css), measured as WCAG contrast the
// way the viewer's marks are (text-source-palette.test.ts), in both themes: its underline must stand at 3:1 or more
// against the page and against the fill it is drawn over (non-text contrast, 1.4.11), and the answer's text must
// stay readable through the fill (4.5:1). The fill alone was 1.23:1 on white. The colours are read from the
// stylesheets: the rule from index.css, the palette from Tailwind (light) and from theme.css's swap (dark).

const css = (url: URL | string) => `\n${readFileSync(url, 'utf8')}`;
const indexCss = css(new URL('./index.css', import.meta.url));
const themeCss = css(new URL('./theme.css', import.meta.url));
const tailwindCss = css(createRequire(import.meta.url).resolve('tailwindcss/theme.css'));

/** The custom properties declared in the rules whose selector, at the start of a line, is exactly this one. */
function declarations(sheet: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (let start = sheet.indexOf(`\n${selector} {`); start >= 0; start = sheet.indexOf(`\n${selector} {`, start + 1)) {
    const body = sheet.slice(start + selector.length + 3, sheet.indexOf('}', start));
    for (const m of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) found[m[1]!] = m[2]!.trim();
  }
  return found;
}

/** `var(--x)` references resolved from `vars`, as deep as they go. */
function resolve(value: string, vars: Record<string, string>): string {
  const next = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => vars[name] ?? name);
  return next === value ? value : resolve(next, vars);
}

const rule = /\n::highlight\(citelens-claim\) \{([^}]*)\}/.exec(indexCss)?.[1] ?? '';
const fillVar = /background-color:\s*([^;]+);/.exec(rule)?.[1]?.trim() ?? '';
const lineVar = /text-decoration:\s*underline\s+\d+px\s+([^;]+);/.exec(rule)?.[1]?.trim() ?? '';

const light = declarations(tailwindCss, '@theme default');
const dark = { ...light, ...declarations(themeCss, ':root.dark') };
const darkSurface = /:root\.dark \.bg-white \{\s*background-color:\s*([^;]+);/.exec(themeCss)?.[1] ?? '';

const THEMES = {
  light: { vars: light, page: light['--color-white']! },
  dark: { vars: dark, page: resolve(darkSurface, dark) },
};

describe.each(Object.entries(THEMES))('the selected claim in the answer, %s theme', (_theme, { vars, page }) => {
  const fill = resolve(fillVar, vars);
  const line = resolve(lineVar, vars);
  const text = resolve('var(--color-slate-800)', vars);

  it('reads its colours from the stylesheets', () => {
    // Guards the parsing: a renamed rule or variable must fail here, not measure nothing.
    expect(fillVar).toMatch(/^var\(--/);
    expect(lineVar).toMatch(/^var\(--/);
    for (const colour of [fill, line, text, page]) expect(colour).toMatch(/^(#|oklch|color-mix)/);
  });

  it('is underlined at 3:1 or more against the page and its fill, and its text reads through the fill', () => {
    expect(contrastRatio(line, page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(line, fill, page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(text, fill, page)).toBeGreaterThanOrEqual(4.5);
  });
});
