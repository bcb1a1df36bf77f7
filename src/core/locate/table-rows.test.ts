// Table rows: column detection reads a table column by column, so a quote copied from a row is found in pdf.js's
// content order (a table drawn row by row) or in rows across the page (a table drawn in any order), before any
// fuzzy matching, and highlighted cell by cell from left to right.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box } from '../model/types.ts';
import { locateInIndex } from './locate.ts';
import type { TextRun } from './page-text.ts';
import { SYNTHETIC_ADVANCE, syntheticPage, syntheticRun } from './synthetic.ts';
import { TextIndex } from './text-index.ts';

const H = 792;
const SIZE = 9;
const X = [72, 180, 250, 330, 410];

interface Cell {
  text: string;
  row: number;
  col: number;
}

const run = (c: Cell): TextRun => syntheticRun({ text: c.text, x: X[c.col] as number, y: 700 - 18 * c.row, size: SIZE });
const box = (c: Cell): Box => ({
  page: 1,
  x0: X[c.col] as number,
  x1: (X[c.col] as number) + c.text.length * SIZE * SYNTHETIC_ADVANCE,
  y0: H - (700 - 18 * c.row + 0.8 * SIZE),
  y1: H - (700 - 18 * c.row - 0.2 * SIZE),
});

function table(rows: string[][]): Cell[][] {
  return rows.map((cells, row) => cells.map((text, col) => ({ text, row, col })));
}

function indexOf(cells: Cell[]): TextIndex {
  const index = new TextIndex(1);
  index.addPage({ ...syntheticPage(1, []), runs: cells.map(run) });
  return index;
}

const near = (got: Box[], want: Box[]) => {
  expect(got).toHaveLength(want.length);
  got.forEach((b, k) => {
    for (const side of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(b[side] - (want[k] as Box)[side]), `rect ${k} ${side}`).toBeLessThan(0.01);
  });
};

const ROWS = table([
  ['Region', 'Sites', 'Staff', 'Incidents', 'Rate'],
  ['North America', '14', '1,240', '37', '3.0'],
  ['Latin America', '6', '410', '12', '2.9'],
  ['Western Europe', '11', '980', '21', '2.1'],
]);

describe('table rows', () => {
  it('finds a row of a table drawn row by row word for word, cell by cell from the left', () => {
    const r = locateInIndex(indexOf(ROWS.flat()), 'Latin America 6 410 12 2.9', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, (ROWS[2] as Cell[]).map(box));
  });

  it('finds a row of a table drawn column by column', () => {
    const byColumn = X.flatMap((_, col) => ROWS.map((row) => row[col] as Cell));
    const r = locateInIndex(indexOf(byColumn), 'Western Europe 11 980 21', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, (ROWS[3] as Cell[]).slice(0, 4).map(box));
  });

  it('finds a row whose cells are centred beside a wrapped cell in the order the PDF draws them', () => {
    // one-line cells centred on a two-line cell: no common baseline, only the content order has the row
    const runs = [
      syntheticRun({ text: 'Asia Pacific', x: 72, y: 594.5, size: SIZE }),
      syntheticRun({ text: '9', x: 180, y: 594.5, size: SIZE }),
      syntheticRun({ text: 'Two sites closed', x: 250, y: 600, size: SIZE }),
      syntheticRun({ text: 'in the third quarter', x: 250, y: 589, size: SIZE }),
      syntheticRun({ text: 'Latin America', x: 72, y: 570, size: SIZE }),
      syntheticRun({ text: '6', x: 180, y: 570, size: SIZE }),
      syntheticRun({ text: 'New site in Lima', x: 250, y: 570, size: SIZE }),
    ];
    const index = new TextIndex(1);
    index.addPage({ ...syntheticPage(1, []), runs });
    const r = locateInIndex(index, 'Asia Pacific 9 Two sites closed in the third quarter', { page: 1 });
    expect(r.score).toBe(1);
    expect(r.rects.map((b) => Math.round(b.x0))).toEqual([72, 180, 250, 250]);
  });

  it('does not make a row up from cells of different rows', () => {
    const r = locateInIndex(indexOf(ROWS.flat()), 'Latin America 11 980 21 2.1', { page: 1 });
    expect(r.score).toBeLessThan(1);
  });

  it('finds any stretch of any row, whatever order the cells are drawn in', () => {
    // all of one length, so that a quote can only match whole cells (no "a3" inside "a30")
    const token = fc.tuple(fc.constantFrom('a', 'b', 'k', 'm', 'x'), fc.integer({ min: 0, max: 9999 })).map(([l, n]) => `${l}${String(n).padStart(4, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 5 }),
        fc.uniqueArray(token, { minLength: 40, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.infiniteStream(fc.nat()),
        (rowCount, colCount, tokens, rowSeed, fromSeed, lengthSeed, order) => {
          const cells = table(Array.from({ length: rowCount }, (_, r) => tokens.slice(r * colCount, (r + 1) * colCount)));
          const row = cells[rowSeed % rowCount] as Cell[];
          const from = fromSeed % (colCount - 1);
          const to = Math.min(colCount, from + 2 + (lengthSeed % colCount));
          const drawn = cells.flat();
          const draws = order.take(drawn.length);
          for (let i = drawn.length - 1; i > 0; i--) {
            const j = (draws.next().value as number) % (i + 1);
            [drawn[i], drawn[j]] = [drawn[j] as Cell, drawn[i] as Cell];
          }
          const quote = row
            .slice(from, to)
            .map((c) => c.text)
            .join(' ');
          const r = locateInIndex(indexOf(drawn), quote, { page: 1 });
          expect(r.score).toBe(1);
          near(r.rects, row.slice(from, to).map(box));
        },
      ),
      { numRuns: 120 },
    );
  });
});
