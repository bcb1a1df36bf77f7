// Vertical text (Japanese set top to bottom, columns right to left): pdf.js gives each column as one run marked
// `ttb`; the locator reads the columns right to left and draws each rectangle on its column's glyphs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box } from '../model/types.ts';
import { locateInIndex } from './locate.ts';
import type { PageText } from './page-text.ts';
import { syntheticColumn, syntheticPage, syntheticRun } from './synthetic.ts';
import { TextIndex } from './text-index.ts';

const H = 792;

interface Col {
  text: string;
  x: number;
  top: number;
  size: number;
}

function indexOf(cols: Col[], extra: PageText['runs'] = []): TextIndex {
  const index = new TextIndex(1);
  index.addPage({ ...syntheticPage(1, []), runs: [...cols.map(syntheticColumn), ...extra] });
  return index;
}

/** The canonical box of characters [i, j) of a column (one em each, centred on the column's line). */
function cells(c: Col, i: number, j: number): Box {
  return { page: 1, x0: c.x - c.size / 2, x1: c.x + c.size / 2, y0: H - (c.top - i * c.size), y1: H - (c.top - j * c.size) };
}

/** Columns right to left from x = 500, `pitch` apart, each starting at `top`. */
function columns(texts: string[], opts: { size?: number; pitch?: number; top?: number; right?: number } = {}): Col[] {
  const size = opts.size ?? 12;
  return texts.map((text, i) => ({ text, x: (opts.right ?? 500) - i * (opts.pitch ?? size * 1.75), top: opts.top ?? 720, size }));
}

const near = (got: Box[], want: Box[]) => {
  expect(got).toHaveLength(want.length);
  got.forEach((b, k) => {
    const w = want[k] as Box;
    for (const side of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(b[side] - w[side]), `rect ${k} ${side}`).toBeLessThan(0.01);
  });
};

const COLS = ['委託先は当社から預かった個人', 'データを契約の目的の範囲内での', 'み取り扱いそれ以外の目的に利用'];

describe('vertical text', () => {
  it('draws a quote inside one column on its characters, not as a strip the length of the column', () => {
    const cols = columns(COLS);
    const r = locateInIndex(indexOf(cols), '契約の目的', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, [cells(cols[1] as Col, 4, 9)]);
  });

  it('runs from the foot of a column to the top of the column on its left', () => {
    const cols = columns(COLS);
    const r = locateInIndex(indexOf(cols), '範囲内でのみ取り扱い', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, [cells(cols[1] as Col, 10, 15), cells(cols[2] as Col, 0, 5)]);
  });

  it('reads right to left whatever order the columns are drawn in', () => {
    const cols = columns(COLS);
    const r = locateInIndex(indexOf([...cols].reverse()), '預かった個人データを契約', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, [cells(cols[0] as Col, 8, 14), cells(cols[1] as Col, 0, 6)]);
  });

  it('reads a page of two tiers: the upper tier right to left, then the lower one', () => {
    const upper = columns(['委託先が再委託を行う', '場合には事前に当社の'], { top: 720 });
    const lower = columns(['書面による承諾を得な', 'ければならない'], { top: 560 });
    // drawn lower tier first, so that only the geometry can tell the order
    const r = locateInIndex(indexOf([...lower, ...upper]), '事前に当社の書面による承諾', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, [cells(upper[1] as Col, 4, 10), cells(lower[0] as Col, 0, 7)]);
  });

  it('keeps a horizontal page number out of the columns', () => {
    const cols = columns(COLS);
    const r = locateInIndex(indexOf(cols, [syntheticRun({ text: '12', x: 440, y: 40, size: 9 })]), '個人データ', { page: 1 });
    expect(r.score).toBe(1);
    near(r.rects, [cells(cols[0] as Col, 12, 14), cells(cols[1] as Col, 0, 3)]);
  });

  it('locates any stretch of flowed vertical text on its characters, column after column to the left', () => {
    const ideograph = fc.integer({ min: 0x4e00, max: 0x4e00 + 3000 }).map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(
        fc.array(ideograph, { minLength: 30, maxLength: 160 }),
        fc.integer({ min: 6, max: 30 }),
        fc.constantFrom(9, 10.5, 12, 14),
        fc.double({ min: 1.3, max: 2.2, noNaN: true }),
        fc.nat(),
        fc.integer({ min: 4, max: 40 }),
        fc.boolean(),
        (chars, perColumn, size, pitch, startSeed, length, reversed) => {
          const texts: string[] = [];
          for (let i = 0; i < chars.length; i += perColumn) texts.push(chars.slice(i, i + perColumn).join(''));
          const cols = columns(texts, { size, pitch: size * pitch, right: 560 });
          const start = startSeed % chars.length;
          const end = Math.min(chars.length, start + length);
          const quote = chars.slice(start, end).join('');
          const all = chars.join('');
          fc.pre(end - start >= 4 && all.indexOf(quote) === all.lastIndexOf(quote));
          const r = locateInIndex(indexOf(reversed ? [...cols].reverse() : cols), quote, { page: 1 });
          expect(r.score).toBe(1);
          const want: Box[] = [];
          for (let c = Math.floor(start / perColumn); c * perColumn < end; c++) {
            const i = Math.max(start, c * perColumn) - c * perColumn;
            const j = Math.min(end, (c + 1) * perColumn) - c * perColumn;
            want.push(cells(cols[c] as Col, i, j));
          }
          near(r.rects, want);
        },
      ),
      { numRuns: 150 },
    );
  });
});
