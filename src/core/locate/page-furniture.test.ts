// Running heads and feet told line by line (page-furniture.ts): a foot set close under the columns is still a foot,
// and the body's own last line is not one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateInIndex } from './locate.ts';
import { makeLine, runGeom } from './line-geometry.ts';
import { furnitureLines } from './page-furniture.ts';
import { syntheticPage, syntheticRun, type SyntheticLine } from './synthetic.ts';
import { TextIndex } from './text-index.ts';

/** One line per synthetic line (each a single run). */
const lines = (specs: SyntheticLine[]) => specs.map((s, i) => makeLine(runGeom(syntheticRun(s), i) as NonNullable<ReturnType<typeof runGeom>>));

const body = (top: number, count: number, x = 72): SyntheticLine[] =>
  Array.from({ length: count }, (_, i) => ({ text: `line ${i} of the body text here`, x, y: top - 12 * i, size: 10 }));

describe('running heads and feet, line by line', () => {
  it('takes a smaller page number set one line under the text for a foot, and a smaller head above it for a head', () => {
    // the body's last baseline is at 720 − 12 × 19 = 492
    const page = [{ text: 'Vendor Security Policy', x: 72, y: 740, size: 8 }, ...body(720, 20), { text: '4', x: 300, y: 492 - 16, size: 8 }];
    expect([...furnitureLines(lines(page))]).toEqual([-1, ...new Array<number>(20).fill(0), 1]);
  });

  it('leaves the body alone: a last line one blank line down in the body size, a closing note in smaller type', () => {
    const lastLine = [...body(720, 20), { text: 'A short last paragraph.', x: 72, y: 492 - 24, size: 10 }];
    expect([...furnitureLines(lines(lastLine))].every((b) => b === 0)).toBe(true);
    const note = [...body(720, 20), { text: 'Note: figures are rounded.', x: 72, y: 492 - 12, size: 9 }];
    expect([...furnitureLines(lines(note))].every((b) => b === 0)).toBe(true);
  });

  it('never lets a foot under a column of three take part in a quote that crosses columns', () => {
    // four words a line: a line is narrower than its column (synthetic glyphs are half an em wide)
    const words = (n: number, col: number) => Array.from({ length: 4 }, (_, w) => `c${col}l${n}w${w}`).join(' ');
    fc.assert(
      fc.property(
        fc.integer({ min: 9, max: 11 }),
        fc.constantFrom(6, 7, 8),
        // the foot sits at least 14 pt under the last baseline: nearer than that it is set like one more line
        fc.integer({ min: 14, max: 40 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 1 }),
        (size, footSize, drop, footCol, from) => {
          const cols = [54, 240, 426];
          const runs = cols.flatMap((x, c) => Array.from({ length: 8 }, (_, n) => syntheticRun({ text: words(n, c), x, y: 700 - size * 1.3 * n, size })));
          const lastBaseline = 700 - size * 1.3 * 7;
          const foot = syntheticRun({ text: 'Page 4 of 15', x: (cols[footCol] as number) + 40, y: lastBaseline - drop, size: footSize });
          // the foot drawn right after the column the quote starts in: only the page's geometry can tell it apart
          runs.splice(8 * (from + 1), 0, foot);
          const index = new TextIndex(1);
          index.addPage({ ...syntheticPage(1, []), runs });
          const quote = `${words(7, from).split(' ').slice(2).join(' ')} ${words(0, from + 1)
            .split(' ')
            .slice(0, 2)
            .join(' ')}`;
          const r = locateInIndex(index, quote, { page: 1 });
          expect(r.score).toBe(1);
          expect(r.rects).toHaveLength(2);
          expect(r.rects.every((b) => b.y1 <= 792 - lastBaseline + 0.25 * size)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
