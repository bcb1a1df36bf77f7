import type { Context, Hono } from 'hono';
import { bodyLimit } from '../body-limit.ts';
import { apiError } from '../api-error.ts';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { AuthVariables } from '../auth-context.ts';
import { clientKey, tooManyRequests, type RateLimiter } from '../rate-limit.ts';
import { hasLoneSurrogate } from '../text-checks.ts';
import { AnswerStoreError } from './answer-store.ts';
import { AnswerNotFoundError, AskService, type AskServiceOptions, type StoredAnswer } from './ask-service.ts';
import { createMemoryChatSessions, type ChatSession, type ChatSessionStoreFactory } from './chat-sessions.ts';
import { sessionStoreDown } from '../auth.ts';
import type { AskConfig } from './config.ts';
import { LlmError } from './llm-answer.ts';
import { streamAnswer } from './sse.ts';
import type { StartupIndexSync } from './startup-index-sync.ts';
import type { ApiErrorCode } from '../../api/error-schema.ts';

// The ask API (docs/api.md, "Asking questions"): POST /api/ask, GET /api/answers/:id/thread, POST /api/chat and
// DELETE /api/chat/:session_id. Mounted by createApp() after the bearer-token check, like every /api route. The
// POSTs take only `Content-Type: application/json`: a cross-site form cannot send that without a CORS preflight,
// which this server never grants to other sites, so an open API (no tokens) cannot be made to ask by another page.

type Env = { Variables: AuthVariables };

export const MAX_QUESTION_LENGTH = 2000;
const MAX_BODY = 64 * 1024;

export interface AskRoutesOptions extends AskConfig {
  dataDir: string;
  warn: (message: string) => void;
  isValidId: (id: string) => boolean;
  /** Questions per client, ask and chat together (429 with Retry-After past it). Absent: no limit. */
  limiter?: RateLimiter;
  trustProxy?: boolean;
  /** The asked answers' cap and retention. */
  retention?: AskServiceOptions['retention'];
  /** Where asked answers are stored (the review database); absent: in memory. */
  asked?: AskServiceOptions['asked'];
  /** Told how long each question took (the ask latency metric). */
  observeAsk?: AskServiceOptions['observe'];
  /** Where chat sessions are kept: the review database (chat-sessions-db.ts). Default: this process's memory. */
  chatSessions?: ChatSessionStoreFactory;
  /** The search index: the review database's (search-index-db.ts). Default: SQLite in memory. */
  searchIndex?: AskServiceOptions['index'];
  /** Brings the index up to date with the data folder at start, in the background (the server; tests leave it off). */
  startupSync?: StartupIndexSync;
}

type ErrorStatus = 400 | 404 | 413 | 415 | 502 | 503;

function askError(c: Context<Env>, status: ErrorStatus, code: ApiErrorCode, message: string, issues?: { path: string; message: string }[]) {
  return apiError(c, status, code, message, issues ? { details: { issues } } : {});
}

const questionField = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_QUESTION_LENGTH, `at most ${MAX_QUESTION_LENGTH} characters`);

function wantsStream(c: Context<Env>): boolean {
  return (c.req.header('Accept') ?? '').toLowerCase().includes('text/event-stream');
}

/** The JSON body parsed by `schema`, or the 400/415 response that says what is wrong. */
async function readBody<T>(c: Context<Env>, schema: z.ZodType<T>, shape: string): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return { ok: false, response: askError(c, 415, 'unsupported_media_type', `Send ${shape} as JSON (Content-Type: application/json).`) };
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: askError(c, 400, 'invalid_json', `The body is not JSON: send ${shape}.`) };
  }
  // Valid JSON, but not text: a lone surrogate ("\ud800") would be stored as bytes no reader can decode.
  if (hasLoneSurrogate(body)) {
    const issues = [{ path: '', message: 'must be valid Unicode text (no lone surrogate, \\ud800–\\udfff)' }];
    return { ok: false, response: askError(c, 400, 'bad_request', `Send ${shape} as valid Unicode text (a lone surrogate is not a character).`, issues) };
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const list = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return { ok: false, response: askError(c, 400, 'bad_request', `Send ${shape} (${list}).`, issues) };
}

/** The cause of a failed answer save without the file's path ("the disk is full (ENOSPC)"): what a client is told. */
function storeReason(e: AnswerStoreError): string {
  return e.message.replace(/^cannot store answer [^:]+: /, '');
}

export function mountAskRoutes(app: Hono<Env>, o: AskRoutesOptions): AskService {
  const service = new AskService({
    dataDir: o.dataDir,
    warn: o.warn,
    ...(o.llm && { llm: o.llm }),
    ...(o.now && { now: o.now }),
    ...(o.retention && { retention: o.retention }),
    ...(o.asked && { asked: o.asked }),
    ...(o.observeAsk && { observe: o.observeAsk }),
    ...(o.searchIndex && { index: o.searchIndex }),
  });
  /** 429 when this client has asked too much lately; null when it may ask. */
  const limited = (c: Context<Env>): Response | null => {
    const verdict = o.limiter?.take(clientKey(c, o.trustProxy ?? false));
    return verdict && !verdict.ok ? tooManyRequests(c, verdict.retryAfterSeconds, 'questions') : null;
  };
  const sessions = (o.chatSessions ?? createMemoryChatSessions)({
    ...(o.sessionTtlMs !== undefined && { ttlMs: o.sessionTtlMs }),
    ...(o.maxSessions !== undefined && { max: o.maxSessions }),
    ...(o.now && { now: o.now }),
  });
  // The index is brought up to date at start, in the background, when the server asks (it never delays readiness:
  // a question meanwhile waits for it). pdf.js, seconds of module loading on a busy machine, is loaded only when a
  // PDF is new or changed: a restart over an unchanged folder never loads it, so it never slows the first questions.
  o.startupSync?.start(() => service.library.documents(), o.warn);
  const delayMs = o.streamDelayMs ?? 25;
  const limit = bodyLimit({ maxSize: MAX_BODY, onError: (c) => askError(c as Context<Env>, 413, 'payload_too_large', 'The body is over 64 KiB.') });
  const answerIdField = z.string({ error: 'must be a string' }).refine(o.isValidId, 'must be an answer id (letters, digits, . _ -)');

  const failureMessage = (e: unknown): string => {
    if (e instanceof LlmError || e instanceof AnswerNotFoundError) return e.message;
    if (e instanceof AnswerStoreError) {
      process.stderr.write(`citelens: error: ${e.message}\n`);
      return `The answer could not be stored: ${storeReason(e)}.`;
    }
    process.stderr.write(`citelens: error: answering a question: ${(e as Error)?.stack ?? String(e)}\n`);
    return 'The question could not be answered (the server log says why).';
  };

  /** Runs `make` and answers with JSON, or as server-sent events when the client asked for them. */
  const respond = (
    c: Context<Env>,
    make: (signal: AbortSignal) => Promise<StoredAnswer>,
    json: (a: StoredAnswer) => Response,
    done: Record<string, unknown> = {},
  ) => {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    c.req.raw.signal.addEventListener('abort', cancel, { once: true });
    if (!wantsStream(c)) {
      return make(controller.signal).then(json, (e: unknown) => {
        if (e instanceof AnswerNotFoundError) return askError(c, 404, 'not_found', e.message);
        if (e instanceof LlmError) return askError(c, 502, 'model_error', e.message);
        if (e instanceof AnswerStoreError) {
          c.header('Retry-After', '30');
          return askError(c, 503, 'storage_unavailable', failureMessage(e));
        }
        // The client went away (Stop, a closed tab): nobody reads this answer, and it is not a server error to log.
        if (controller.signal.aborted) return new Response(null, { status: 499 });
        throw e;
      });
    }
    c.header('X-Content-Type-Options', 'nosniff');
    return streamSSE(c, async (stream) => {
      stream.onAbort(cancel);
      // A comment at once (the client learns the question was accepted) and every 10 s while the index is built or
      // the model thinks, so no proxy takes the quiet stream for a dead one. SSE parsers skip comments.
      await stream.write(': answering\n\n');
      const heartbeat = setInterval(() => void stream.write(': still answering\n\n'), 10_000);
      try {
        const answer = await make(controller.signal);
        clearInterval(heartbeat);
        await streamAnswer(stream, answer, { delayMs, signal: controller.signal, done });
      } catch (e) {
        if (controller.signal.aborted) return;
        await stream.writeSSE({ event: 'error', data: JSON.stringify({ message: failureMessage(e) }) });
      } finally {
        clearInterval(heartbeat);
      }
    });
  };

  app.post('/api/ask', limit, async (c) => {
    const tooMany = limited(c);
    if (tooMany) return tooMany;
    const body = await readBody(c, z.object({ question: questionField, answerId: answerIdField.nullish() }), '{ "question": "…", "answerId"?: "…" }');
    if (!body.ok) return body.response;
    const { question, answerId } = body.value;
    if (answerId != null && !(await service.store.info(answerId))) return askError(c, 404, 'not_found', `Answer "${answerId}" was not found.`);
    return respond(
      c,
      (signal) => service.ask({ question, ...(answerId != null && { answerId }), signal }),
      (answer) => {
        c.header('Cache-Control', 'no-store');
        c.header('Location', `/api/answers/${encodeURIComponent(answer.id)}`);
        return c.json({ answer }, 201);
      },
    );
  });

  app.get('/api/answers/:id/thread', async (c) => {
    const id = c.req.param('id');
    if (!o.isValidId(id)) return askError(c, 400, 'bad_request', `Invalid answer id "${id}".`);
    const info = await service.store.info(id);
    if (!info) return askError(c, 404, 'not_found', `Answer "${id}" was not found.`);
    const root = info.thread?.id ?? id;
    const turns = await service.store.thread(root);
    c.header('Cache-Control', 'no-cache');
    return c.json({ id: root, turns });
  });

  // persian_rag's chat shape: { message, session_id } → { session_id, answer }. A session is a thread whose follow-ups
  // need no answer id: each message follows up on the session's last answer.
  app.post('/api/chat', limit, async (c) => {
    const tooMany = limited(c);
    if (tooMany) return tooMany;
    const body = await readBody(
      c,
      z.object({ message: questionField, session_id: z.string({ error: 'must be a string or null' }).max(100).nullish() }),
      '{ "message": "…", "session_id": null | "…" }',
    );
    if (!body.ok) return body.response;
    const { message, session_id: sessionId } = body.value;
    const subject = c.get('tokenSubject') ?? '';
    let session: ChatSession | undefined;
    try {
      session = sessionId != null ? await sessions.get(sessionId, subject) : await sessions.create(subject);
    } catch (e) {
      return sessionStoreDown(c, e);
    }
    if (!session) return askError(c, 404, 'not_found', `Chat session "${sessionId}" is unknown or has expired: start a new one with "session_id": null.`);
    const last = session.turns[session.turns.length - 1];
    // the session's last answer may have been deleted from the data folder: then this message starts a new thread
    const answerId = last && (await service.store.info(last.answerId)) ? last.answerId : undefined;
    const make = async (signal: AbortSignal) => {
      const answer = await service.ask({ question: message, ...(answerId !== undefined && { answerId }), signal });
      const turn = { question: answer.question ?? message, standaloneQuestion: answer.standaloneQuestion ?? answer.question ?? message, answerId: answer.id };
      // The answer is stored: it is served even if the session cannot note it (its next message then follows up on
      // the turn before), rather than lost to a failure of the session store.
      await sessions
        .addTurn(session, turn)
        .catch((e: unknown) => process.stderr.write(`citelens: error: the session store failed: ${(e as Error)?.message ?? String(e)}\n`));
      return answer;
    };
    return respond(
      c,
      make,
      (answer) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ session_id: session.id, answer }, 200);
      },
      { session_id: session.id },
    );
  });

  app.delete('/api/chat/:session_id', async (c) => {
    const id = c.req.param('session_id');
    let deleted: boolean;
    try {
      deleted = await sessions.delete(id, c.get('tokenSubject') ?? '');
    } catch (e) {
      return sessionStoreDown(c, e);
    }
    if (!deleted) return askError(c, 404, 'not_found', `Chat session "${id}" is unknown or has expired.`);
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });

  return service;
}
