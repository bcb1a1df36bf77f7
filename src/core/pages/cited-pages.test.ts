import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../model/answer-model.ts';
import type { Answer } from '../model/types.ts';
import { citedPagesInOrder, foundPagesOf, markersByPage, pageCitations, sameFoundPages, withFoundPages, type PageCitation } from './cited-pages.ts';

const answer: Answer = {
  id: 'a',
  text: 'Suppliers are screened [1]. Contracts say so [2][3]. Again [1]. Elsewhere [4]. Nowhere [9].',
  documents: [
    { id: 'hb', title: 'Handbook', url: '/d/hb' },
    { id: 'other', title: 'Other', url: '/d/other' },
  ],
  sources: [
    { id: 'S1', documentId: 'hb', pageLabel: 'iii', quote: 'screened' },
    { id: 'S2', documentId: 'hb', page: 5, pageEnd: 6, quote: 'contracts' },
    { id: 'S3', documentId: 'hb', boxes: [{ page: 6, x0: 0, y0: 0, x1: 1, y1: 1 }] },
    { id: 'S4', documentId: 'other', page: 2 },
  ],
};

describe('pageCitations', () => {
  it('lists the cited sources of one document with their markers, pages, labels and the quote a click looks for', () => {
    const model = buildAnswerModel(answer);
    expect(pageCitations(model, 'hb')).toEqual([
      // Named only by its printed label: its page is the viewer's to find, and its quote is not located ahead.
      { sourceId: 'S1', markers: ['1'], pages: [], pageLabel: 'iii' },
      { sourceId: 'S2', markers: ['2'], pages: [5, 6], quote: { quote: 'contracts', page: 5, pageEnd: 6 } },
      { sourceId: 'S3', markers: ['3'], pages: [6] },
    ]);
    expect(pageCitations(model, 'other')).toEqual([{ sourceId: 'S4', markers: ['4'], pages: [2] }]);
    expect(pageCitations(model, 'missing')).toEqual([]);
  });
});

describe('markersByPage', () => {
  const model = buildAnswerModel(answer);
  const citations = pageCitations(model, 'hb');

  it('puts each marker on its pages, a printed label on the page that carries it', () => {
    const map = markersByPage(citations, ['i', 'ii', 'iii', '1', '2', '3'], 6);
    expect(Object.fromEntries(map)).toEqual({ 3: ['1'], 5: ['2'], 6: ['2', '3'] });
  });

  it('gives no badge for a label the document does not print, nor for pages it does not have', () => {
    const map = markersByPage(citations, null, 5);
    expect(Object.fromEntries(map)).toEqual({ 5: ['2'] });
  });
});

describe('the pages made ready to draw', () => {
  const quoteOnly: PageCitation = { sourceId: 'Q', markers: ['5'], pages: [] };
  const named = pageCitations(buildAnswerModel(answer), 'hb');
  const rect = { page: 9, x0: 0, y0: 0, x1: 1, y1: 1 };

  it("takes a quote-only source's page from the checks, and a page found elsewhere than the one named, never the named page again", () => {
    const found = foundPagesOf([quoteOnly, ...named], {
      Q: { status: { kind: 'located', page: 9, pageEnd: 10, rects: [rect] } },
      S2: { status: { kind: 'approximate', score: 0.9, page: 5, rects: [], text: 'contracts' } },
      S3: { status: { kind: 'wrong-page', score: 1, foundPage: 12, claimedPages: [6], rects: [], text: 'x' } },
    });
    expect(found).toEqual([[9, 10], null, null, [12]]);
    // A range longer than one page break is a bad result: its first page only.
    expect(foundPagesOf([quoteOnly], { Q: { status: { kind: 'located', page: 3, pageEnd: 40, rects: [] } } })).toEqual([[3]]);
    expect(foundPagesOf([quoteOnly], { Q: { status: { kind: 'pending' } } })).toEqual([null]);
  });

  it('adds found pages after the named ones, in the order the answer cites, once each and inside the document', () => {
    const citations = withFoundPages([quoteOnly, ...named], [[9, 10], null, null, [6, 7]]);
    expect(citations[0]).toEqual({ ...quoteOnly, foundPages: [9, 10] });
    expect(citedPagesInOrder(citations, ['i', 'ii', 'iii', '1', '2', '3', '4', '5', '6', '7'], 9)).toEqual([9, 3, 5, 6, 7]);
    // Nothing found: the same array, so the viewer is not rendered again for nothing.
    expect(withFoundPages(named, [null, null, null])).toBe(named);
  });
});

describe('sameFoundPages', () => {
  // The viewer pane kept the found pages as their JSON, so that only a new page found gave the viewer new citations;
  // this comparison replaced that round trip and must say exactly what comparing the JSON said.
  const found = fc.array(fc.option(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }), { nil: null }), { maxLength: 4 });

  it('says the same as comparing the two lists as JSON', () => {
    fc.assert(
      fc.property(found, found, (a, b) => {
        expect(sameFoundPages(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
      }),
    );
  });

  it('holds a list the same as a copy of it, and tells a page moved, added or lost', () => {
    fc.assert(fc.property(found, (a) => sameFoundPages(a, structuredClone(a))));
    expect(sameFoundPages([[3], null], [[4], null])).toBe(false);
    expect(sameFoundPages([[3], null], [[3, 4], null])).toBe(false);
    expect(sameFoundPages([[3], null], [[3], [5]])).toBe(false);
    expect(sameFoundPages([[3]], [[3], null])).toBe(false);
  });
});
