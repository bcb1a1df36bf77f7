import { describe, expect, it } from 'vitest';
import { adaptGemini } from './gemini.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

describe('gemini adapter', () => {
  it('converts UTF-8 byte segments to UTF-16 spans and writes [n] after each', () => {
    const { answer, warnings } = adaptFixture('gemini');
    expect(answer.text).toBe('🔒 要点: Vendors must encrypt stored data with AES-256.[1] Backups (نسخه پشتیبان) are erased after 35 days.[2]');
    expect(spanTexts(answer, 'S1')).toEqual(['Vendors must encrypt stored data with AES-256.']);
    expect(spanTexts(answer, 'S2')).toEqual(['Backups (نسخه پشتیبان) are erased after 35 days.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toContain(span.key);
    // confidenceScores[k] belongs to groundingChunkIndices[k]: on the claim span, and on a source with one score.
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'vendor-security-policy',
        text: 'Stored data must be encrypted with AES-256. Keys are kept in a hardware security module.',
        page: 3,
        pageEnd: 4,
        confidence: 0.93,
      },
      { id: 'S2', documentId: 'data-retention-policy', text: 'Backups are retained for 35 days and then erased.', confidence: 0.88 },
    ]);
    expect(answer.spans?.map((x) => [x.sourceId, x.confidence])).toEqual([
      ['S1', 0.93],
      ['S2', 0.88],
    ]);
    expect(warnings).toEqual([expect.stringContaining('https://example.com/blog/restore-tests')]);
  });

  it('reads snake_case keys, a missing startIndex as 0, and offsets relative to the part', () => {
    const { answer } = adaptGemini({
      id: 'a',
      documents: [{ id: 'd', title: 'Doc', url: '/d' }],
      payload: {
        candidates: [
          {
            content: { parts: [{ text: 'thinking…', thought: true }, { text: 'é One.' }, { text: ' Two.' }] },
            grounding_metadata: {
              grounding_chunks: [{ retrieved_context: { title: 'Doc', text: 'passage' } }],
              grounding_supports: [
                { segment: { part_index: 1, end_index: 7, text: 'é One.' }, grounding_chunk_indices: [0] },
                { segment: { partIndex: 2, startIndex: 1, endIndex: 5, text: 'Two.' }, groundingChunkIndices: [0, 5] },
              ],
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('é One.[1] Two.[1]');
    expect(spanTexts(answer, 'S1')).toEqual(['é One.', 'Two.']);
    expect(answer.sources[0]?.flags).toBeUndefined();
  });

  it('File Search: strips --- PAGE n --- markers from the passage and reads them as pages; thoughts become reasoning', () => {
    const { answer } = adaptGemini({
      id: 'a',
      documents: [{ id: 'd', title: 'Handbook', url: '/d' }],
      payload: {
        candidates: [
          {
            content: { parts: [{ text: 'Plan: cite page 2.', thought: true }, { text: 'Leave is 25 days. It is paid.' }] },
            groundingMetadata: {
              groundingChunks: [
                {
                  retrievedContext: {
                    title: 'Handbook',
                    text: 'Benefits.\n--- PAGE 2 ---\n\nLeave is 25 days a year.\n',
                    fileSearchStore: 'fileSearchStores/s',
                  },
                },
              ],
              groundingSupports: [
                { segment: { endIndex: 17, text: 'Leave is 25 days.' }, groundingChunkIndices: [0], confidenceScores: [0.7] },
                { segment: { startIndex: 18, endIndex: 29, text: 'It is paid.' }, groundingChunkIndices: [0], confidenceScores: [0.9] },
              ],
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('Leave is 25 days.[1] It is paid.[1]');
    expect(answer.reasoning).toEqual([{ text: 'Plan: cite page 2.' }]);
    // Two different scores: the source has none of its own, each span keeps its score.
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'd', text: 'Benefits.\n\nLeave is 25 days a year.', page: 1, pageEnd: 2 }]);
    expect(answer.spans?.map((x) => x.confidence)).toEqual([0.7, 0.9]);
  });
});
