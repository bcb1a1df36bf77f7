import { describe, expect, it } from 'vitest';
import { adaptOpenai } from './openai.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

// Assistants v2 thread messages, as OpenAI's Assistants API and Azure AI Foundry agents return them.

describe('openai: Assistants v2 and Azure AI Foundry agents', () => {
  it('reads grounding-with-Bing url_citation annotations (url and title nested) and replaces their placeholders', () => {
    const { format, answer, warnings } = adaptFixture('azure-agents-bing');
    expect(format).toBe('openai');
    expect(answer.text).toBe(
      'The Surface Pro 11 runs on the Snapdragon X Elite chip[1]. Microsoft rates its battery for up to 14 hours of local video playback[2].',
    );
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Surface Pro, 11th Edition', url: 'https://www.microsoft.com/en-us/surface/devices/surface-pro-11th-edition' },
      { id: 'S2', title: 'Surface Pro 11 tech specs', url: 'https://techspecs.example/surface-pro-11' },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    // A placeholder says which sentence it ends, not which words: no claim span is invented (the app takes the sentence).
    expect(claimSpans(answer)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('reads file_citation { file_id, quote } (file search), a null quote as no quote', () => {
    const { answer, warnings } = adaptFixture('assistants-v2-file-search');
    expect(answer.text).toBe('Contoso reimburses home-office equipment up to $500 a year[1]. Receipts must be filed within 30 days of purchase[2].');
    expect(sourceSummary(answer)).toEqual([
      {
        id: 'S1',
        title: 'Contoso expense policy',
        url: '/api/documents/contoso-expense-policy',
        quote: 'Employees may claim up to $500 per calendar year for home-office equipment.',
      },
      { id: 'S2', title: 'Contoso expense policy', url: '/api/documents/contoso-expense-policy' },
    ]);
    expect(claimSpans(answer)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('finds a placeholder without offsets by its text, and puts a url_citation with neither at the end, saying so', () => {
    const value = 'Snapdragon inside【3:0†source】. Fourteen hours.';
    const { answer, warnings } = adaptOpenai({
      id: 'a',
      documents: [{ id: 'w', title: 'Surface', url: 'https://surface.example/' }],
      payload: {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: {
              value,
              annotations: [
                { type: 'url_citation', text: '【3:0†source】', url_citation: { url: 'https://surface.example/', title: 'Surface' } },
                { type: 'url_citation', url_citation: { url: 'https://surface.example/', title: null } },
              ],
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('Snapdragon inside[1]. Fourteen hours.[1]');
    expect(warnings).toEqual(['content[0].text.annotations[1] gives no place in the text; its marker was put at the end of the part.']);
  });
});
