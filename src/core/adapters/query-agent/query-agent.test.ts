import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptQueryAgent } from './query-agent.ts';
import { adaptFixture } from '../../../testing/adapter-fixtures.ts';

describe('query-agent adapter', () => {
  it('maps numbered passages to sources with chunk ids, quotes and relevance', () => {
    const { answer, warnings } = adaptFixture('query-agent');
    expect(warnings).toEqual([]);
    expect(answer.text).toContain('$1,000,000 [1]');
    expect(answer.confidence).toBe(0.82);
    expect(answer.reviewReport).toMatchObject({ groundingStatus: 'grounded' });
    expect(answer.sources.map((s) => s.id)).toEqual(['S1', 'S2', 'S3']);
    expect(answer.sources[0]).toEqual({
      id: 'S1',
      documentId: 'policy-gl-2026',
      chunkId: 'policy-gl-2026:coverage:2',
      quote: 'Each Occurrence $1,000,000',
      relevance: 0.91,
      flags: [expect.objectContaining({ code: 'duplicate-collapsed' })],
    });
    expect(answer.sources[2]).toMatchObject({ documentId: 'vendor-security-policy', relevance: 0.47 });
    // [4] repeats [1]'s chunk and quote: one source.
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
      { n: 4, sourceId: 'S1' },
    ]);
    for (const s of answer.sources) expect(s).not.toHaveProperty('page');
  });

  it('reads `text` when there is no `answer`, and requires one of them', () => {
    const docs = [{ id: 'd', title: 'D', url: '/d' }];
    expect(adaptQueryAgent({ id: 'a', documents: docs, payload: { text: 'Hi [1]', citations: [] } }).answer.text).toBe('Hi [1]');
    expect(() => adaptQueryAgent({ id: 'a', documents: docs, payload: { citations: [] } })).toThrow(AdapterError);
  });

  it('drops a citation whose document is unknown when there are several documents', () => {
    const docs = [
      { id: 'd', title: 'D', url: '/d' },
      { id: 'e', title: 'E', url: '/e' },
    ];
    const { answer, warnings } = adaptQueryAgent({
      id: 'a',
      documents: docs,
      payload: {
        answer: 'A [1] B [2]',
        citations: [
          { index: 1, documentId: 'zzz', quote: 'q', relevance: 1 },
          { index: 2, documentId: 'e', quote: 'r', relevance: 0.5 },
        ],
      },
    });
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'e', quote: 'r', relevance: 0.5 }]);
    expect(answer.citations).toEqual([{ n: 2, sourceId: 'S1' }]);
    expect(warnings).toHaveLength(1);
  });
});
