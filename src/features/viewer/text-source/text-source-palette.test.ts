import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cssFile, declarations, resolveVars } from '../../../testing/css-tokens.ts';
import { contrastRatio } from '../../../core/color/contrast.ts';
import { markStyle } from '../render/page-palette.ts';

// The marks of a Markdown or plain-text source (text-source.css), measured as WCAG contrast the way the PDF page
// palette is (page-palette.test.ts), in both themes: the mark's line must stand at 3:1 or more against the page and
// against its own fill (non-text contrast, 1.4.11), and the text must stay readable through the fill (4.5:1).
// The colours are read from where they are set, so a change to any of them is measured: the marks' tokens from
// text-source.css, which names page-palette.ts's custom properties (`markStyle`, set on the viewer's root); the page (the article is `bg-white`) and its text (slate-800) from Tailwind's palette in the
// light theme and from theme.css's swap in the dark one.

const sourceCss = cssFile(new URL('./text-source.css', import.meta.url));
const themeCss = cssFile(new URL('../../../app/theme/theme.css', import.meta.url));
const tailwindCss = cssFile(createRequire(import.meta.url).resolve('tailwindcss/theme.css'));

const tailwind = declarations(tailwindCss, '@theme default');
const dark = declarations(themeCss, ':root.dark');
const darkSurface = /:root\.dark \.bg-white \{\s*background-color:\s*([^;]+);/.exec(themeCss)?.[1];

const marks = markStyle() as Record<string, string>;
const tokensOf = (selector: string) =>
  Object.fromEntries(Object.entries(declarations(sourceCss, selector)).map(([name, value]) => [name, resolveVars(value, marks)]));

const THEMES = {
  light: { tokens: tokensOf('.text-source'), page: tailwind['--color-white']!, text: tailwind['--color-slate-800']! },
  dark: { tokens: tokensOf(':root.dark .text-source'), page: resolveVars(darkSurface ?? '', dark), text: dark['--color-slate-800']! },
};

const MARKS = [
  ['highlight', '--source-mark-fill', '--source-mark-line'],
  ['active highlight', '--source-mark-active-fill', '--source-mark-active-line'],
  ['section', '--source-section-fill', '--source-mark-line'],
] as const;

describe.each(Object.entries(THEMES))('a text source, %s theme', (_theme, { tokens, page, text }) => {
  it('reads its colours from the stylesheets', () => {
    // Guards the parsing above: a renamed variable or selector must fail here, not measure nothing.
    expect(Object.keys(tokens)).toHaveLength(5);
    for (const value of Object.values(tokens)) expect(value).toMatch(/^(#|rgb)/);
    expect(page).toMatch(/^(#|oklch)/);
    expect(text).toMatch(/^oklch/);
    expect(contrastRatio(text, page)).toBeGreaterThanOrEqual(7);
  });

  it.each(MARKS)('%s: its line stands out at 3:1 from the page and from its fill; the text stays readable', (_mark, fillVar, lineVar) => {
    const fill = tokens[fillVar]!;
    const line = tokens[lineVar]!;
    expect(contrastRatio(line, page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(line, fill, page)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(text, fill, page)).toBeGreaterThanOrEqual(4.5);
  });

  it('the active highlight is stronger than the others', () => {
    const onPage = (v: string) => contrastRatio(tokens[v]!, page, page);
    expect(onPage('--source-mark-active-fill')).toBeGreaterThan(onPage('--source-mark-fill'));
    expect(contrastRatio(tokens['--source-mark-active-line']!, page)).toBeGreaterThan(contrastRatio(tokens['--source-mark-line']!, page));
  });
});
