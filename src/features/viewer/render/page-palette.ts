import type { CSSProperties } from 'react';

// The colours of a PDF page and of what the viewer draws on it: the citation highlights and the find matches.
// `paper` is the PDF as printed (white); `night` recolours the page for reading in the dark through pdf.js's own
// page colours (`page.render({ pageColors })`, the mechanism of pdf.js's high-contrast mode: the page is drawn in
// shades between `foreground` and `background`), not a CSS invert, which would turn yellow highlights blue.
//
// Every mark has a translucent fill (the words stay readable under it) and a solid line (an underline, a ring when
// active) that keeps at least 3:1 against the page (WCAG 1.4.11): page-palette.test.ts computes the contrasts of
// these exact values. The values reach the CSS as custom properties on the pages container (viewer.css, find.css).
//
// This file is the one source of the viewer's mark colours: no stylesheet writes one as a literal
// (viewer-colours.test.ts). A TypeScript module rather than Tailwind's theme because pdf.js takes the page colours as
// values (`pageColors`), the contrast tests compute on them, and the page's palette follows the page theme (the
// reader's *Night pages*), not the app's: inline custom properties carry it to the one subtree it applies to.

export const PAGE_THEMES = ['paper', 'night'] as const;
export type PageTheme = (typeof PAGE_THEMES)[number];

export interface MarkColours {
  /** Translucent: composited over the page. */
  fill: string;
  /** Opaque: the underline (inactive) or ring (active). */
  line: string;
}

export interface PagePalette {
  /** What pdf.js paints as white, and the page placeholder's colour (viewer.css repeats it: see the test). */
  background: string;
  /** What pdf.js paints as black: the text. */
  foreground: string;
  /** `multiply` on paper keeps black text black under the fill; on a dark page it would swallow the fill. */
  blend: 'multiply' | 'normal';
  highlight: MarkColours;
  activeHighlight: MarkColours;
  find: MarkColours;
  currentFind: MarkColours;
  /** A Markdown or text source's section-only citation: a quieter tint than a passage's (text-source.css). */
  sectionFill: string;
}

export const PAGE_PALETTES: Readonly<Record<PageTheme, PagePalette>> = {
  paper: {
    background: '#ffffff',
    foreground: '#000000',
    blend: 'multiply',
    // yellow-400 fill, amber-700 line (the old fill alone was 1.2:1 on white, the old ring 1.75:1)
    highlight: { fill: 'rgb(250 204 21 / 0.38)', line: '#b45309' },
    activeHighlight: { fill: 'rgb(250 204 21 / 0.5)', line: '#92400e' },
    // sky: never read as a citation; the current match orange with a ring
    find: { fill: 'rgb(56 189 248 / 0.35)', line: '#0369a1' },
    currentFind: { fill: 'rgb(249 115 22 / 0.4)', line: '#c2410c' },
    sectionFill: 'rgb(250 204 21 / 0.2)',
  },
  night: {
    background: '#1a1b1e',
    foreground: '#dcdad5',
    blend: 'normal',
    highlight: { fill: 'rgb(250 204 21 / 0.26)', line: '#eab308' },
    activeHighlight: { fill: 'rgb(250 204 21 / 0.36)', line: '#fde047' },
    find: { fill: 'rgb(56 189 248 / 0.28)', line: '#38bdf8' },
    currentFind: { fill: 'rgb(249 115 22 / 0.36)', line: '#fb923c' },
    sectionFill: 'rgb(250 204 21 / 0.14)',
  },
};

/**
 * The marks' colours that are the same on every page: the arrival flash (a bright fill and a ring that widens and
 * fades) and the red frame on a word that differs from the quote (rose-700, not colour alone: a thick underline too).
 */
export const MARK_ACCENTS = {
  flashFill: 'rgb(250 204 21 / 0.8)',
  flashRingStart: 'rgb(234 179 8 / 0.9)',
  flashRingWide: 'rgb(234 179 8 / 0.35)',
  /** The flash's last frame, and the ring of an active mark off a PDF page (a source card's). */
  ring: 'rgb(234 179 8 / 0.85)',
  difference: 'rgb(190 18 60)',
} as const;

/** pdf.js's `pageColors` for a theme: none for paper (the PDF's own colours, drawn as fast as ever). */
export function pdfPageColors(theme: PageTheme): { background: string; foreground: string } | undefined {
  if (theme === 'paper') return undefined;
  const { background, foreground } = PAGE_PALETTES[theme];
  return { background, foreground };
}

/**
 * The custom properties of the marks off a PDF page, set on the viewer's root: the accents, and both themes'
 * highlight colours (`--paper-*`, `--night-*`), of which text-source.css picks by the app's theme (`:root.dark`),
 * since a text source's page is the app's surface, not a PDF page. The PDF pages read `paletteStyle` instead.
 */
export function markStyle(): CSSProperties {
  const style: Record<string, string> = {
    '--mark-flash-fill': MARK_ACCENTS.flashFill,
    '--mark-flash-ring-start': MARK_ACCENTS.flashRingStart,
    '--mark-flash-ring-wide': MARK_ACCENTS.flashRingWide,
    '--mark-ring': MARK_ACCENTS.ring,
    '--mark-difference': MARK_ACCENTS.difference,
  };
  for (const theme of PAGE_THEMES) {
    const p = PAGE_PALETTES[theme];
    style[`--${theme}-highlight-fill`] = p.highlight.fill;
    style[`--${theme}-highlight-line`] = p.highlight.line;
    style[`--${theme}-highlight-active-fill`] = p.activeHighlight.fill;
    style[`--${theme}-highlight-active-line`] = p.activeHighlight.line;
    style[`--${theme}-section-fill`] = p.sectionFill;
  }
  return style as CSSProperties;
}

/** The palette as the custom properties viewer.css and find.css read, set once on the pages container. */
export function paletteStyle(theme: PageTheme): CSSProperties {
  const p = PAGE_PALETTES[theme];
  return {
    '--mark-blend': p.blend,
    '--highlight-fill': p.highlight.fill,
    '--highlight-line': p.highlight.line,
    '--highlight-active-fill': p.activeHighlight.fill,
    '--highlight-active-line': p.activeHighlight.line,
    '--find-fill': p.find.fill,
    '--find-line': p.find.line,
    '--find-current-fill': p.currentFind.fill,
    '--find-current-line': p.currentFind.line,
  } as CSSProperties;
}
