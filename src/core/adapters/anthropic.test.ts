import { describe, expect, it } from 'vitest';
import { adaptAnthropic } from './anthropic.ts';
import { AdapterError } from './errors.ts';
import { adaptFixture, markersAt, spanTexts } from './test-helpers.ts';

describe('anthropic adapter', () => {
  it('writes [n] after each cited text block and records the block as the claim span', () => {
    const { answer, warnings } = adaptFixture('anthropic');
    expect(answer.text).toBe(
      '🔒 Summary (要約): vendors must protect data in transit with TLS 1.2 or newer[1], and stored data must be encrypted with AES-256 using keys kept in an HSM[1][2].\n\nBackups: copies of customer records are erased after 35 days.[3] Search results also mention quarterly restore tests.',
    );
    expect(spanTexts(answer, 'S1')).toEqual([
      'vendors must protect data in transit with TLS 1.2 or newer',
      'stored data must be encrypted with AES-256 using keys kept in an HSM',
    ]);
    expect(spanTexts(answer, 'S2')).toEqual(['stored data must be encrypted with AES-256 using keys kept in an HSM']);
    expect(spanTexts(answer, 'S3')).toEqual(['copies of customer records are erased after 35 days.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toContain(span.key);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
    // page_location: end_page_number is exclusive.
    expect(answer.sources[0]).toMatchObject({ documentId: 'vendor-security-policy', page: 3, quote: 'All Company data sent over a network must use TLS 1.2 or higher. ' });
    expect(answer.sources[0]).not.toHaveProperty('pageEnd');
    expect(answer.sources[1]).toMatchObject({ page: 3, pageEnd: 4 });
    // char_location: no page.
    expect(answer.sources[2]).toEqual({ id: 'S3', documentId: 'data-retention-policy', quote: 'Backup copies of customer records are retained for 35 days' });
    for (const s of answer.sources) expect(s.flags).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('https://example.com/blog/restore-tests')]);
  });

  it('skips unknown citation and block types, and rejects a malformed known one', () => {
    const docs = [{ id: 'd', title: 'D', url: '/d' }];
    const { answer, warnings } = adaptAnthropic({
      id: 'a',
      documents: docs,
      payload: {
        content: [
          { type: 'thinking', thinking: '…' },
          { type: 'text', text: 'Claim.', citations: [{ type: 'future_location', cited_text: 'x' }] },
          { type: 'text', text: ' Other', citations: [{ type: 'content_block_location', cited_text: 'Block text', document_index: 0, document_title: null, start_block_index: 0, end_block_index: 1 }] },
        ],
      },
    });
    expect(answer.text).toBe('Claim. Other[1]');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'd', quote: 'Block text' }]);
    expect(warnings[0]).toContain('future_location');
    expect(() =>
      adaptAnthropic({ id: 'a', documents: docs, payload: { content: [{ type: 'text', text: 'x', citations: [{ type: 'page_location', cited_text: 'q', document_index: 0, start_page_number: 0, end_page_number: 1 }] }] } }),
    ).toThrow(AdapterError);
  });
});
