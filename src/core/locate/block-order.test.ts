// The reading order of a page (layout.ts + block-order.ts) is the same as before it was made near-linear: on random
// block layouts and random pages, the new code returns exactly what the old O(n³) code returned (kept as the
// reference in src/testing/layout-reference.ts). And its cost is bounded by counted steps, not by a stopwatch.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refLayoutPage, refOrderBlocks } from '../../testing/layout-reference.ts';
import { MAX_ORDERED_BLOCKS, orderBlocks, type LayoutCost } from './block-order.ts';
import { layoutPage, type Block, type Line } from './layout.ts';
import type { TextRun } from './page-text.ts';
import { syntheticRun } from './synthetic.ts';

const line = (u0: number, u1: number, v: number, size: number, rtl: boolean, dirKey: number): Line => ({ runs: [], dirKey, u0, u1, v, size, rtl });

// Coordinates on a coarse grid with half steps, so that ties, touching edges and the 1-point tolerance all occur.
const blockArb = fc
  .record({
    u0: fc.integer({ min: 0, max: 60 }),
    width: fc.integer({ min: 0, max: 40 }),
    vTop: fc.integer({ min: 0, max: 80 }),
    lineCount: fc.integer({ min: 1, max: 4 }),
    size: fc.constantFrom(4, 5, 6),
    rtl: fc.boolean(),
    dirKey: fc.constantFrom(0, 0, 0, 0, 90),
  })
  .map(({ u0, width, vTop, lineCount, size, rtl, dirKey }): Block => {
    const lines = Array.from({ length: lineCount }, (_, k) =>
      line(u0 * 5, (u0 + width) * 5 + 0.5, vTop * 5 + size * (k + 1), size, rtl && k % 2 === 0, dirKey),
    );
    return { lines, dirKey, u0: u0 * 5, u1: (u0 + width) * 5 + (width % 3 === 0 ? 0.5 : 0), vTop: vTop * 5, vBottom: vTop * 5 + size * lineCount };
  });

/** The order as indices into the input, so two runs over separate copies can be compared. */
function order(fn: (b: Block[]) => Block[], blocks: Block[]): number[] {
  const copy = blocks.map((b) => ({ ...b }));
  return fn([...copy]).map((b) => copy.indexOf(b));
}

const runIds = (blocks: Block[]) => blocks.map((b) => b.lines.map((l) => l.runs.map((g) => g.run)));

const HEBREW = ['שלום', 'עולם', 'מדיניות'];
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'the', 'of', '12.5', '-', 'Total'];
const runArb = fc
  .record({
    words: fc.array(fc.constantFrom(...WORDS, ...HEBREW), { minLength: 1, maxLength: 4 }),
    x: fc.integer({ min: 0, max: 50 }),
    y: fc.integer({ min: 0, max: 70 }),
    size: fc.constantFrom(8, 10, 12),
    angle: fc.constantFrom(0, 0, 0, 0, 0, 90),
  })
  .map(({ words, x, y, size, angle }): TextRun => syntheticRun({ text: words.join(' '), x: x * 12, y: 800 - y * 11, size, angle }));

/** A table: one short run per cell, rows far enough apart that every cell is its own block. */
function tableRuns(rows: number, cols: number): TextRun[] {
  const runs: TextRun[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) runs.push(syntheticRun({ text: `r${r}c${c}`, x: 20 + c * 60, y: 5000 - r * 25, size: 8 }));
  }
  return runs;
}

describe('reading order of blocks: the near-linear code gives the old order', () => {
  it('on random block layouts', () => {
    fc.assert(
      fc.property(fc.array(blockArb, { maxLength: 60 }), (blocks) => {
        expect(order(orderBlocks, blocks)).toEqual(order(refOrderBlocks, blocks));
      }),
      { numRuns: 400 },
    );
  });

  it('on random pages of runs (lines, blocks, columns, right-to-left and rotated text)', () => {
    fc.assert(
      fc.property(fc.array(runArb, { maxLength: 120 }), (runs) => {
        expect(runIds(layoutPage(runs))).toEqual(runIds(refLayoutPage(runs)));
      }),
      { numRuns: 300 },
    );
  });

  it('on a table page of 20 × 20 cells, each its own block', () => {
    const runs = tableRuns(20, 20);
    const blocks = layoutPage(runs);
    expect(blocks).toHaveLength(400);
    expect(runIds(blocks)).toEqual(runIds(refLayoutPage(runs)));
  });
});

describe('the cost of laying out a page, in counted steps', () => {
  it('a 400-cell table page (the whole pairwise order) takes a few steps per pair, not per triple', () => {
    const cost: LayoutCost = { ops: 0 };
    const blocks = layoutPage(tableRuns(20, 20), cost);
    expect(blocks.length).toBeLessThanOrEqual(MAX_ORDERED_BLOCKS);
    const n = blocks.length;
    // the old code looked at every third block for most pairs: about n³ / 4 = 16 million steps here; now each pair
    // looks only at the blocks over one of the two between them (a table column: a few), about 4.4 n² in all
    expect(cost.ops).toBeLessThan(6 * n * n);
  });

  it('a 2,000-cell page lays out in a number of steps linear in its cells', () => {
    const cost: LayoutCost = { ops: 0 };
    const runs = tableRuns(50, 40);
    expect(layoutPage(runs, cost)).toHaveLength(2000);
    // the old block grouping compared every line with every block: 2,000² = 4 million steps
    expect(cost.ops).toBeLessThan(50 * runs.length);
  });

  it('doubling the rows of a table page doubles the steps (no hidden quadratic term past the ordered size)', () => {
    const steps = (rows: number) => {
      const cost: LayoutCost = { ops: 0 };
      layoutPage(tableRuns(rows, 40), cost);
      return cost.ops;
    };
    expect(steps(100)).toBeLessThan(2.2 * steps(50));
  });
});
