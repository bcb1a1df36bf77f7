import { describe, expect, it } from 'vitest';
import { adaptRubyllm } from './rubyllm.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

describe('rubyllm adapter', () => {
  it('writes [n] after each cited span, with code-point offsets converted to UTF-16 and inclusive pages', () => {
    const { answer, warnings } = adaptFixture('rubyllm');
    expect(answer.text).toBe(
      '🔒 要点 — Vendors must use TLS 1.2 or newer for data in transit.[1] Backups are erased after 35 days.[2] Restore tests run quarterly.',
    );
    expect(spanTexts(answer, 'S1')).toEqual(['Vendors must use TLS 1.2 or newer for data in transit.']);
    expect(spanTexts(answer, 'S2')).toEqual(['Backups are erased after 35 days.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toEqual([span.key]);
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'vendor-security-policy', quote: 'All Company data sent over a network must use TLS 1.2 or higher.', page: 3, pageEnd: 4 },
      { id: 'S2', documentId: 'data-retention-policy', quote: 'Backups are retained for 35 days and then erased.', page: 5 },
    ]);
    expect(warnings).toEqual([expect.stringContaining('https://example.com/blog/restore-tests')]);
  });

  it('repairs (and flags) offsets that do not select the cited text, and places a citation without a place at the end', () => {
    const { answer, warnings } = adaptRubyllm({
      id: 'a',
      documents: [{ id: 'd', title: 'D', url: '/d' }],
      payload: {
        content: '😀😀 Alpha beta.',
        citations: [
          { title: 'D', text: 'Alpha beta.', start_index: 5, end_index: 16, cited_text: 'x' }, // UTF-16 offsets, not code points
          { title: 'D', cited_text: 'y' },
        ],
      },
    });
    expect(spanTexts(answer, 'S1')).toEqual(['Alpha beta.']);
    expect(answer.sources[0]?.flags?.[0]?.code).toBe('offset-out-of-range');
    expect(answer.text).toBe('😀😀 Alpha beta.[1][2]');
    expect(answer.spans?.map((s) => s.sourceId)).toEqual(['S1']);
    expect(warnings).toEqual([expect.stringContaining('no usable place')]);
  });
});
