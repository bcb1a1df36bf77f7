import { describe, expect, it } from 'vitest';
import { adaptAnthropic } from './anthropic.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';
import { cpuMs } from '../../../testing/cpu-time.ts';

describe('anthropic adapter', () => {
  it('writes [n] after each cited text block and records the block as the claim span', () => {
    const { answer, warnings } = adaptFixture('anthropic');
    expect(answer.text).toBe(
      '🔒 Summary (要約): vendors must protect data in transit with TLS 1.2 or newer[1], and stored data must be encrypted with AES-256 using keys kept in an HSM.[1][2]\n\nBackups: copies of customer records are erased after 35 days.[3] Search results also mention quarterly restore tests.',
    );
    expect(spanTexts(answer, 'S1')).toEqual([
      'vendors must protect data in transit with TLS 1.2 or newer',
      // The block stops before its sentence's full stop: the claim ends with it, and so does the marker.
      'stored data must be encrypted with AES-256 using keys kept in an HSM.',
    ]);
    expect(spanTexts(answer, 'S2')).toEqual(['stored data must be encrypted with AES-256 using keys kept in an HSM.']);
    expect(spanTexts(answer, 'S3')).toEqual(['copies of customer records are erased after 35 days.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toContain(span.key);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
    // page_location: end_page_number is exclusive.
    expect(answer.sources[0]).toMatchObject({
      documentId: 'vendor-security-policy',
      page: 3,
      quote: 'All Company data sent over a network must use TLS 1.2 or higher. ',
    });
    expect(answer.sources[0]).not.toHaveProperty('pageEnd');
    expect(answer.sources[1]).toMatchObject({ page: 3, pageEnd: 4 });
    // char_location: no page; the character range is kept as the passage's location in the document, in the API's
    // unit (code points), for the viewer to convert once it has the document's text.
    expect(answer.sources[2]).toEqual({
      id: 'S3',
      documentId: 'data-retention-policy',
      quote: 'Backup copies of customer records are retained for 35 days',
      location: { charStart: 1204, charEnd: 1262, charUnit: 'codepoint' },
    });
    for (const s of answer.sources) expect(s.flags).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('https://example.com/blog/restore-tests')]);
  });

  it('keeps thinking blocks as reasoning, apart from the answer text', () => {
    const { answer } = adaptAnthropic({
      id: 'a',
      documents: [{ id: 'd', title: 'D', url: '/d' }],
      payload: {
        content: [
          { type: 'thinking', thinking: 'The policy says TLS.', signature: 'x' },
          { type: 'text', text: 'Use TLS.' },
        ],
      },
    });
    expect(answer.text).toBe('Use TLS.');
    expect(answer.reasoning).toEqual([{ text: 'The policy says TLS.' }]);
  });

  it('keeps search-result index, block range and URL of search results', () => {
    const { answer } = adaptAnthropic({
      id: 'a',
      documents: [{ id: 'facts', title: 'Ruby Facts', url: '/api/documents/facts' }],
      payload: {
        content: [
          {
            type: 'text',
            text: 'Ruby dates from 1993.',
            citations: [
              {
                type: 'search_result_location',
                cited_text: 'Created in 1993.',
                source: 'https://example.com/ruby',
                title: 'Ruby Facts',
                search_result_index: 2,
                start_block_index: 1,
                end_block_index: 3,
              },
              { type: 'web_search_result_location', cited_text: 'Ruby 1993', url: 'https://example.com/ruby', title: 'Ruby Facts', encrypted_index: 'E' },
            ],
          },
        ],
      },
    });
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'facts', quote: 'Created in 1993.', url: 'https://example.com/ruby', location: { resultIndex: 2, blockStart: 1, blockEnd: 3 } },
      { id: 'S2', documentId: 'facts', quote: 'Ruby 1993', url: 'https://example.com/ruby' },
    ]);
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
          {
            type: 'text',
            text: ' Other',
            citations: [
              { type: 'content_block_location', cited_text: 'Block text', document_index: 0, document_title: null, start_block_index: 0, end_block_index: 1 },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('Claim. Other[1]');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'd', quote: 'Block text', location: { blockStart: 0, blockEnd: 1 } }]);
    expect(answer.reasoning).toEqual([{ text: '…' }]);
    expect(warnings[0]).toContain('future_location');
    expect(() =>
      adaptAnthropic({
        id: 'a',
        documents: docs,
        payload: {
          content: [
            { type: 'text', text: 'x', citations: [{ type: 'page_location', cited_text: 'q', document_index: 0, start_page_number: 0, end_page_number: 1 }] },
          ],
        },
      }),
    ).toThrow(AdapterError);
  });
});

describe('anthropic adapter at scale', () => {
  // 20,000 cited text blocks once took 12 s (every marker offset was shifted by a walk over every marker before it):
  // the adapter's own time is bounded below, the checks after it are not timed.
  it('adapts 20,000 cited text blocks, every claim span on its own words and followed by its marker', { timeout: 120_000 }, () => {
    const n = 20_000;
    const content = Array.from({ length: n }, (_, i) => ({
      type: 'text',
      text: `Claim ${i} holds. `,
      // Every tenth block cites a passage already cited: duplicates collapse into one source.
      citations: [{ type: 'page_location', cited_text: `Passage ${i % 10 === 9 ? 0 : i}.`, document_index: 0, start_page_number: 1, end_page_number: 2 }],
    }));
    let result: ReturnType<typeof adaptAnthropic> | undefined;
    const ms = cpuMs(() => (result = adaptAnthropic({ id: 'a', documents: [{ id: 'd', title: 'D', url: '/d' }], payload: { content } })));
    // ~0.4 s of CPU; 3 s fails the old quadratic insertion (12 s).
    expect(ms).toBeLessThan(3_000);
    const { answer, warnings } = result!;
    expect(warnings).toEqual([]);
    const distinct = n - n / 10;
    expect(answer.sources).toHaveLength(distinct);
    expect(answer.citations).toHaveLength(distinct);
    const spans = answer.spans ?? [];
    expect(spans).toHaveLength(n);
    spans.forEach((span, i) => {
      expect(answer.text.slice(span.answerStart, span.answerEnd)).toBe(`Claim ${i} holds.`);
      expect(answer.text.startsWith(`[${span.key}]`, span.answerEnd)).toBe(true);
    });
    expect(spans[n - 1]?.key).toBe('1');
    expect(answer.text.endsWith(`Claim ${n - 1} holds.[1] `)).toBe(true);
  });
});
