// The generated layout fixtures are what they claim to be, read by pdf.js exactly as the CLI and the viewer read
// them: the Japanese columns are vertical text items (`ttb`, a vertical font), each the length of its characters'
// vertical advances; the upper table is drawn row by row and the lower one column by column.
import { describe, expect, it } from 'vitest';
import { loadPdf } from '../../src/node/load-pdf.ts';
import { buildTableFixture } from './tables.ts';
import { buildVerticalFixture } from './vertical-cjk.ts';

describe('layout fixtures as pdf.js reads them', () => {
  it('sets the Japanese text as vertical items, one per column, right to left', { timeout: 30_000 }, async () => {
    const { bytes } = await buildVerticalFixture();
    const pdf = await loadPdf(bytes);
    try {
      const page = await pdf.getPageText(1);
      const columns = page.runs.filter((r) => /\S/u.test(r.str) && r.dir === 'ttb');
      const horizontal = page.runs.filter((r) => /\S/u.test(r.str) && r.dir !== 'ttb');
      expect(horizontal.map((r) => r.str)).toEqual(['1']); // the page number, set across
      expect(columns.length).toBeGreaterThan(8);
      for (const c of columns) {
        expect(page.styles?.[c.fontName ?? '']?.vertical).toBe(true);
        const size = c.transform[3] as number;
        // pdf.js: the font size in `width`, the column's length in `height`, shorter than one em per character
        // here, since this proportional font advances kana and punctuation less (its vmtx, written as /W2)
        expect(c.width).toBeCloseTo(size, 5);
        expect(c.height).toBeGreaterThan(0.5 * size * [...c.str].length);
        expect(c.height).toBeLessThan(1.001 * size * [...c.str].length);
      }
      // columns are drawn right to left: each starts left of the one before
      const xs = columns.map((c) => c.transform[4] as number);
      expect(xs.slice(1).every((x, i) => x < (xs[i] as number))).toBe(true);
    } finally {
      await pdf.close();
    }
  });

  it('draws the upper table row by row and the lower one column by column', async () => {
    const { bytes } = await buildTableFixture();
    const pdf = await loadPdf(bytes);
    try {
      const text = (await pdf.getPageText(1)).runs
        .map((r) => r.str)
        .filter((s) => /\S/u.test(s))
        .join('|');
      expect(text).toContain('Latin America|6|410|12|2.9 %|New site in Lima');
      expect(text).toContain('Quarter|Q1 2025|Q2 2025|Q3 2025|Q4 2025|Requests');
    } finally {
      await pdf.close();
    }
  });
});
