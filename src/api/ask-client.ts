import type { z } from 'zod';
import type { Source } from '../core/model/types.ts';
import { askResponseSchema, streamEventSchemas, type AskRequest } from './ask-schema.ts';
import { authHeaders } from './auth-token.ts';
import { answerFromJson, ApiError, apiUrl, formatIssues, type AnswerResult } from './client.ts';
import { initialSseState, parseSseChunk, type SseEvent } from './sse-parser.ts';

// Asking questions (issue #12): POST /api/ask answered at once, or streamed as server-sent events over the fetch
// body (EventSource cannot POST). Every event is validated; the `done` answer is read exactly like a fetched one.
// Imported when a question is sent (app/thread/use-ask.ts), not with the app (issue #37); reading a conversation's
// turns is thread-queries.ts.

export type AskStreamEvent = { kind: 'text'; delta: string } | { kind: 'source'; source: Source };

const LABEL = 'The answer to your question';

async function postAsk(request: AskRequest, accept: string, signal?: AbortSignal): Promise<{ res: Response; url: string }> {
  const url = apiUrl('/ask');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Accept: accept, 'Content-Type': 'application/json', ...authHeaders() },
      body: JSON.stringify(request),
      ...(signal && { signal }),
    });
  } catch (e) {
    if (signal?.aborted) throw e; // Stop is not an error to report
    // The browser's own words ("Failed to fetch") stay in `cause`: they tell a reader nothing to do.
    throw new ApiError({ kind: 'network', url, message: 'Could not reach the server to ask the question. Check your connection.', cause: e });
  }
  if (!res.ok) {
    let message: unknown;
    try {
      message = ((await res.json()) as { error?: { message?: unknown } })?.error?.message;
    } catch {
      // no JSON error body: the status says enough
    }
    const detail = typeof message === 'string' ? ` ${message}` : '';
    throw new ApiError({ kind: 'http', status: res.status, url, message: `The server did not answer the question (HTTP ${res.status}).${detail}` });
  }
  return { res, url: res.url || url };
}

/** Asks and waits for the whole answer (201 `{ answer }`). */
export async function askQuestion(request: AskRequest, signal?: AbortSignal): Promise<AnswerResult> {
  const { res, url } = await postAsk(request, 'application/json', signal);
  return readJsonAnswer(res, url);
}

async function readJsonAnswer(res: Response, url: string): Promise<AnswerResult> {
  let json: unknown;
  try {
    json = await res.json();
  } catch (e) {
    throw new ApiError({ kind: 'invalid-json', status: res.status, url, message: `The server's answer is not valid JSON.`, cause: e });
  }
  const body = parse(askResponseSchema, json, url, res.status);
  return answerFromJson(body.answer, url, LABEL);
}

function parse<S extends z.ZodType>(schema: S, value: unknown, url: string, status: number, what = "The server's answer"): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  const issues = formatIssues(parsed.error);
  throw new ApiError({
    kind: 'invalid-shape',
    status,
    url,
    issues,
    message: `${what} does not have the expected shape:\n  - ${issues.slice(0, 5).join('\n  - ')}`,
  });
}

/**
 * Asks with `Accept: text/event-stream`: `onEvent` hears every text delta and source as it arrives; resolves with
 * the stored answer of the `done` event. Rejects with an ApiError for an `error` event, a bad event, or a stream
 * that ends before `done`; with the abort reason when `signal` aborts. A server that answers JSON instead of a
 * stream is read as the plain response.
 */
export async function streamQuestion(request: AskRequest, onEvent: (event: AskStreamEvent) => void, signal?: AbortSignal): Promise<AnswerResult> {
  const { res, url } = await postAsk(request, 'text/event-stream', signal);
  if (!(res.headers.get('Content-Type') ?? '').includes('text/event-stream') || !res.body) return readJsonAnswer(res, url);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let state = initialSseState;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new ApiError({ kind: 'network', url, message: 'The connection broke while the answer was being written.', cause: e });
      }
      if (chunk.done) break;
      const step = parseSseChunk(state, chunk.value);
      state = step.state;
      for (const event of step.events) {
        const answer = handle(event, url, res.status, onEvent);
        if (answer) return await answer;
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new ApiError({ kind: 'network', url, message: 'The answer stream ended before the answer was complete.' });
}

function handle(event: SseEvent, url: string, status: number, onEvent: (event: AskStreamEvent) => void): Promise<AnswerResult> | null {
  if (!(event.event in streamEventSchemas)) return null; // unknown events are for newer clients
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch (e) {
    throw new ApiError({ kind: 'invalid-json', status, url, message: `The server sent a "${event.event}" event that is not valid JSON.`, cause: e });
  }
  const what = `The server's "${event.event}" event`;
  switch (event.event) {
    case 'text':
      onEvent({ kind: 'text', delta: parse(streamEventSchemas.text, data, url, status, what).delta });
      return null;
    case 'source':
      onEvent({ kind: 'source', source: parse(streamEventSchemas.source, data, url, status, what).source });
      return null;
    case 'done':
      return answerFromJson(parse(streamEventSchemas.done, data, url, status, what).answer, url, LABEL);
    case 'error':
      throw new ApiError({
        kind: 'http',
        status,
        url,
        message: `The server could not answer: ${parse(streamEventSchemas.error, data, url, status, what).message}`,
      });
    default:
      return null;
  }
}
