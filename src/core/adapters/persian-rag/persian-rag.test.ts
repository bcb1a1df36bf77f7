import { describe, expect, it } from 'vitest';
import { parseMarkers } from '../../markers/parse-markers.ts';
import { resolveMarker } from '../../model/resolve.ts';
import { adaptPersianRag } from './persian-rag.ts';
import { adaptFixture, spanTexts } from '../../../testing/adapter-fixtures.ts';

const C1 = 'داده‌های مشتری باید با AES-256 رمزگذاری شوند';
const C2 = 'نسخه‌های پشتیبان پس از ۳۵ روز پاک می‌شوند';

describe('persian-rag adapter', () => {
  it('keeps the text, maps Persian-digit markers, and converts code-point claim offsets to UTF-16', () => {
    const { answer, warnings } = adaptFixture('persian-rag');
    expect(answer.text.startsWith('🔒 خلاصه: ')).toBe(true);
    expect(parseMarkers(answer.text).flatMap((g) => g.refs.map((r) => r.key))).toEqual(['1', '2', '1']);
    expect(answer.sources).toEqual([
      // start/end (code points into the document's text) are kept for text sources, with their unit.
      {
        id: 'S1',
        documentId: 'vendor-security-policy',
        quote: 'Stored data must be encrypted with AES-256.',
        location: { charStart: 812, charEnd: 855, charUnit: 'codepoint' },
      },
      {
        id: 'S2',
        documentId: 'data-retention-policy',
        quote: 'Backups are retained for 35 days and then erased.',
        location: { charStart: 1530, charEnd: 1580, charUnit: 'codepoint' },
      },
      {
        id: 'S3',
        documentId: 'vendor-security-policy',
        quote: 'Backups are encrypted like any other stored data.',
        location: { charStart: 1990, charEnd: 2039, charUnit: 'codepoint' },
      },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    expect(resolveMarker(answer, '2')?.id).toBe('S2');
    expect(spanTexts(answer, 'S1')).toEqual([C1]);
    expect(spanTexts(answer, 'S2')).toEqual([C2]);
    expect(spanTexts(answer, 'S3')).toEqual([C2]);
    expect(answer.spans?.find((s) => s.sourceId === 'S3')?.key).toBe('1');
    expect(answer.reviewReport).toEqual({ uncited: ['این پاسخ جمع‌بندی است.'], invalid_markers: [9] });
    expect(warnings).toEqual([expect.stringContaining('id "handbook"')]);
  });

  it('flags a claim span outside the answer instead of inventing one', () => {
    const { answer } = adaptPersianRag({
      id: 'a',
      documents: [{ id: 'd', title: 'D', url: '/d' }],
      payload: {
        answer: 'حافظ [۱]',
        citations: [{ marker: '[۱]', document_id: 'd', quote: 'q', answer_start: 3, answer_end: 40 }],
        uncited: [],
        invalid_markers: [],
      },
    });
    expect(answer.spans).toBeUndefined();
    expect(answer.reviewReport).toBeUndefined();
    expect(answer.sources[0]?.flags?.[0]?.code).toBe('offset-out-of-range');
    expect(answer.citations).toEqual([{ n: 1, sourceId: 'S1' }]);
  });
});
