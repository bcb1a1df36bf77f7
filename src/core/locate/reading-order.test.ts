// The locator returns a quote's rectangles in reading order (the viewer shows and flashes the first one and steps
// through the rest in that order): across columns, right-to-left columns, page breaks and running heads and feet.
import { describe, expect, it } from 'vitest';
import type { Box } from '../model/types.ts';
import { locateInIndex } from './locate.ts';
import type { PageText, TextRun } from './page-text.ts';
import { SYNTHETIC_ADVANCE, syntheticPage, syntheticRun, type SyntheticLine } from './synthetic.ts';
import { TextIndex } from './text-index.ts';

function indexOf(...pages: PageText[]): TextIndex {
  const index = new TextIndex(pages.length);
  for (const p of pages) index.addPage(p);
  return index;
}

const column = (texts: string[], x: number, top = 700): SyntheticLine[] => texts.map((text, i) => ({ text, x, y: top - 14 * i }));
const side = (b: Box) => (b.x0 < 306 ? 'left' : 'right');

const LEFT = ['Vendors must protect their own networks with', 'firewalls, intrusion detection and timely', 'patching. Systems that store Company data'];
const RIGHT = ['must not be reachable from the internet', 'unless they are designed to be, such as', 'public web applications behind a firewall.'];

describe('reading order of located rectangles', () => {
  it('runs from the foot of the left column to the top of the right one', () => {
    const index = indexOf(syntheticPage(1, [...column(LEFT, 72), ...column(RIGHT, 330)]));
    const r = locateInIndex(index, 'timely patching. Systems that store Company data must not be reachable from the internet unless', { page: 1 });
    expect(r.score).toBe(1);
    expect(r.rects.map((b) => [side(b), Math.round(b.y0)])).toEqual([
      ['left', 98],
      ['left', 112],
      ['right', 84],
      ['right', 98],
    ]);
  });

  it('never reads a running head or foot between two columns, even for an approximate quote', () => {
    const lines: SyntheticLine[] = [
      { text: 'Halverson Logistics | Vendor Security Policy', x: 54, y: 752, size: 8 },
      { text: 'INTERNAL', x: 520, y: 752, size: 8 },
      ...column(LEFT, 72),
      ...column(RIGHT, 330),
      { text: 'Vendor Security Policy - Version 2026-03', x: 54, y: 30, size: 8 },
      { text: 'Page 4 of 15', x: 512, y: 30, size: 8 },
    ];
    const index = indexOf(syntheticPage(1, lines));
    // one word differs from the page ("routinely" for "timely"): the closest passage the fuzzy alignment finds (not
    // found: a word changed), which covers everything between its first and last matched words
    const r = locateInIndex(index, 'routinely patching. Systems that store Company data must not be reachable from the internet unless', { page: 1 });
    expect(r.found).toBe(false);
    const closest = r.closest!;
    expect(closest.score).toBeLessThan(1);
    expect(closest.differences.map((d) => [d.kind, d.quote, d.document])).toEqual([['word', 'routinely', 'timely']]);
    expect(closest.rects.every((b) => b.y0 > 60 && b.y1 < 760)).toBe(true); // nothing on the head or foot
    expect(closest.rects.map(side)).toEqual(['left', 'right', 'right']);
  });

  describe('on a page of three columns with a running foot set close under them', () => {
    const A = ['Vendors must protect their own', 'networks with firewalls and', 'intrusion detection and timely'];
    const B = ['patching. Systems that store', 'Company data must not be', 'reachable from the internet'];
    const C = ['unless they are designed to', 'be, such as public web apps', 'behind a firewall of their own.'];
    const col = (texts: string[], x: number): SyntheticLine[] => texts.map((text, i) => ({ text, x, y: 700 - 14 * i, size: 9 }));
    // 14 to 16 pt under the last baseline: closer than two of the foot's lines; drawn between the middle and the
    // right column, so that pdf.js's content order (reading-orders.ts) cannot stand in for the page's order
    const page = syntheticPage(1, [
      ...col(A, 54),
      ...col(B, 240),
      { text: 'Vendor Security Policy', x: 54, y: 658, size: 8 },
      { text: '4', x: 300, y: 656, size: 8 },
      ...col(C, 426),
    ]);
    const third = (b: Box) => (b.x0 < 230 ? 1 : b.x0 < 420 ? 2 : 3);
    const body = (b: Box) => b.y1 < 792 - 660;

    it('finds a quote running from one column into the next word for word, without the foot', () => {
      for (const [quote, columns] of [
        ['reachable from the internet unless they are designed', [2, 3]],
        ['detection and timely patching. Systems that store', [1, 2]],
      ] as const) {
        const r = locateInIndex(indexOf(page), quote, { page: 1 });
        expect(r.score, quote).toBe(1);
        expect(r.rects.every(body), quote).toBe(true);
        expect(r.rects.map(third), quote).toEqual(columns);
      }
    });

    it('keeps the foot out of an approximate quote across columns too', () => {
      // "Sistems" and "desined": found by the fuzzy alignment, which highlights all between its first and last words
      for (const quote of ['and timely patching. Sistems that store', 'store Company data must not be reachable from the internet unless they are desined']) {
        const r = locateInIndex(indexOf(page), quote, { page: 1 });
        expect(r.found, quote).toBe(true);
        expect(r.rects.every(body), quote).toBe(true);
      }
    });
  });

  it('reads right-to-left columns from the right column first', () => {
    const right = ['הספק ישמור את הנתונים', 'בשרתים מוצפנים ויגבה'];
    const left = ['אותם מדי יום במיקום', 'נפרד מהשרתים הראשיים'];
    const rtlColumn = (texts: string[], rightEdge: number) =>
      texts.map((text, i) => ({ text, x: rightEdge - text.length * 10 * SYNTHETIC_ADVANCE, y: 700 - 14 * i }));
    const index = indexOf(syntheticPage(1, [...rtlColumn(left, 280), ...rtlColumn(right, 540)]));
    const r = locateInIndex(index, 'מוצפנים ויגבה אותם מדי יום', { page: 1 });
    expect(r.score).toBe(1);
    expect(r.rects.map(side)).toEqual(['right', 'left']);
    // each on its words: the end of the right column's last line is its LEFT end, the left column starts at its right end
    const [first, second] = r.rects as [Box, Box];
    expect(first.x0).toBeCloseTo(540 - right[1]!.length * 5, 0);
    expect(second.x1).toBeCloseTo(280, 0);
  });

  it('runs from the foot of one page onto the next', () => {
    const p1 = syntheticPage(1, column(['The retention period for audit logs is', 'at least twelve months from the date'], 72, 100));
    const p2 = syntheticPage(2, column(['of the event, after which they are deleted.', 'Backups follow the same schedule.'], 72, 720));
    const r = locateInIndex(indexOf(p1, p2), 'at least twelve months from the date of the event', { page: 1 });
    expect(r.score).toBe(1);
    expect(r.rects.map((b) => b.page)).toEqual([1, 2]);
  });

  it('reads a Latin phrase drawn as separate runs inside a Hebrew line left to right', () => {
    // visual order, left to right: "אירופה באזור" | Amazon | Web | Services | "השירות פועל בענן"
    const size = 10;
    const pieces = ['באזור אירופה', 'Amazon', 'Web', 'Services', 'השירות פועל בענן'];
    const runs: TextRun[] = [];
    let x = 100;
    for (const text of pieces) {
      runs.push(syntheticRun({ text, x, y: 700, size }));
      x += text.length * size * SYNTHETIC_ADVANCE + 3;
    }
    // content order as a typesetter might emit it: right to left
    const page: PageText = { ...syntheticPage(1, []), runs: runs.reverse() };
    const r = locateInIndex(indexOf(page), 'בענן Amazon Web Services באזור', { page: 1 });
    expect(r.score).toBe(1);
    expect(r.rects).toHaveLength(1);
  });
});
