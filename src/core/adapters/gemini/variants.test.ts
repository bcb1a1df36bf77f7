import { describe, expect, it } from 'vitest';
import { adaptGemini } from './gemini.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';

const docs = [{ id: 'sop', title: 'SOP', url: '/api/documents/sop' }];

describe('gemini: uncited retrieved chunks and the Interactions API', () => {
  it('keeps retrieved chunks that no grounding support cites as sources without a marker', () => {
    const { format, answer, warnings } = adaptFixture('gemini-rag-uncited');
    expect(format).toBe('gemini');
    expect(answer.text).toBe('Vaccines must stay between 2 °C and 8 °C during transport.[1] Any excursion has to be logged within one hour.[2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Cold chain SOP', url: '/api/documents/cold-chain-sop', page: 3, text: 'Vaccines are transported at 2–8 °C in validated containers.' },
      {
        id: 'S2',
        title: 'Temperature excursion procedure',
        url: '/api/documents/excursion-log',
        page: 1,
        pageEnd: 2,
        text: 'Log every temperature excursion within 60 minutes of detection.',
      },
      { id: 'S3', title: 'Cold chain SOP', url: '/api/documents/cold-chain-sop', page: 7, text: 'Containers are re-qualified every 12 months.' },
    ]);
    // S3 was retrieved, not cited: listed, but no marker and no claim name it.
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', 'Vaccines must stay between 2 °C and 8 °C during transport.'],
      ['2', 'Any excursion has to be logged within one hour.'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('counts web results no support cites in a warning', () => {
    const { warnings } = adaptGemini({
      id: 'a',
      documents: docs,
      payload: {
        candidates: [
          {
            content: { parts: [{ text: 'Hi.' }] },
            groundingMetadata: { groundingChunks: [{ web: { uri: 'https://a.example/', title: 'a' } }], groundingSupports: [] },
          },
        ],
      },
    });
    expect(warnings).toEqual(['1 web result of groundingChunks is cited by no groundingSupport; not read as sources.']);
  });

  it("Interactions API: reads the model_output step's text and its url_citation annotations (code points)", () => {
    const { format, answer, warnings } = adaptFixture('gemini-interactions');
    expect(format).toBe('gemini');
    expect(answer.text).toBe('Spain won Euro 2024, beating England 2–1 in the final in Berlin.[1] Mikel Oyarzabal scored the winner in the 86th minute.[2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Spain crowned Euro 2024 champions', url: 'https://www.uefa.com/euro2024/news/spain-champions' },
      { id: 'S2', title: 'Spain 2-1 England: match report', url: 'https://sport.example/euro-2024-final-report' },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', 'Spain won Euro 2024, beating England 2–1 in the final in Berlin.'],
      ['2', 'Mikel Oyarzabal scored the winner in the 86th minute.'],
    ]);
    expect(answer.reasoning).toEqual([{ text: 'Search for the Euro 2024 final result.' }]);
    expect(warnings).toEqual(['1 search result of the interaction is cited by no annotation; not read as sources.']);
  });

  it('Interactions API: reads older `outputs[]` text and file citations, placing one without offsets at the end', () => {
    const { answer, warnings } = adaptGemini({
      id: 'a',
      documents: docs,
      payload: { outputs: [{ type: 'text', text: 'Keep it cold.', annotations: [{ type: 'file_citation', file_name: 'sop.pdf' }] }] },
    });
    expect(answer.text).toBe('Keep it cold.[1]');
    expect(answer.sources).toEqual([{ id: 'S1', documentId: 'sop' }]);
    expect(warnings).toEqual(['outputs[0].annotations[0] gives no usable place in the text; its marker was put at the end of the part.']);
  });
});
