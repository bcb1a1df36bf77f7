import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locateInIndex } from './locate.ts';
import { TextIndex } from './text-index.ts';
import { flowText, syntheticPage } from './synthetic.ts';
import { textUnderBoxesInIndex } from '../review/text-under-boxes.ts';

// A quote that differs from its passage by a number, a name or a negation is never found: it comes back as the
// closest passage, with each difference named and the document's differing words boxed on the page (what the viewer
// marks). Exact and harmless matches are found as before.

const PARAGRAPH =
  'A vendor that suspects its encryption keys have been compromised must revoke the affected keys and notify the Company Security Office within 24 hours of discovery. Logs of key management use must be kept for at least 12 months. The office in Boston reviews every report.';

function indexed(text = PARAGRAPH): TextIndex {
  const index = new TextIndex(1);
  index.addPage(syntheticPage(1, flowText(text, { perLine: 48 })));
  return index;
}

describe('locate: a changed quote is the closest passage, with what differs', () => {
  it('a changed number: not found, the number named both ways, its word boxed on the page', () => {
    const index = indexed();
    const r = locateInIndex(index, 'must revoke the affected keys and notify the Company Security Office within 72 hours of discovery', { page: 1 });
    expect(r).toMatchObject({ found: false, match: 'none', page: 1, rects: [] });
    expect(r.closest?.score).toBeGreaterThan(0.8);
    expect(r.closest?.differences).toHaveLength(1);
    const [d] = r.closest!.differences;
    expect(d).toMatchObject({ kind: 'number', quote: '72 hours', document: '24 hours' });
    // the boxes mark the document's "24", not the whole passage
    expect(textUnderBoxesInIndex(index, d!.rects).text).toBe('24');
    expect(textUnderBoxesInIndex(index, r.closest!.rects).text).toContain('within 24 hours of discovery');
  });

  it('a dropped decimal point is a different number, though the match keys agree', () => {
    const index = indexed('The adjusted EBITA is expected to increase to 10.3 MEUR in the coming year.');
    const r = locateInIndex(index, 'expected to increase to 103 MEUR in the coming year', { page: 1 });
    expect(r.found).toBe(false);
    expect(r.closest?.differences.map((x) => [x.kind, x.quote, x.document])).toEqual([['number', '103 MEUR', '10.3 MEUR']]);
    expect(r.closest!.score).toBeLessThan(1);
    expect(locateInIndex(index, 'expected to increase to 10.3 MEUR in the coming year', { page: 1 })).toMatchObject({ found: true, match: 'exact', score: 1 });
  });

  it('a negation and a name', () => {
    const index = indexed();
    expect(locateInIndex(index, 'Logs of key management use must not be kept for at least 12 months', { page: 1 }).closest?.differences[0]?.kind).toBe(
      'negation',
    );
    expect(locateInIndex(index, 'The office in Chicago reviews every report', { page: 1 }).closest?.differences[0]).toMatchObject({
      kind: 'entity',
      quote: 'Chicago',
      document: 'Boston',
    });
  });

  it('what the document lacks: a word the quote added has no box to mark', () => {
    const r = locateInIndex(indexed(), 'Logs of key management use must be securely kept for at least 12 months', { page: 1 });
    expect(r.found).toBe(false);
    expect(r.closest?.differences).toEqual([{ kind: 'word', quote: 'be securely kept', document: 'be kept', rects: [] }]);
  });

  it('exact and harmless matches stay found: exact with no differences, approximate with none left', () => {
    const index = indexed();
    expect(locateInIndex(index, 'Logs of key management use must be kept', { page: 1 })).toMatchObject({ found: true, match: 'exact' });
    const noisy = locateInIndex(index, 'Logs of key rnanagement use must be kept for at least 12 months', { page: 1 });
    expect(noisy).toMatchObject({ found: true, match: 'approximate', differences: [] });
  });
});

describe('locate: properties', () => {
  const words = fc.constantFrom(
    'vendor',
    'records',
    'retained',
    'company',
    'policy',
    'review',
    'backup',
    'annual',
    'staff',
    'office',
    'security',
    'access',
    'systems',
    'quarterly',
  );

  it('any sentence with one number changed is not found, and the change is named with both values', () => {
    fc.assert(
      fc.property(
        fc.array(words, { minLength: 8, maxLength: 20 }),
        fc.integer({ min: 2, max: 9_999 }),
        fc.integer({ min: 2, max: 9_999 }),
        fc.nat(),
        (ws, a, b, at) => {
          fc.pre(a !== b);
          const i = 3 + (at % (ws.length - 3));
          const make = (n: number) => [...ws.slice(0, i), String(n), ...ws.slice(i)].join(' ');
          const index = indexed(`${make(a)}. Nothing else is said here about it.`);
          const r = locateInIndex(index, make(b), { page: 1 });
          expect(r.found).toBe(false);
          const numeric = r.closest?.differences.find((d) => d.kind === 'number' || d.kind === 'date');
          expect(numeric?.quote).toContain(String(b));
          expect(numeric?.document).toContain(String(a));
          expect(locateInIndex(index, make(a), { page: 1 })).toMatchObject({ found: true, match: 'exact' });
        },
      ),
      { numRuns: 60 },
    );
  });
});
