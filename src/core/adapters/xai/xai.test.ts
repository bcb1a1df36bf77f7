import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptXai } from './xai.ts';
import { adaptFixture, claimSpans, sourceSummary } from '../../../testing/adapter-fixtures.ts';
import { runAdapter } from '../registry.ts';

const docs = [
  { id: 'climate', title: 'Climate normals', url: 'https://vedur.example.is/thorshofn/climate' },
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
];
const LINK = '[[1]](https://vedur.example.is/thorshofn/climate)';

describe('xai adapter', () => {
  it('replaces each located [[n]](url) link by [n], counting code points past an emoji and Icelandic letters', () => {
    const { answer, warnings } = adaptFixture('xai');
    expect(answer.text).toBe('🌡️ Þórshöfn rarely gets warmer than 55 °F in July [1]. Snow can fall as late as May [2].');
    expect(answer.spans).toBeUndefined();
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'climate-normals' },
      { id: 'S2', documentId: 'late-snow-post' },
    ]);
    // The top-level list also names a page the text does not cite: the agent read it, the answer does not cite it.
    expect(warnings).toEqual([
      'The agent also looked at 1 URL the answer does not cite (`citations`): https://en.wikipedia.org/wiki/Þórshöfn; they are not citations and were not read.',
    ]);
  });

  it('repairs offsets counted in UTF-16 (flagged), places an insertion point, and reads collections citations', () => {
    const content = `🌡️ Cold in July ${LINK}. Keep vaccines cold.`;
    const utf16Start = content.indexOf(LINK); // 18: one more than the code-point offset, because of the emoji
    const { answer } = adaptXai({
      id: 'a',
      documents: docs,
      payload: {
        outputs: [
          {
            message: {
              content,
              citations: [
                { id: '1', startIndex: utf16Start, endIndex: utf16Start + LINK.length, webCitation: { url: 'https://vedur.example.is/thorshofn/climate' } },
                // An older proto: only the insertion point, counted in code points (after "cold").
                {
                  id: '2',
                  start_index: [...content].length - 1,
                  collections_citation: { file_id: 'manual', chunk_id: 'c-7', chunk_content: 'Vaccines stay at 2–8 °C.', score: 0.82 },
                },
              ],
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('🌡️ Cold in July [1]. Keep vaccines cold[2].');
    expect(answer.sources[0]).toMatchObject({ documentId: 'climate', flags: [{ code: 'offset-out-of-range' }] });
    expect(answer.sources[1]).toEqual({ id: 'S2', documentId: 'manual', chunkId: 'c-7', text: 'Vaccines stay at 2–8 °C.', relevance: 0.82 });
  });

  it('reads the Responses API, and links without metadata by their URL', () => {
    const text = `Þórshöfn: cold summers ${LINK}. Vaccines stay cold [[2]](/api/documents/manual).`;
    const start = [...text.slice(0, text.indexOf(LINK))].length;
    const { answer, warnings } = adaptXai({
      id: 'a',
      documents: [...docs, { id: 'plan', title: 'Harbour Safety Plan', url: '/api/documents/plan' }],
      payload: {
        object: 'response',
        model: 'grok-4',
        output: [
          { type: 'web_search_call', id: 'ws_1', status: 'completed' },
          {
            type: 'message',
            content: [
              {
                type: 'output_text',
                text,
                annotations: [
                  { type: 'url_citation', url: 'https://vedur.example.is/thorshofn/climate', title: '1', start_index: start, end_index: start + LINK.length },
                  { type: 'url_citation', url: 'https://other.example.com/', start_index: 0, end_index: 0 },
                  { type: 'url_citation', url: '/api/documents/manual', title: 'Cold Storage Manual', start_index: 0, end_index: 0 },
                  { type: 'url_citation', url: 'https://vedur.example.is/thorshofn/climate', title: 'Summer', start_index: 0, end_index: 0 },
                  { type: 'url_citation', url: 'https://plan.example.is/', title: 'Harbour Safety Plan', start_index: 0, end_index: 0 },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('Þórshöfn: cold summers [1]. Vaccines stay cold [2].');
    expect(answer.sources.map((s) => s.documentId)).toEqual(['climate', 'manual', 'plan']);
    // 0–0 is no position: a link to the URL is looked for (not flagged). The fourth annotation names a page whose
    // only link the first already took, so it adds nothing; the fifth (matched by title) has no link at all.
    expect(answer.sources.every((x) => x.flags === undefined)).toBe(true);
    expect(answer.sources[2]).toEqual({ id: 'S3', documentId: 'plan', url: 'https://plan.example.is/' });
    expect(warnings).toEqual([
      expect.stringContaining('names URL https://other.example.com/, which matches no document'),
      expect.stringContaining('annotations[4] gives no place in the text'),
    ]);
  });

  it('says so when the response lists URLs but the text cites none (chat completions)', () => {
    const { answer, warnings } = adaptXai({
      id: 'a',
      documents: docs,
      payload: { model: 'grok-3', choices: [{ message: { content: 'It is cold.' } }], citations: ['https://a.example/', 'https://b.example/'] },
    });
    expect(answer.text).toBe('It is cold.');
    expect(warnings).toEqual([
      'The response lists 2 URLs the agent looked at (`citations`), but the text cites none of them; they are not citations and were not read.',
    ]);
  });

  it('rejects a payload with no outputs', () => {
    expect(() => adaptXai({ id: 'a', documents: docs, payload: { outputs: [] } })).toThrow(AdapterError);
    expect(() => adaptXai({ id: 'a', documents: docs, payload: 3 })).toThrow(AdapterError);
  });
});

describe('xai variants', () => {
  it('reads a run that used a tool: the answer is the last assistant message, not the tool call or its result', () => {
    const { format, answer, warnings } = adaptFixture('xai-tool-run');
    expect(format).toBe('xai');
    expect(answer.text).toBe('London is mild today: about 18 °C with light showers [1]. The Met Office expects the rain to clear by the evening [2].');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'London weather today', url: 'https://weather.example/london/today' },
      { id: 'S2', title: 'Met Office post', url: 'https://x.com/MetOffice/status/1950000000000000001' },
    ]);
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    // xAI says which link cites, not which words: the sentence is the claim.
    expect(claimSpans(answer)).toEqual([]);
    // The tool read a third page the answer does not cite: said, not silently dropped.
    expect(warnings).toEqual([
      'The agent also looked at 1 URL the answer does not cite (`outputs[1].message.citations`): https://bbc.example/weather/2643743; they are not citations and were not read.',
    ]);
  });

  it('fails, naming where it looked, when no message of the run has answer text', () => {
    const run = () =>
      adaptXai({
        id: 'a',
        documents: docs,
        payload: { outputs: [{ message: { role: 'ROLE_ASSISTANT', toolCalls: [{ id: 't' }] } }, { message: { role: 'ROLE_TOOL', content: 'result' } }] },
      });
    // The tool's result is not the answer: with no assistant text the first output is read, and it has none.
    expect(run().answer.text).toBe('');
    expect(() => runAdapter('xai', { id: 'a', documents: docs, payload: { outputs: [{ message: { role: 'ROLE_ASSISTANT' } }] } })).toThrow(
      /no answer text was found \(looked at `outputs\[\]\.message\.content/,
    );
  });
});
