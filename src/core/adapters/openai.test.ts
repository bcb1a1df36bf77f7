import { describe, expect, it } from 'vitest';
import { AdapterError } from './errors.ts';
import { adaptOpenai } from './openai.ts';
import { adaptFixture, spanTexts } from './test-helpers.ts';

describe('openai adapter', () => {
  it('Responses: writes [n] at each file_citation index (code points), without inventing claim spans', () => {
    const { answer, warnings } = adaptFixture('openai-responses');
    expect(warnings).toEqual([]);
    expect(answer.text).toBe('🔒 Vendors must use TLS 1.2 or newer for data in transit.[1] Backups are erased after 35 days.[1][2]');
    expect(answer.spans).toBeUndefined();
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'vendor-security-policy' },
      { id: 'S2', documentId: 'data-retention-policy' },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
  });

  it('Assistants: replaces each 【…】 placeholder with [n] and keeps the quote', () => {
    const { answer, warnings } = adaptFixture('openai-assistants');
    expect(answer.text).toBe('🔒 Vendors must use TLS 1.2 or newer[1]. Backups are erased after 35 days[2]. Keys rotate yearly【4:9†source】.');
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'file-vsp', quote: 'must use TLS 1.2 or higher' },
      { id: 'S2', documentId: 'file-drp' },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    expect(warnings).toEqual(['1 citation placeholder in the text has no annotation and cannot be opened.']);
  });

  it('Assistants: repairs placeholder offsets counted in another unit, and reads url_citation spans', () => {
    const text = '😀 A【1:0†s】 and B.';
    const { answer } = adaptOpenai({
      id: 'a',
      documents: [{ id: 'd', title: 'Doc', url: 'https://example.com/doc' }],
      payload: {
        data: [
          { role: 'user', content: [{ type: 'text', text: { value: 'q', annotations: [] } }] },
          {
            role: 'assistant',
            content: [
              {
                type: 'text',
                text: {
                  value: text,
                  annotations: [
                    { type: 'file_citation', text: '【1:0†s】', start_index: 4, end_index: 11, file_citation: { file_id: 'd' } }, // UTF-16: off by one
                    { type: 'url_citation', url: 'https://example.com/doc', start_index: 11, end_index: 17 },
                  ],
                },
              },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('😀 A[1] and B.[1]');
    expect(answer.sources[0]?.flags?.[0]?.code).toBe('offset-out-of-range');
    expect(spanTexts(answer, 'S1')).toEqual(['and B.']);
  });

  it('rejects a payload with no recognisable content', () => {
    expect(() => adaptOpenai({ id: 'a', documents: [], payload: { output: 'nope' } })).toThrow(AdapterError);
    expect(() => adaptOpenai({ id: 'a', documents: [], payload: 7 })).toThrow(AdapterError);
  });
});
