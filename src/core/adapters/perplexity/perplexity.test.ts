import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptPerplexity } from './perplexity.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

describe('perplexity adapter', () => {
  it("keeps the text and its [n] markers, one source per citation with URL (when not the document's own), date and snippet", () => {
    const { answer, warnings } = adaptFixture('perplexity');
    expect(warnings).toEqual([]);
    expect(answer.text).toBe('Vendors must use **TLS 1.2** or newer for data in transit.[1] Backups are erased after 35 days[3], a common window.[2][3]');
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        // The document's own URL: nothing more to keep on the source.
        documentId: 'vendor-security-policy',
        date: '2024-06-10',
        text: 'All Company data sent over a network must use TLS 1.2 or higher…',
        location: { resultIndex: 0 },
      },
      {
        // Matched by URL although the document's URL carries a tracking query.
        id: 'S2',
        documentId: 'retention-news',
        url: 'https://example.org/news/backup-retention-2025',
        date: '2025-03-02',
        text: 'Most firms keep backups for 30 to 90 days.',
        location: { resultIndex: 1 },
      },
      {
        // Matched by title (the document is a local copy); last_updated is not a publication date.
        id: 'S3',
        documentId: 'data-retention-policy',
        url: 'https://example.com/policies/data-retention',
        text: 'Backup copies are retained for 35 days and then erased.',
        location: { resultIndex: 2 },
      },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
  });

  it('reads citations without search_results, warns about markers past the list, and moves <think> to reasoning', () => {
    const { answer, warnings } = adaptPerplexity({
      id: 'a',
      documents: [
        { id: 'a', title: 'A', url: 'https://a.example/x' },
        { id: 'b', title: 'B', url: 'https://b.example/y' },
      ],
      payload: {
        choices: [{ message: { content: '<think>Check both pages.</think>\n\nA is true.[1] B too.[2][4]' } }],
        citations: ['https://a.example/x', 'https://b.example/y', 'https://c.example/z'],
      },
    });
    expect(answer.text).toBe('A is true.[1] B too.[2][4]');
    expect(answer.reasoning).toEqual([{ text: 'Check both pages.' }]);
    expect(answer.sources.map((s) => [s.id, s.documentId, s.url])).toEqual([
      ['S1', 'a', undefined],
      ['S2', 'b', undefined],
    ]);
    expect(warnings).toEqual([
      expect.stringMatching(/citations\[2\] \(\[3\]\) names URL https:\/\/c\.example\/z.*dropped/),
      'The answer cites [4], but the response lists only 3 citations.',
    ]);
  });

  it('rejects a payload without an answer', () => {
    expect(() => adaptPerplexity({ id: 'a', documents: [], payload: { citations: ['https://a'] } })).toThrow(AdapterError);
    expect(() => adaptPerplexity({ id: 'a', documents: [], payload: { choices: [{ message: { content: 1 } }] } })).toThrow(AdapterError);
  });
});

describe('perplexity: the Agent API (/v1/responses)', () => {
  it('maps [n] in output_text to the search_results item whose id is n, not to OpenAI annotations', () => {
    const { format, answer, warnings } = adaptFixture('perplexity-responses');
    expect(format).toBe('perplexity');
    expect(answer.text).toBe(
      'Perovskite–silicon tandem cells have passed 34% certified efficiency [1][3]. Encapsulated modules now keep 95% of their efficiency after 1,000 hours of damp heat [2].',
    );
    expect(sourceSummary(answer)).toEqual([
      {
        id: 'S1',
        title: 'Perovskite–silicon tandem cells pass 34% efficiency',
        url: 'https://www.nature.com/articles/s41586-025-00001-x',
        text: 'A certified power conversion efficiency of 34.6% for a perovskite–silicon tandem cell…',
      },
      {
        id: 'S2',
        title: 'Stable perovskite modules under damp heat',
        url: 'https://www.science.org/doi/10.1126/science.adq0001',
        text: 'Modules kept 95% of their initial efficiency after 1,000 hours of damp-heat testing.',
      },
      {
        id: 'S3',
        title: 'Best Research-Cell Efficiency Chart',
        url: 'https://www.nrel.gov/pv/cell-efficiency.html',
        text: 'NREL maintains a chart of the highest confirmed conversion efficiencies.',
      },
    ]);
    expect(answer.sources.map((s) => s.date)).toEqual(['2025-04-16', '2025-02-20', undefined]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
    // Perplexity writes markers, not spans: the app finds each claim's sentence.
    expect(claimSpans(answer)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('numbers results by their id, whatever order they come in, and says when a marker names no result', () => {
    const { answer, warnings } = adaptPerplexity({
      id: 'a',
      documents: [
        { id: 'a', title: 'A', url: 'https://a.example/' },
        { id: 'b', title: 'B', url: 'https://b.example/' },
      ],
      payload: {
        output: [
          {
            type: 'search_results',
            results: [
              { id: 2, url: 'https://b.example/', title: 'B' },
              { id: 1, url: 'https://a.example/', title: 'A' },
            ],
          },
          { type: 'message', content: [{ type: 'output_text', text: 'A [1], B [2], C [4].', annotations: [] }] },
        ],
      },
    });
    expect(answer.citations).toEqual([
      { n: 2, sourceId: 'S1' },
      { n: 1, sourceId: 'S2' },
    ]);
    expect(answer.sources.map((s) => s.documentId)).toEqual(['b', 'a']);
    expect(warnings).toEqual(['The answer cites [4], but the response lists only 2 citations.']);
  });
});
