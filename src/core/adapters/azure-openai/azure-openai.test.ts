import { describe, expect, it } from 'vitest';
import { adaptAzureOpenai } from './azure-openai.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
  { id: 'retention', title: 'Data Retention Policy', url: '/api/documents/retention' },
];

describe('azure-openai adapter', () => {
  it('replaces [docN] by [N] and keeps each citation as its retrieved chunk', () => {
    const { answer, warnings } = adaptFixture('azure-openai');
    expect(answer.text).toBe(
      'The Þórshöfn depot keeps vaccines between 36 °F and 46 °F [1]. Temperature-logger backups are kept for 35 days [2][3], then erased.',
    );
    expect(answer.spans).toBeUndefined();
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
    expect(answer.sources[0]).toEqual({
      id: 'S1',
      documentId: 'cold-storage-manual',
      url: 'https://contosodocs.blob.core.windows.net/policies/cold-storage-manual.pdf',
      text: 'Cold Storage Manual\n\nVaccines are stored between 36 °F and 46 °F (2–8 °C) at all times.',
      chunkId: '3',
      relevance: 3.41,
    });
    expect(answer.sources.map((s) => [s.documentId, s.chunkId])).toEqual([
      ['cold-storage-manual', '3'],
      ['data-retention-policy', '1'],
      ['data-retention-policy', '2'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads the tool message of older API versions and reports a marker with no citation', () => {
    const tool = {
      citations: [
        { content: 'Vaccines stay at 36–46 °F.', title: null, filepath: 'manual.pdf', url: null, chunk_id: 0 },
        { content: 'Vaccines stay at 36–46 °F.', title: null, filepath: 'manual.pdf', url: null, chunk_id: 0 },
      ],
      intent: '["storage temperature"]',
    };
    const { answer, warnings } = adaptAzureOpenai({
      id: 'a',
      documents: docs,
      payload: {
        choices: [
          {
            message: {
              role: 'assistant',
              content: 'Keep them cold [doc1][doc2]; logs are kept [doc4].',
              context: { messages: [{ role: 'tool', content: JSON.stringify(tool), end_turn: false }] },
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('Keep them cold [1][2]; logs are kept [4].');
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0]).toMatchObject({ documentId: 'manual', chunkId: '0', flags: [{ code: 'duplicate-collapsed' }] });
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S1' },
    ]);
    expect(warnings).toEqual(['The answer cites [doc4], but there are only 2 citations; it is shown as a broken citation.']);
  });

  it('reads the oldest previews, where the tool message sits beside the assistant message', () => {
    const { answer } = adaptAzureOpenai({
      id: 'a',
      documents: docs,
      payload: {
        choices: [
          {
            messages: [
              { role: 'tool', content: JSON.stringify({ citations: [{ content: 'Kept 35 days.', title: 'Data Retention Policy' }] }) },
              { role: 'assistant', content: 'Backups last 35 days [doc1].' },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('Backups last 35 days [1].');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'retention', text: 'Kept 35 days.' }]);
  });

  it('rejects a payload without choices', () => {
    expect(() => adaptAzureOpenai({ id: 'a', documents: docs, payload: { choices: [] } })).toThrow(AdapterError);
    expect(() => adaptAzureOpenai({ id: 'a', documents: docs, payload: { message: 'x' } })).toThrow(AdapterError);
  });
});

describe('azure-openai: the documented response inside its HTTP record', () => {
  it("reads `{ body: … }` (the REST reference example's response) as the response it holds, detected as auto", () => {
    const { format, answer, warnings } = adaptFixture('azure-oyd-body');
    expect(format).toBe('azure-openai');
    expect(answer.text).toBe('Walk an adult dog at least twice a day [1]. Book a check-up with a vet once a year [2][1].');
    expect(sourceSummary(answer)).toEqual([
      {
        id: 'S1',
        title: 'Dog care basics',
        url: 'https://contoso.blob.core.windows.net/docs/contoso-dog-care.txt',
        text: 'Adult dogs need at least two walks a day.',
      },
      { id: 'S2', title: 'Vet visit guide', url: '/api/documents/contoso-vet-guide', text: 'Healthy adult dogs should see a vet once a year.' },
    ]);
    // [docN] is 1-based into context.citations and keeps its number.
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    expect(claimSpans(answer)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
