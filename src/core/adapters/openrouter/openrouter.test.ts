import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptOpenrouter } from './openrouter.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'ferry', title: 'Winter Ferry Timetable', url: 'https://ferries.example.is/timetables/winter' },
  { id: 'roads', title: 'Road conditions', url: 'https://roads.example.is/north-east' },
];
const FERRY = 'https://ferries.example.is/timetables/winter';
const ROADS = 'https://roads.example.is/north-east';
const cite = (url: string, start = 0, end = 0, content?: string) => ({
  type: 'url_citation',
  url_citation: { url, title: 't', content, start_index: start, end_index: end },
});
const run = (content: string, annotations: unknown[]) =>
  adaptOpenrouter({
    id: 'a',
    documents: docs,
    payload: { id: 'gen-1', provider: 'Google', model: 'google/gemini-2.5-flash:online', choices: [{ message: { role: 'assistant', content, annotations } }] },
  });

describe('openrouter adapter', () => {
  it('with 0/0 indices, replaces the Markdown link to each URL (parentheses included) by [i+1]', () => {
    const { answer, warnings } = adaptFixture('openrouter');
    expect(answer.text).toBe(
      '⛴️ Yes: in winter the ferry to Þórshöfn sails on Tuesdays and Fridays [1]. The road over the heath is often closed after snowfall, so the ferry is the surer option [2].',
    );
    expect(answer.spans).toBeUndefined();
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'ferry-timetable', text: 'From October to April the Þórshöfn route is served on Tuesdays and Fridays.' },
      { id: 'S2', documentId: 'road-conditions', text: 'The heath road (85) is closed after heavy snowfall until cleared.' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads ranges in code points: a range over the link is replaced, a range over words is the claim', () => {
    const content = `🌨️ Þórshöfn: ferries sail twice a week ([ferries.example.is](${FERRY})). The heath road closes after snow.`;
    const cp = (s: string) => [...content.slice(0, content.indexOf(s))].length;
    const claim = 'The heath road closes after snow.';
    const link = `([ferries.example.is](${FERRY}))`;
    const { answer } = run(content, [cite(FERRY, cp(link), cp(link) + link.length), cite(ROADS, cp(claim), cp(claim) + claim.length)]);
    expect(answer.text).toBe('🌨️ Þórshöfn: ferries sail twice a week [1]. The heath road closes after snow.[2]');
    expect(spanTexts(answer, 'S2')).toEqual([claim]);
    expect(markersAt(answer.text, answer.spans![0]!.answerEnd)).toEqual(['2']);
  });

  it('keeps [n] markers the model wrote itself, maps them to annotation n, and reports what it cannot place', () => {
    const { answer, warnings } = run('Two sailings a week [1]. Roads close [2][3].', [cite(FERRY), cite(ROADS), cite('https://elsewhere.example.com/')]);
    expect(answer.text).toBe('Two sailings a week [1]. Roads close [2][3].');
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
    ]);
    expect(warnings).toEqual([expect.stringContaining('https://elsewhere.example.com/, which matches no document')]);

    const lost = run('Two sailings a week.', [cite(FERRY), cite(ROADS, 40, 90)]);
    expect(lost.answer.text).toBe('Two sailings a week.');
    expect(lost.answer.sources[1]?.flags?.[0]?.code).toBe('offset-out-of-range');
    expect(lost.warnings).toEqual([
      expect.stringContaining('annotations[0] (https://ferries.example.is/timetables/winter) has no place in the text'),
      expect.stringContaining('annotations[1] (https://roads.example.is/north-east) has no place in the text'),
    ]);
    expect(run('See [4].', [cite(FERRY, 0, 3)]).warnings).toEqual([expect.stringContaining('[4], which no annotation describes')]);
  });

  it('rejects a payload without choices', () => {
    expect(() => adaptOpenrouter({ id: 'a', documents: docs, payload: { choices: [] } })).toThrow(AdapterError);
  });
});
