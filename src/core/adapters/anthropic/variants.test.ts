import { describe, expect, it } from 'vitest';
import { adaptAnthropic } from './anthropic.ts';
import { detectFormat } from '../detect.ts';
import { unwrapEnvelope } from '../envelope.ts';
import { adaptFixture, claimSpans, loadFixture, sourceSummary } from '../../../testing/adapter-fixtures.ts';

describe('anthropic: citations without document_index, and recorded streams', () => {
  it('reads citations whose document_index is absent or null by their document_title', () => {
    const { format, answer, warnings } = adaptFixture('anthropic-no-document-index');
    expect(format).toBe('anthropic');
    expect(answer.text).toBe('Backups are kept for 35 days.[1] Only the on-call administrator may restore them.[2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Backup Policy', url: '/api/documents/backup-policy', quote: 'Backups are retained for 35 days.', page: 2 },
      {
        id: 'S2',
        title: 'Access Standard',
        url: '/api/documents/access-standard',
        quote: 'Restores are performed by the on-call administrator only.',
        page: 4,
      },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', 'Backups are kept for 35 days.'],
      ['2', 'Only the on-call administrator may restore them.'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('assembles a recorded event stream (citations_delta, text_delta) into the message and reads it', () => {
    const { format, answer, warnings } = adaptFixture('anthropic-stream');
    expect(format).toBe('anthropic');
    expect(answer.text).toBe('According to the document, the grass is green[1] and the sky is blue.[2]');
    expect(sourceSummary(answer)).toEqual([
      { id: 'S1', title: 'Example Document', url: '/api/documents/example-document.txt', quote: 'The grass is green. ' },
      { id: 'S2', title: 'Example Document', url: '/api/documents/example-document.txt', quote: 'The sky is blue.' },
    ]);
    expect(answer.sources.map((s) => s.location)).toEqual([
      { charStart: 0, charEnd: 20, charUnit: 'codepoint' },
      { charStart: 20, charEnd: 36, charUnit: 'codepoint' },
    ]);
    expect(claimSpans(answer)).toEqual([
      ['1', 'the grass is green'],
      ['2', 'the sky is blue.'],
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads the same stream recorded as { event, data } pairs or as server-sent-event text', () => {
    const events = loadFixture('anthropic-stream').payload as Array<{ type: string }>;
    const expected = adaptAnthropic({ id: 'a', documents: [], payload: events }).answer.text;
    const pairs = events.map((e) => ({ event: e.type, data: JSON.stringify(e) }));
    expect(detectFormat(pairs)).toBe('anthropic');
    expect(adaptAnthropic({ id: 'a', documents: [], payload: pairs }).answer.text).toBe(expected);
    const sse = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
    expect(detectFormat(sse)).toBe('anthropic');
    expect(adaptAnthropic({ id: 'a', documents: [], payload: unwrapEnvelope(sse) }).answer.text).toBe(expected);
  });

  it('keeps thinking deltas as reasoning', () => {
    const { answer } = adaptAnthropic({
      id: 'a',
      documents: [],
      payload: [
        { type: 'message_start', message: { type: 'message', role: 'assistant', content: [] } },
        { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Check the policy.' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQB' } },
        { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Yes.' } },
        { type: 'message_stop' },
      ],
    });
    expect(answer.text).toBe('Yes.');
    expect(answer.reasoning).toEqual([{ text: 'Check the policy.' }]);
  });
});
