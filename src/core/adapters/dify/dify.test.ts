import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../../model/answer-model.ts';
import { adaptDify } from './dify.ts';
import { AdapterError } from '../errors.ts';
import { adaptFixture, markersAt } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
  { id: 'alarms', title: 'Alarm Procedures', url: '/api/documents/alarms' },
];

describe('dify adapter', () => {
  it('cites every retriever resource with the whole answer, numbered by position', () => {
    const { answer, warnings } = adaptFixture('dify');
    const plain = '❄️ Vaccines are kept between 36 °F and 46 °F. A door left open for more than 90 seconds raises the alarm.';
    expect(answer.text).toBe(`${plain}[1][2]`);
    expect(answer.sources).toEqual([
      {
        id: 'S1',
        documentId: 'cold-storage-manual',
        chunkId: '1c7e9a42-5b3d-4f60-8e21-d4a6b0c9f713',
        text: 'Vaccines are stored between 36 °F and 46 °F (2–8 °C) at all times.',
        relevance: 0.9134,
      },
      {
        id: 'S2',
        documentId: 'alarm-procedures',
        chunkId: 'ed599c7f-2766-4294-9d1d-e5235a61270a',
        text: 'A door left open for more than 90 seconds triggers the alarm.',
        relevance: 0.6871,
      },
    ]);
    for (const span of answer.spans ?? []) {
      expect(answer.text.slice(span.answerStart, span.answerEnd)).toBe(plain);
      expect(markersAt(answer.text, span.answerEnd)).toEqual(['1', '2']);
    }
    expect(answer.spans).toHaveLength(2);
    expect(warnings).toEqual([]);
  });

  it('shows a reader one claim, the whole answer, supported by each resource', () => {
    const { answer } = adaptFixture('dify');
    const model = buildAnswerModel(answer, 'en');
    const cited = model.claims.filter((c) => c.citations.length > 0);
    expect(cited).toHaveLength(1);
    expect(cited[0]?.citations.map((c) => c.sourceId)).toEqual(['S1', 'S2']);
  });

  it('reads 0-based pages, repeated positions and an answer without resources', () => {
    const { answer, warnings } = adaptDify({
      id: 'a',
      documents: docs,
      payload: {
        answer: 'Keep doors shut.',
        metadata: {
          retriever_resources: [
            { position: 1, document_name: 'alarms.pdf', content: 'Shut doors.', page: 0 },
            { position: 1, document_name: 'manual.pdf', content: 'Cold.' },
          ],
        },
      },
    });
    expect(answer.text).toBe('Keep doors shut.[1][2]');
    expect(answer.sources).toEqual([
      { id: 'S1', documentId: 'alarms', text: 'Shut doors.', page: 1 },
      { id: 'S2', documentId: 'manual', text: 'Cold.' },
    ]);
    expect(warnings).toEqual(['retriever_resources[1] repeats position 1; it is cited as [2].']);
    const bare = adaptDify({ id: 'a', documents: docs, payload: { event: 'message', answer: 'Hello.', metadata: { usage: {} } } }).answer;
    expect(bare.text).toBe('Hello.');
    expect(bare.citations).toBeUndefined();
  });

  it('rejects a payload without an answer', () => {
    expect(() => adaptDify({ id: 'a', documents: docs, payload: { metadata: { retriever_resources: [] } } })).toThrow(AdapterError);
  });
});
