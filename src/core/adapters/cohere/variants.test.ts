import { describe, expect, it } from 'vitest';
import { adaptCohere } from './cohere.ts';
import { detectFormat } from '../detect.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

describe('cohere: v1 chat and v2 tool results', () => {
  it('v1: top-level text, citations joined to documents by id; detected as cohere, not raglite', () => {
    const { format, answer, warnings } = adaptFixture('cohere-v1-documents');
    expect(format).toBe('cohere');
    expect(answer.text).toBe('The tallest penguins, Emperor penguins[1], live in Antarctica.[2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Tall penguins', url: '/api/documents/tall-penguins', quote: 'Emperor penguins', text: 'Emperor penguins are the tallest.' },
      { id: 'S2', title: 'Penguin habitats', url: '/api/documents/penguin-habitats', quote: 'Antarctica.', text: 'Emperor penguins only live in Antarctica.' },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', 'Emperor penguins'],
      ['2', 'Antarctica.'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('v1: reads a document by whatever fields it has (text, url), and says so when a document id is not listed', () => {
    const { answer, warnings } = adaptCohere({
      id: 'a',
      documents: [{ id: 'faq', title: 'FAQ', url: 'https://faq.example/' }],
      payload: {
        text: 'Refunds take 5 days.',
        citations: [{ start: 0, end: 20, text: 'Refunds take 5 days.', document_ids: ['web-search_3', 'doc_9'] }],
        documents: [{ id: 'web-search_3', text: 'Refunds take 5 days to arrive.', url: 'https://faq.example/', timestamp: null }],
      },
    });
    expect(answer.text).toBe('Refunds take 5 days.[1][2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'FAQ', url: 'https://faq.example/', quote: 'Refunds take 5 days', text: 'Refunds take 5 days to arrive.' },
      { id: 'S2', title: 'FAQ', url: 'https://faq.example/', flags: ['document-guessed'] },
    ]);
    expect(warnings).toEqual([
      'citations[0] names document "doc_9", which the response\'s `documents` does not list; it is matched by its id alone.',
      expect.stringContaining('citations[0] (doc_9) names id "doc_9", index 9, which matches no document; it was mapped to the only document "faq".'),
    ]);
  });

  it('v2: a tool result cited as a source keeps the tool output as its text', () => {
    const { format, answer, warnings } = adaptFixture('cohere-v2-tool');
    expect(format).toBe('cohere');
    expect(answer.text).toBe('It is currently 24°C[1] in Madrid and 28°C[2] in Brasilia.');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'get_weather: Madrid', url: '/api/documents/weather-madrid', quote: '24°C', text: 'temperature: {"madrid":"24°C"}' },
      { id: 'S2', title: 'get_weather: Brasilia', url: '/api/documents/weather-brasilia', quote: '28°C', text: 'temperature: {"brasilia":"28°C"}' },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', '24°C'],
      ['2', '28°C'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('tells v1 from raglite by its document_ids', () => {
    expect(detectFormat({ text: 'a', citations: [{ start: 0, end: 1, text: 'a', document_ids: ['doc_0'] }] })).toBe('cohere');
    expect(detectFormat({ text: 'a [1]', citations: [{ n: 1, source: 'x' }] })).toBe('raglite');
  });
});
