// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamQuestion, type AskStreamEvent } from './ask-client.ts';
import { ApiError } from './client.ts';

const answer = {
  format: 'citelens/1',
  id: 'ask-1',
  question: 'Why?',
  text: 'Because [1].',
  documents: [{ id: 'd', title: 'Doc', url: '/api/documents/d' }],
  sources: [{ id: 'S1', documentId: 'd', page: 1, quote: 'Because.' }],
  thread: { id: 'ask-1', turn: 1 },
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A streamed response cut into `chunks` (bytes split anywhere, even inside a UTF-8 character). */
function streamOf(chunks: Uint8Array[], opts: { failAfter?: boolean } = {}): Response {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < chunks.length) c.enqueue(chunks[i++]!);
      else if (opts.failAfter) c.error(new TypeError('network error'));
      else c.close();
    },
  });
  return new Response(body, { status: 201, headers: { 'Content-Type': 'text/event-stream' } });
}

function bytesIn(text: string, size: number): Uint8Array[] {
  const all = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe('streamQuestion', () => {
  it('hears every event in order, however the bytes are cut, and resolves with the stored answer', async () => {
    const text =
      sse('source', { source: answer.sources[0] }) +
      sse('text', { delta: 'Parce que « ۲ » ' }) +
      sse('text', { delta: 'Because [1].' }) +
      sse('done', { answer });
    for (const size of [1, 3, 7, 1000]) {
      fetchMock.mockResolvedValueOnce(streamOf(bytesIn(text, size)));
      const events: AskStreamEvent[] = [];
      const result = await streamQuestion({ question: 'Why?', answerId: 'root' }, (e) => events.push(e));
      expect(events.map((e) => (e.kind === 'text' ? e.delta : e.source.id))).toEqual(['S1', 'Parce que « ۲ » ', 'Because [1].']);
      expect(result.answer.id).toBe('ask-1');
      expect(result.answer.thread).toEqual({ id: 'ask-1', turn: 1 });
      expect(result.answer.documents[0]!.url).toMatch(/^http:\/\/localhost\/api\/documents\/d$/);
    }
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers.Accept).toBe('text/event-stream');
    expect(JSON.parse(init.body)).toEqual({ question: 'Why?', answerId: 'root' });
  });

  it('rejects with the server’s message on an error event', async () => {
    fetchMock.mockResolvedValueOnce(streamOf(bytesIn(sse('text', { delta: 'Bec' }) + sse('error', { message: 'The model timed out.' }), 50)));
    const e = await rejection(streamQuestion({ question: 'Why?' }, () => {}));
    expect(e.message).toContain('The model timed out.');
  });

  it('rejects when the stream ends or breaks before done, and on an event of the wrong shape', async () => {
    fetchMock.mockResolvedValueOnce(streamOf(bytesIn(sse('text', { delta: 'Bec' }), 50)));
    expect((await rejection(streamQuestion({ question: 'q' }, () => {}))).message).toMatch(/ended before the answer was complete/);
    fetchMock.mockResolvedValueOnce(streamOf(bytesIn(sse('text', { delta: 'Bec' }), 50), { failAfter: true }));
    expect((await rejection(streamQuestion({ question: 'q' }, () => {}))).kind).toBe('network');
    fetchMock.mockResolvedValueOnce(streamOf(bytesIn(sse('source', { source: { id: 'S1' } }), 50)));
    const shape = await rejection(streamQuestion({ question: 'q' }, () => {}));
    expect(shape.kind).toBe('invalid-shape');
    expect(shape.message).toContain('source.documentId');
  });

  it('reads an HTTP error’s message, and a plain JSON answer from a server that does not stream', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'not_found', message: 'Answer "x" was not found.' } }), { status: 404 }));
    const e = await rejection(streamQuestion({ question: 'q', answerId: 'x' }, () => {}));
    expect(e.status).toBe(404);
    expect(e.message).toContain('Answer "x" was not found.');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ answer }), { status: 201, headers: { 'Content-Type': 'application/json' } }));
    expect((await streamQuestion({ question: 'q' }, () => {})).answer.id).toBe('ask-1');
  });

  it('stops when aborted, with the abort and not an error to show', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async (_url: string, init: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode(sse('text', { delta: 'Bec' })));
          init.signal?.addEventListener('abort', () => c.error(new DOMException('Aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 201, headers: { 'Content-Type': 'text/event-stream' } });
    });
    const heard: AskStreamEvent[] = [];
    const p = streamQuestion(
      { question: 'q' },
      (e) => {
        heard.push(e);
        controller.abort();
      },
      controller.signal,
    );
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).not.toBeInstanceOf(ApiError);
    expect((e as Error).name).toBe('AbortError');
    expect(heard).toHaveLength(1);
  });
});
