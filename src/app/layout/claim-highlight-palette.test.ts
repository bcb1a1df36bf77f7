import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cssFile, declarations, resolveVars } from '../../testing/css-tokens.ts';
import { contrastRatio } from '../../core/color/contrast.ts';

// The selected claim's mark in the answer (`::highlight(citelens-claim)`, index.css), measured as WCAG contrast the
// way the viewer's marks are (text-source-palette.test.ts), in both themes: its underline must stand at 3:1 or more
// against the page and against the fill it is drawn over (non-text contrast, 1.4.11), and the answer's text must
// stay readable through the fill (4.5:1). The fill alone was 1.23:1 on white. The colours are read from the
// stylesheets: the rule from index.css, the palette from Tailwind (light) and from theme.css's swap (dark).

const indexCss = cssFile(new URL('./index.css', import.meta.url));
const themeCss = cssFile(new URL('../theme/theme.css', import.meta.url));
const tailwindCss = cssFile(createRequire(import.meta.url).resolve('tailwindcss/theme.css'));

const rule = /\n::highlight\(citelens-claim\) \{([^}]*)\}/.exec(indexCss)?.[1] ?? '';
const fillVar = /background-color:\s*([^;]+);/.exec(rule)?.[1]?.trim() ?? '';
const lineVar = /text-decoration:\s*underline\s+\d+px\s+([^;]+);/.exec(rule)?.[1]?.trim() ?? '';

const light = declarations(tailwindCss, '@theme default');
const dark = { ...light, ...declarations(themeCss, ':root.dark') };
const darkSurface = /:root\.dark \.bg-white \{\s*background-color:\s*([^;]+);/.exec(themeCss)?.[1] ?? '';

const THEMES = {
  light: { vars: light, page: light['--color-white']! },
  dark: { vars: dark, page: resolveVars(darkSurface, dark) },
};

describe.each(Object.entries(THEMES))('the selected claim in the answer, %s theme', (_theme, { vars, page }) => {
  const fill = resolveVars(fillVar, vars);
  const line = resolveVars(lineVar, vars);
  const text = resolveVars('var(--color-slate-800)', vars);

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
