import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Box } from '../../../core/model/types.ts';
import { locateInIndex } from '../../../core/locate/locate.ts';
import { syntheticPage } from '../../../core/locate/synthetic.ts';
import { TextIndex } from '../../../core/locate/text-index.ts';
import { drawableBoxes, orderGivenBoxes, passageIndexes, passageStarts } from './regions.ts';

type Tagged = Box & { tag: number };
const box = (page: number, x0: number, y0: number, tag: number): Tagged => ({ page, x0, y0, x1: x0 + 100, y1: y0 + 12, tag });

describe('region order', () => {
  it('keeps a provider’s boxes in their listed order within a page, pages ascending', () => {
    // a passage listed from the foot of the left column to the top of the right one, then a box on page 2 listed first
    const given = [box(2, 72, 100, 0), box(1, 72, 700, 1), box(1, 72, 712, 2), box(1, 320, 90, 3), box(1, 320, 102, 4)];
    expect(orderGivenBoxes(given).map((b) => b.tag)).toEqual([1, 2, 3, 4, 0]);
  });

  it('sorts by page only, stably (property)', () => {
    const arb = fc.array(fc.record({ page: fc.integer({ min: 1, max: 4 }), x0: fc.integer({ min: 0, max: 500 }), y0: fc.integer({ min: 0, max: 700 }) }));
    fc.assert(
      fc.property(arb, (raw) => {
        const boxes = raw.map((r, i) => box(r.page, r.x0, r.y0, i));
        const out = orderGivenBoxes(boxes);
        for (let i = 1; i < out.length; i++) {
          const a = out[i - 1] as Tagged;
          const b = out[i] as Tagged;
          expect(a.page < b.page || (a.page === b.page && a.tag < b.tag)).toBe(true);
        }
      }),
    );
  });

  it('a located quote across two columns starts at the foot of the left column (what the viewer flashes first)', () => {
    const left = ['Vendors must protect their own networks with', 'firewalls and timely patching. Systems that', 'store Company data must not be reachable'];
    const right = ['from the internet unless they are designed', 'to be, such as public web applications.', 'Vendor zones must not have routes to others.'];
    const lines = [...left.map((text, i) => ({ text, x: 72, y: 700 - 14 * i })), ...right.map((text, i) => ({ text, x: 330, y: 700 - 14 * i }))];
    const index = new TextIndex(1);
    index.addPage(syntheticPage(1, lines));
    const r = locateInIndex(index, 'timely patching. Systems that store Company data must not be reachable from the internet unless they are designed to be', {
      page: 1,
    });
    expect(r.found).toBe(true);
    const regions = drawableBoxes(r.rects, 1);
    expect(regions.map((b) => [b.x0 < 306 ? 'left' : 'right', Math.round(b.y0)])).toEqual([
      ['left', 98],
      ['left', 112],
      ['right', 84],
      ['right', 98],
    ]);
  });
});

describe('passages (issue #38: count passages, not lines)', () => {
  const line = (page: number, x0: number, y0: number, x1: number) => ({ page, x0, y0, x1, y1: y0 + 11 });
  it('the lines of one sentence are one passage; the next column and the next page start new ones', () => {
    const boxes = [
      line(4, 213, 432, 277), // the end of a line in the left column
      line(4, 72, 446, 273),
      line(4, 72, 460, 153),
      line(4, 318, 98, 396), // the top of the right column
      line(4, 318, 114, 494),
      line(5, 72, 90, 300), // the next page
    ];
    const passages = passageIndexes(boxes);
    expect(passages).toEqual([0, 0, 0, 1, 1, 2]);
    expect(passageStarts(passages)).toEqual([0, 3, 5]);
  });

  it('a gap of a paragraph is the same passage; a gap of half the page is another', () => {
    expect(passageIndexes([line(1, 72, 100, 500), line(1, 72, 124, 500)])).toEqual([0, 0]);
    expect(passageIndexes([line(1, 72, 100, 500), line(1, 72, 400, 500)])).toEqual([0, 1]);
    expect(passageIndexes([])).toEqual([]);
  });

  it('vertical columns side by side read as one passage', () => {
    const column = (x0: number) => ({ page: 1, x0, y0: 80, x1: x0 + 12, y1: 500 });
    expect(passageIndexes([column(500), column(480), column(460)])).toEqual([0, 0, 0]);
  });
});
