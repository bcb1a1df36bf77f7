import { describe, expect, it } from 'vitest';
import { adaptSidBbox } from './sid-bbox.ts';
import { adaptFixture } from '../../../testing/adapter-fixtures.ts';

describe('sid-bbox adapter', () => {
  it('keeps S-IDs, puts each box on its page, and flags an ambiguous bbox/pages pairing', () => {
    const { answer, warnings } = adaptFixture('sid-bbox');
    expect(warnings).toEqual([]);
    expect(answer.text).toContain('[S2]');
    expect(answer).not.toHaveProperty('citations');
    const [s1, s2, s3, s4] = answer.sources;
    expect(s1).toEqual({
      id: 'S1',
      documentId: 'vendor-security-policy',
      section: '4.1 Encryption in transit',
      page: 3,
      pages: [3],
      boxes: [{ page: 3, x0: 72, y0: 140.5, x1: 523, y1: 171.25 }],
      text: 'All Company data sent over a network must use TLS 1.2 or higher.',
    });
    expect(s2?.boxes).toEqual([
      { page: 3, x0: 72, y0: 690, x1: 523, y1: 742 },
      { page: 4, x0: 72, y0: 80, x1: 400, y1: 96 },
    ]);
    expect(s2).toMatchObject({ page: 3, pageEnd: 4, pages: [3, 4] });
    expect(s3).not.toHaveProperty('boxes');
    expect(s3).toMatchObject({ page: 5, pages: [5, 6], text: 'Keys are rotated at least every twelve months.' });
    expect(s3?.flags).toEqual([{ code: 'bbox-pages-mismatch', message: expect.stringContaining('3 boxes for 2 pages') }]);
    // Matched by title; its own (fractional) convention travels with its boxes.
    expect(s4).toMatchObject({ documentId: 'data-retention-policy', coords: { origin: 'top-left', units: 'fraction', frame: 'unrotated' } });
    expect(s4?.boxes).toEqual([{ page: 2, x0: 0.1, y0: 0.2, x1: 0.9, y1: 0.3 }]);
    expect(s1).not.toHaveProperty('coords');
  });

  it('takes the convention from the wrapper or payload and keeps it on sources with boxes', () => {
    const bottomLeft = { origin: 'bottom-left', units: 'pt', frame: 'unrotated' } as const;
    const { answer } = adaptSidBbox({
      id: 'a',
      documents: [{ id: 'd', title: 'D', url: '/d' }],
      coords: bottomLeft,
      payload: {
        answer: 'A [S1] B [S2]',
        citations: [
          { citation_id: 's01', document_id: 'd', pages: [1], bbox: [[10, 700, 200, 650]] },
          { citation_id: 'S2', document_id: 'd', pages: [2] },
        ],
      },
    });
    expect(answer.coords).toEqual(bottomLeft);
    expect(answer.sources[0]).toMatchObject({ id: 'S1', coords: bottomLeft, boxes: [{ page: 1, x0: 10, y0: 650, x1: 200, y1: 700 }] });
    expect(answer.sources[1]).toEqual({ id: 'S2', documentId: 'd', page: 2, pages: [2] });
  });

  it('drops boxes without pages and keeps the first record of a repeated id', () => {
    const { answer, warnings } = adaptSidBbox({
      id: 'a',
      documents: [{ id: 'd', title: 'D', url: '/d' }],
      payload: {
        text: '[S1]',
        citations: [
          { citation_id: 'S1', document_id: 'd', bbox: [[1, 2, 3, 4]], retrieved_text: 'first' },
          { citation_id: 'S1', document_id: 'd', pages: [3], retrieved_text: 'second' },
        ],
      },
    });
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]?.text).toBe('first');
    expect(answer.sources[0]?.flags?.map((f) => f.code)).toEqual(['bbox-pages-mismatch', 'duplicate-collapsed']);
    expect(warnings).toHaveLength(1);
  });
});
