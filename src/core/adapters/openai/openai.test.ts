import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptOpenai } from './openai.ts';
import { adaptFixture, spanTexts } from '../../../testing/adapter-fixtures.ts';

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

  it("Chat Completions: the sentence before OpenAI's inline link is the claim, the link is replaced by [n]", () => {
    const { answer, warnings } = adaptFixture('openai-chat');
    expect(warnings).toEqual([]);
    expect(answer.text).toBe(
      'Le chiffrement 🔒 est obligatoire : vendors must use TLS 1.2 or newer for data in transit.[1] Backups are erased after 35 days, and restore tests run quarterly.[2]',
    );
    expect(spanTexts(answer, 'S1')).toEqual(['Le chiffrement 🔒 est obligatoire : vendors must use TLS 1.2 or newer for data in transit.']);
    expect(spanTexts(answer, 'S2')).toEqual(['Backups are erased after 35 days, and restore tests run quarterly.']);
    expect(answer.text).not.toContain('](');
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'vendor-security-policy', url: 'https://example.com/policies/vendor-security?utm_source=openai' },
      { id: 'S2', documentId: 'data-retention-policy', url: 'https://example.org/retention?utm_source=openai' },
    ]);
  });

  it("Responses: a url_citation span that is real prose stays the claim; one that is a bullet's link cites the bullet", () => {
    const text = '- Revenue grew 18% ([a.com](https://a.com/r)).\n- Costs fell.';
    const link = '([a.com](https://a.com/r))';
    const start = text.indexOf(link);
    const { answer } = adaptOpenai({
      id: 'a',
      documents: [{ id: 'a', title: 'A', url: 'https://a.com/r' }],
      payload: {
        output: [
          {
            type: 'message',
            content: [
              {
                type: 'output_text',
                text,
                annotations: [
                  { type: 'url_citation', url: 'https://a.com/r', start_index: start, end_index: start + link.length },
                  { type: 'url_citation', url: 'https://a.com/r', start_index: text.indexOf('Costs'), end_index: text.length },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('- Revenue grew 18%.[1]\n- Costs fell.[1]');
    // Neither claim starts with its bullet; the first ends with its sentence's full stop.
    expect(spanTexts(answer, 'S1')).toEqual(['Revenue grew 18%.', 'Costs fell.']);
  });

  it('Responses: a container_file_citation cites a generated file, added to the documents with its container address', () => {
    const text = 'Saved. [Download the file](sandbox:/mnt/data/sums.csv)\n\nDone.';
    const path = 'sandbox:/mnt/data/sums.csv';
    const start = text.indexOf(path);
    const { answer, warnings } = adaptOpenai({
      id: 'a',
      documents: [{ id: 'policy', title: 'Policy', url: '/api/documents/policy' }],
      payload: {
        output: [
          { type: 'code_interpreter_call', container_id: 'cntr_1', code: 'x' },
          {
            type: 'message',
            content: [
              {
                type: 'output_text',
                text,
                annotations: [
                  {
                    type: 'container_file_citation',
                    container_id: 'cntr_1',
                    file_id: 'cfile_9',
                    filename: 'sums.csv',
                    start_index: start,
                    end_index: start + path.length,
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(warnings).toEqual([]);
    // The marker follows the whole link, which stays intact; the only wrapper document is not guessed.
    expect(answer.text).toBe('Saved. [Download the file](sandbox:/mnt/data/sums.csv)[1]\n\nDone.');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'cfile_9' }]);
    expect(answer.documents).toEqual([
      { id: 'policy', title: 'Policy', url: '/api/documents/policy' },
      {
        id: 'cfile_9',
        title: 'sums.csv',
        url: 'https://api.openai.com/v1/containers/cntr_1/files/cfile_9/content',
        mediaType: 'text/csv',
        generated: { fileId: 'cfile_9', containerId: 'cntr_1', filename: 'sums.csv' },
      },
    ]);
  });

  it('Responses: a file_citation takes its passage from the file_search results of that file, and the best paragraph as quote', () => {
    const claim = 'Backups are erased after thirty-five days.';
    const { answer } = adaptOpenai({
      id: 'a',
      documents: [{ id: 'file-r', title: 'retention.pdf', url: '/api/documents/retention' }],
      payload: {
        output: [
          {
            type: 'file_search_call',
            results: [
              { file_id: 'file-other', filename: 'other.pdf', score: 0.99, text: 'Backups are erased after thirty-five days in the other company.' },
              { file_id: 'file-r', filename: 'retention.pdf', score: 0.9, text: 'Scope.\n\nKeys rotate yearly.' },
              {
                file_id: 'file-r',
                filename: 'retention.pdf',
                score: 0.7,
                text: 'Retention.\n\nBackup copies are erased\nafter thirty-five days.\n\nAudit logs are kept.',
              },
            ],
          },
          {
            type: 'message',
            content: [
              { type: 'output_text', text: claim, annotations: [{ type: 'file_citation', file_id: 'file-r', filename: 'retention.pdf', index: claim.length }] },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe(`${claim}[1]`);
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'file-r',
        quote: 'Backup copies are erased after thirty-five days.',
        text: 'Retention.\n\nBackup copies are erased\nafter thirty-five days.\n\nAudit logs are kept.',
        location: { resultIndex: 2 },
        flags: [expect.objectContaining({ code: 'adapter-note' })],
      },
    ]);
  });
});
