import { describe, expect, it } from 'vitest';
import { AdapterError } from '../errors.ts';
import { adaptMistral } from './mistral.ts';
import { adaptFixture, markersAt, spanTexts } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
  { id: 'alarms', title: 'Alarm Procedures', url: '/api/documents/alarms' },
];

describe('mistral adapter', () => {
  it('makes the text chunk before each tool_reference its claim', () => {
    const { answer, warnings } = adaptFixture('mistral');
    expect(answer.text).toBe('🕘 The Þórshöfn harbour office is open on weekdays from 08:00 to 16:00.[1] It also issues day permits for sea fishing.[2]');
    expect(spanTexts(answer, 'S1')).toEqual(['🕘 The Þórshöfn harbour office is open on weekdays from 08:00 to 16:00.']);
    expect(spanTexts(answer, 'S2')).toEqual(['It also issues day permits for sea fishing.']);
    for (const span of answer.spans ?? []) expect(markersAt(answer.text, span.answerEnd)).toEqual([span.key]);
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'harbour-office', text: 'Opening hours: Monday–Friday 08:00–16:00.' },
      // Matched by URL without its query; the address the search tool read is kept.
      { id: 'S2', documentId: 'fishing-permits', url: 'https://www.example.is/permits/fishing?lang=en', text: 'Day permits are sold at harbour offices.' },
    ]);
    expect(warnings).toEqual([expect.stringContaining('https://angling.example.com/north-east')]);
  });

  it('reads Conversations outputs, reference ids as document positions, thinking and a reference with no text before it', () => {
    const { answer, warnings } = adaptMistral({
      id: 'a',
      documents: docs,
      payload: {
        conversation_id: 'conv_0685c2e1',
        outputs: [
          { type: 'tool.execution', name: 'document_library' },
          {
            type: 'message.output',
            role: 'assistant',
            content: [
              { type: 'reference', reference_ids: [1] },
              { type: 'thinking', thinking: [{ type: 'text', text: 'Both manuals apply.' }] },
              { type: 'text', text: 'Doors alarm after 90 s' },
              { type: 'reference', reference_ids: [1, 0] },
              { type: 'text', text: ', and vaccines stay cold.' },
              { type: 'image_url', image_url: 'https://example.com/chart.png' },
            ],
          },
        ],
      },
    });
    expect(answer.text).toBe('[1]Doors alarm after 90 s[1][2], and vaccines stay cold.');
    expect(spanTexts(answer, 'S1')).toEqual(['Doors alarm after 90 s']);
    expect(spanTexts(answer, 'S2')).toEqual(['Doors alarm after 90 s']);
    expect(answer.sources.map((s) => s.documentId)).toEqual(['alarms', 'manual']);
    expect(answer.reasoning).toEqual([{ text: 'Both manuals apply.' }]);
    expect(warnings).toEqual([expect.stringContaining('content[0] has no text before it'), expect.stringContaining('"image_url", which is not read')]);
  });

  it('reads a plain string content (no citations) and rejects a payload without choices or outputs', () => {
    expect(adaptMistral({ id: 'a', documents: docs, payload: { choices: [{ message: { content: 'Hi.' } }] } }).answer.text).toBe('Hi.');
    expect(() => adaptMistral({ id: 'a', documents: docs, payload: { choices: [] } })).toThrow(AdapterError);
    expect(() => adaptMistral({ id: 'a', documents: docs, payload: { outputs: 'x' } })).toThrow(AdapterError);
  });
});
