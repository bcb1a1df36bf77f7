import { describe, expect, it } from 'vitest';
import { adaptBedrock } from './bedrock.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
  { id: 'plan', title: 'Harbour Safety Plan', url: '/api/documents/plan' },
];

describe('bedrock adapter: Converse citations', () => {
  it('makes each citationsContent block a claim, with exclusive page ends, char locations and quotes', () => {
    const { answer, warnings } = adaptFixture('bedrock-converse');
    expect(answer.text).toBe(
      '❄️ At the Þórshöfn depot, vaccines are kept between 36 °F and 46 °F[1], and the loading quay closes when sustained winds exceed 20 m/s.[2]',
    );
    expect(spanTexts(answer, 'S1')).toEqual(['vaccines are kept between 36 °F and 46 °F']);
    expect(spanTexts(answer, 'S2')).toEqual(['the loading quay closes when sustained winds exceed 20 m/s.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toEqual([span.key]);
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'cold-storage-manual',
        quote: 'Vaccines are stored between 36 °F and 46 °F (2–8 °C) at all times, including during transfer.',
        page: 4,
        pageEnd: 5,
      },
      {
        id: 'S2',
        documentId: 'harbour-safety-plan',
        quote: 'The loading quay is closed whenever sustained winds exceed 20 m/s.',
        location: { charStart: 1184, charEnd: 1250 },
      },
    ]);
    // The web page the model also cited is not one of the wrapper's documents.
    expect(warnings).toEqual([expect.stringContaining('https://port.example.is/weather-notices')]);
  });

  it('reads chunk and search-result locations, web URLs, one-page citations and reasoning', () => {
    const { answer, warnings } = adaptBedrock({
      id: 'a',
      documents: [...docs, { id: 'web', title: 'Notices', url: '/api/documents/web' }],
      payload: {
        output: {
          message: {
            role: 'assistant',
            content: [
              { reasoningContent: { reasoningText: { text: 'The manual and the plan both apply.' } } },
              {
                citationsContent: {
                  content: [{ text: 'Keep doors shut.' }],
                  citations: [
                    { title: 'x', sourceContent: [{ text: 'Doors stay shut.' }], location: { documentChunk: { documentIndex: 0, start: 3, end: 5 } } },
                    { sourceContent: [{ text: 'Page one.' }], location: { documentPage: { documentIndex: 1, start: 1, end: 2 } } },
                    { title: 'Notices', location: { web: { url: 'https://port.example.is/notices', domain: 'port.example.is' } } },
                    {
                      title: 'Notices',
                      source: 'web',
                      sourceContent: [{ text: 'Gale warnings.' }],
                      location: { searchResultLocation: { searchResultIndex: 2, start: 0, end: 1 } },
                    },
                    { location: { documentPage: { documentIndex: 1, start: 6, end: 6 } } },
                  ],
                },
              },
            ],
          },
        },
      },
    });
    expect(answer.text).toBe('Keep doors shut.[1][2][3][4][5]');
    expect(answer.reasoning).toEqual([{ text: 'The manual and the plan both apply.' }]);
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'manual', quote: 'Doors stay shut.', location: { blockStart: 3, blockEnd: 5 } },
      { id: 'S2', documentId: 'plan', quote: 'Page one.', page: 1 },
      { id: 'S3', documentId: 'web', url: 'https://port.example.is/notices' },
      { id: 'S4', documentId: 'web', quote: 'Gale warnings.', location: { resultIndex: 2, blockStart: 0, blockEnd: 1 } },
      { id: 'S5', documentId: 'plan', page: 6 },
    ]);
    expect(warnings).toEqual([expect.stringContaining('before it starts (page 6)')]);
  });
});

describe('bedrock adapter: Knowledge Bases RetrieveAndGenerate', () => {
  it('reads inclusive span ends in UTF-16 after an emoji and Icelandic letters, with pages and chunk ids', () => {
    const { answer, warnings } = adaptFixture('bedrock-kb');
    expect(answer.text).toBe(
      '🚢 Ferries to Þórshöfn sail twice a week in winter.[1] Passengers must check in 45 minutes before departure[2], or 60 minutes with a vehicle.',
    );
    expect(spanTexts(answer, 'S1')).toEqual(['Ferries to Þórshöfn sail twice a week in winter.']);
    expect(spanTexts(answer, 'S2')).toEqual(['Passengers must check in 45 minutes before departure']);
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'ferry-timetable',
        text: 'From October to April the Þórshöfn route is served on Tuesdays and Fridays.',
        chunkId: '1%3A0%3AhK3xQZQBmY7cU2l8pQvE',
        page: 2,
      },
      {
        id: 'S2',
        documentId: 'passenger-rules',
        text: 'Check-in closes 45 minutes before departure for foot passengers and 60 minutes before departure for vehicles.',
        chunkId: '1%3A0%3AiL4yRaRBnZ8dV3m9qRwF',
        page: 7,
      },
    ]);
    expect(warnings).toEqual([expect.stringContaining('https://ferries.example.is/faq')]);
  });

  it('repairs a span that misses its text (flagged), and puts a citation without a usable span at the end', () => {
    const text = '°F readings: Þórshöfn stays cold. Gales are common.';
    const { answer, warnings } = adaptBedrock({
      id: 'a',
      documents: [{ id: 'climate', title: 'Climate', url: '/api/documents/climate' }],
      payload: {
        output: { text },
        citations: [
          {
            // An exclusive end (one past the period) selects "…cold. " — the text says which words were meant.
            generatedResponsePart: { textResponsePart: { text: 'Þórshöfn stays cold.', span: { start: 13, end: 33 } } },
            retrievedReferences: [
              {
                content: { text: 'Cold all year.' },
                location: { type: 'S3', s3Location: { uri: 's3://b/climate.pdf' } },
                metadata: { 'x-amz-bedrock-kb-document-page-number': '3' },
              },
            ],
          },
          {
            generatedResponsePart: { textResponsePart: { span: { start: 40, end: 400 } } },
            retrievedReferences: [
              {
                content: { text: 'Gales.' },
                location: { type: 'S3', s3Location: { uri: 's3://b/climate.pdf' } },
                metadata: { 'x-amz-bedrock-kb-document-page-number': 0 },
              },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('°F readings: Þórshöfn stays cold.[1] Gales are common.[2]');
    expect(spanTexts(answer, 'S1')).toEqual(['Þórshöfn stays cold.']);
    expect(answer.sources[0]).toMatchObject({ page: 3, flags: [{ code: 'offset-out-of-range' }] });
    expect(answer.sources[1]?.page).toBeUndefined();
    expect(answer.sources[1]?.flags?.[0]?.message).toContain('outside the answer text');
    expect(warnings).toEqual([expect.stringContaining('not a 1-based page'), expect.stringContaining('end of the answer')]);
  });

  it('rejects a payload that is neither a Converse nor a RetrieveAndGenerate response', () => {
    expect(() => adaptBedrock({ id: 'a', documents: docs, payload: { output: { message: { content: 'text' } } } })).toThrow(AdapterError);
    expect(() => adaptBedrock({ id: 'a', documents: docs, payload: { output: 'x' } })).toThrow(AdapterError);
  });
});
