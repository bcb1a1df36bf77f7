import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../core/color/contrast.ts';
import { PAGE_PALETTES, PAGE_THEMES, pdfPageColors } from './page-palette.ts';

// The viewer's mark colours, measured as WCAG contrast on each page colour: the line that outlines a mark (its
// visible edge) must stand at 3:1 or more against the page (non-text contrast, 1.4.11) and against the mark's own
// fill, and the page's text must stay readable through the fill (4.5:1).

const MARKS = ['highlight', 'activeHighlight', 'find', 'currentFind'] as const;

describe.each(PAGE_THEMES)('the %s page', (theme) => {
  const p = PAGE_PALETTES[theme];

  it.each(MARKS)('%s: its line stands out at 3:1 from the page and from its fill; the text stays readable', (mark) => {
    // A translucent fill is measured as it looks: composited over the page (contrastRatio's third argument).
    const { fill, line } = p[mark];
    expect(contrastRatio(line, p.background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(line, fill, p.background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(p.foreground, fill, p.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('the active highlight is stronger than the others (its fill and its line are further from the page)', () => {
    expect(contrastRatio(p.activeHighlight.fill, p.background, p.background)).toBeGreaterThan(contrastRatio(p.highlight.fill, p.background, p.background));
    expect(contrastRatio(p.activeHighlight.line, p.background)).toBeGreaterThan(contrastRatio(p.highlight.line, p.background));
  });

  it('the page text itself reads at 7:1 or more', () => {
    expect(contrastRatio(p.foreground, p.background)).toBeGreaterThanOrEqual(7);
  });
});

describe('page colours', () => {
  it('paper leaves the PDF as it is; night is pdf.js page colours, dark background, light text', () => {
    expect(pdfPageColors('paper')).toBeUndefined();
    const night = pdfPageColors('night');
    expect(night).toEqual({ background: PAGE_PALETTES.night.background, foreground: PAGE_PALETTES.night.foreground });
  });

  it("viewer.css paints an unpainted night page in the palette's background", () => {
    const css = readFileSync(new URL('../viewer.css', import.meta.url), 'utf8');
    const rule = /\[data-page-theme='night'\] \.viewer-page\s*\{[^}]*background:\s*([^;]+);/.exec(css);
    expect(rule?.[1]?.trim()).toBe(PAGE_PALETTES.night.background);
  });
});
