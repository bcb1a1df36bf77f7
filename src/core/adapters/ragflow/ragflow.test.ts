import { describe, expect, it } from 'vitest';
import { toCanonicalBoxes } from '../../coords/conventions.ts';
import { AdapterError } from '../errors.ts';
import { adaptRagflow, ragflowCoords } from './ragflow.ts';
import { adaptFixture } from '../../../testing/adapter-fixtures.ts';

const docs = [
  { id: 'manual', title: 'Cold Storage Manual', url: '/api/documents/manual' },
  { id: 'alarms', title: 'Alarm Procedures', url: '/api/documents/alarms' },
];

describe('ragflow adapter', () => {
  it('replaces ##N$$ by [N+1] and turns positions into boxes in points from the page top-left', () => {
    const { answer, warnings } = adaptFixture('ragflow');
    expect(answer.text).toBe(
      'Vaccines at the Þórshöfn depot are stored between 36 °F and 46 °F [1]. If a door stays open for more than 90 seconds, the alarm sounds and the duty officer is paged [2] [3].',
    );
    expect(answer.citations).toEqual([
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S2' },
      { n: 3, sourceId: 'S3' },
    ]);
    expect(answer.sources[0]).toEqual({
      id: 'S1',
      documentId: 'cold-storage-manual',
      chunkId: 'a8f3c1d2e4b5f6a7',
      text: 'Vaccines are stored between 36 °F and 46 °F (2–8 °C) at all times, including during transfer between rooms.',
      relevance: 0.8123,
      page: 4,
      boxes: [
        { page: 4, x0: 72, x1: 523, y0: 318, y1: 334 },
        { page: 4, x0: 72, x1: 410, y0: 336, y1: 352 },
      ],
      coords: ragflowCoords,
    });
    // A chunk over a page break spans two pages; a non-PDF chunk (`[""]`) has no boxes and no flag.
    expect(answer.sources[1]).toMatchObject({ page: 11, pageEnd: 12 });
    expect(answer.sources[2]).toEqual({
      id: 'S3',
      documentId: 'alarm-procedures',
      chunkId: 'c6d1e9b0a2f3d4c5',
      text: 'Alarm escalation: the duty officer, then the site manager.',
      relevance: 0.5219,
    });
    expect(warnings).toEqual([]);
  });

  it('keeps its boxes where they are on an unrotated page, and turns them with a rotated one', () => {
    const { answer } = adaptFixture('ragflow');
    const s = answer.sources[0]!;
    const upright = toCanonicalBoxes(s.boxes!, s.coords, () => ({ view: [0, 0, 595, 842], rotate: 0 }));
    expect(upright.boxes[0]).toEqual({ page: 4, x0: 72, y0: 318, x1: 523, y1: 334 });
    // pdfplumber measures a /Rotate 90 page as displayed (842 wide): the box is not where canonical space puts it.
    const turned = toCanonicalBoxes(s.boxes!, s.coords, () => ({ view: [0, 0, 595, 842], rotate: 90 }));
    expect(turned.boxes[0]).not.toEqual(upright.boxes[0]);
  });

  it('reads the OpenAI-compatible envelope, [ID:n] markers and chunks keyed by index', () => {
    const { answer, warnings } = adaptRagflow({
      id: 'a',
      documents: docs,
      coords: { origin: 'bottom-left', units: 'pt', frame: 'unrotated' },
      payload: {
        id: 'chatcmpl-3b0397f277f511f0b47f729e3aa55728',
        object: 'chat.completion',
        choices: [
          {
            message: {
              role: 'assistant',
              content: 'Doors alarm after 90 seconds [ID:20]. See also ##7$$.',
              reference: {
                chunks: {
                  '20': {
                    id: '4b8935ac0a22deb1',
                    content: 'Alarm after 90 s.',
                    document_id: 'x1',
                    document_name: 'alarms.pdf',
                    positions: [
                      [12, 11, 11, 11, 11],
                      [3, 90, 505, 60, 88],
                    ],
                  },
                },
                doc_aggs: { 'alarms.pdf': { doc_name: 'alarms.pdf', doc_id: 'x1', count: 1 } },
              },
            },
          },
        ],
      },
    });
    expect(answer.text).toBe('Doors alarm after 90 seconds [21]. See also [8].');
    expect(answer.citations).toEqual([{ n: 21, sourceId: 'S1' }]);
    // The wrapper declared its own convention, so the source carries none; the point-like box is skipped, flagged.
    expect(answer.coords).toEqual({ origin: 'bottom-left', units: 'pt', frame: 'unrotated' });
    expect(answer.sources[0]).toMatchObject({ documentId: 'alarms', page: 3, boxes: [{ page: 3, x0: 90, x1: 505, y0: 60, y1: 88 }] });
    expect(answer.sources[0]?.coords).toBeUndefined();
    expect(answer.sources[0]?.flags).toEqual([{ code: 'adapter-note', message: expect.stringContaining('1 of the chunk') }]);
    expect(warnings).toEqual(['The answer cites ##7$$, which names no retrieved chunk; it is shown as a broken citation.']);
  });

  it('reads `data` alone and an answer without references', () => {
    const { answer } = adaptRagflow({ id: 'a', documents: docs, payload: { answer: 'Nothing found.', reference: {} } });
    expect(answer.text).toBe('Nothing found.');
    expect(answer.sources).toEqual([]);
    expect(() => adaptRagflow({ id: 'a', documents: docs, payload: { code: 0, data: true } })).toThrow(AdapterError);
    // Some versions send positions as a string: no boxes, but the chunk is still a source.
    const loose = adaptRagflow({
      id: 'a',
      documents: docs,
      payload: { data: { answer: 'Cold ##0$$.', reference: { chunks: [{ content: 'Cold.', document_name: 'manual.pdf', positions: '' }] } } },
    });
    expect(loose.answer.text).toBe('Cold [1].');
    expect(loose.answer.sources).toEqual([{ id: 'S1', documentId: 'manual', text: 'Cold.' }]);
  });
});
