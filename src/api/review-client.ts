import { authHeaders } from './auth-token.ts';
import { ApiError, apiUrl, fetchJson, formatIssues } from './client.ts';
import { readErrorBody } from './error-schema.ts';
import {
  answerReviewSchema,
  claimRecordSchema,
  conflictBodySchema,
  reviewHistorySchema,
  type AnswerReview,
  type DecisionBody,
  type ClaimRecord,
  type ReviewDecision,
  type ReviewHistory,
} from './review-schema.ts';

// Client of the review API (docs/api.md). Reads throw ApiError like the rest of the client (React Query shows
// them). A save never throws for an expected outcome: what happened is a SaveOutcome the outbox acts on, because
// "the server is down" and "someone else saved first" are normal events in a review, not exceptions.

export const REVIEWER_HEADER = 'X-Citelens-Reviewer';
/** The outbox entry's id for one save, the same on each retry of it: the server recognises a save it already has. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Header values must be ISO-8859-1, and reviewers' names are not ("Jürgen", "مریم"): the name travels
 * percent-encoded (encodeURIComponent), which leaves plain ASCII names unchanged. The server decodes it.
 */
export function encodeReviewer(name: string): string {
  return encodeURIComponent(name.trim());
}

function reviewerHeaders(reviewer: string | undefined): Record<string, string> {
  return reviewer && reviewer.trim() ? { [REVIEWER_HEADER]: encodeReviewer(reviewer) } : {};
}

export function fetchAnswerReview(answerId: string, signal?: AbortSignal): Promise<AnswerReview> {
  return fetchJson(`/answers/${encodeURIComponent(answerId)}/review`, answerReviewSchema, {
    label: `The review of answer "${answerId}"`,
    ...(signal && { signal }),
  });
}

export function fetchReviewHistory(answerId: string, signal?: AbortSignal): Promise<ReviewHistory> {
  return fetchJson(`/answers/${encodeURIComponent(answerId)}/review/history`, reviewHistorySchema, {
    label: `The review history of answer "${answerId}"`,
    ...(signal && { signal }),
  });
}

export interface SaveDecisionRequest {
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  /** The version this decision was made against (0 when the claim had no record). Sent as If-Match. */
  baseVersion: number;
  reviewer: string;
  /** Sent as Idempotency-Key: a retry of a save whose reply was lost is then answered as that save, not a conflict. */
  saveId?: string;
  signal?: AbortSignal;
}

/**
 * Why the server could not take the save for now: its storage is unavailable (503 `storage_unavailable`: a full
 * disk, a deleted database file, a database that does not answer), or this client saved too much lately (429).
 */
export type SaveProblem = 'storage' | 'rate-limited';

export type SaveOutcome =
  /** Stored: the server's new record. */
  | { kind: 'saved'; record: ClaimRecord }
  /** Someone saved first; `current` is what the server holds now. Never overwritten without the reviewer. */
  | { kind: 'conflict'; current: ClaimRecord }
  /** The server does not hold this answer (404): its review lives in this browser only. */
  | { kind: 'not-held' }
  /**
   * No answer from the server, a 5xx or a 429: worth retrying later (not before `retryAfterMs`, when the server said).
   * `problem`: what the server said is wrong, for the reviewer to read; the decision stays in the outbox either way.
   */
  | { kind: 'unreachable'; message: string; retryAfterMs?: number; problem?: SaveProblem }
  /** The server refused the request for good (400, 403, 422, a bad response): retrying will not help. */
  | { kind: 'refused'; error: ApiError };

/** The PUT's body, typed by the schema the server parses it with (review-schema.ts). */
export function decisionBodyOf(req: Pick<SaveDecisionRequest, 'decision' | 'note'>): DecisionBody {
  return { decision: req.decision, note: req.note };
}

/** PUTs one claim's decision with If-Match. Only a cancelled request throws (the AbortError). */
export async function saveClaimDecision(req: SaveDecisionRequest): Promise<SaveOutcome> {
  const path = `/answers/${encodeURIComponent(req.answerId)}/review/claims/${encodeURIComponent(req.claimId)}`;
  const url = apiUrl(path);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'PUT',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'If-Match': `"${req.baseVersion}"`,
        ...(req.saveId !== undefined && { [IDEMPOTENCY_HEADER]: req.saveId }),
        ...reviewerHeaders(req.reviewer),
        ...authHeaders(),
      },
      body: JSON.stringify(decisionBodyOf(req)),
      ...(req.signal && { signal: req.signal }),
    });
  } catch (e) {
    if (req.signal?.aborted || (e instanceof Error && e.name === 'AbortError')) throw e;
    return { kind: 'unreachable', message: `Could not reach the server (${e instanceof Error ? e.message : String(e)}).` };
  }

  // 401: nobody signed in yet (a token typed after the app started): kept and sent again, not refused for good.
  if (res.status >= 500 || res.status === 429 || res.status === 401) return unreachable(res, req.signal);
  if (res.status === 404) return { kind: 'not-held' };

  let body: unknown;
  try {
    body = JSON.parse(await res.text());
  } catch (e) {
    if (req.signal?.aborted) throw e;
    // A proxy's HTML error page on a 2xx/4xx: not our server answering; try again later rather than give up.
    if (res.ok || res.status === 409) return { kind: 'unreachable', message: `The server's reply to a save was not JSON (HTTP ${res.status}).` };
    return {
      kind: 'refused',
      error: new ApiError({ kind: 'http', status: res.status, url, message: `The server refused the decision (HTTP ${res.status}).` }),
    };
  }

  if (res.status === 409) {
    const parsed = conflictBodySchema.safeParse(body);
    if (parsed.success) return { kind: 'conflict', current: parsed.data.current };
    return { kind: 'refused', error: shapeError(url, 409, formatIssues(parsed.error)) };
  }
  if (!res.ok) {
    const { message } = readErrorBody(body);
    const detail = typeof message === 'string' ? ` ${message}` : '';
    return {
      kind: 'refused',
      error: new ApiError({ kind: 'http', status: res.status, url, message: `The server refused the decision (HTTP ${res.status}).${detail}` }),
    };
  }
  const parsed = claimRecordSchema.safeParse(body);
  if (!parsed.success) return { kind: 'refused', error: shapeError(url, res.status, formatIssues(parsed.error)) };
  return { kind: 'saved', record: parsed.data };
}

/** A 5xx or 429, read for what the server said: its message, Retry-After, and whether its storage is the problem. */
async function unreachable(res: Response, signal: AbortSignal | undefined): Promise<SaveOutcome> {
  const seconds = Number(res.headers.get('Retry-After'));
  const retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3600) * 1000 : undefined;
  let error: { code?: string; message?: string } | undefined;
  try {
    error = readErrorBody(JSON.parse(await res.text()));
  } catch (e) {
    if (signal?.aborted) throw e;
  }
  const problem: SaveProblem | undefined = res.status === 429 ? 'rate-limited' : error?.code === 'storage_unavailable' ? 'storage' : undefined;
  const said = typeof error?.message === 'string' ? ` ${error.message}` : '';
  return {
    kind: 'unreachable',
    message: `The server could not save (HTTP ${res.status}).${said}`,
    ...(retryAfterMs !== undefined && { retryAfterMs }),
    ...(problem && { problem }),
  };
}

function shapeError(url: string, status: number, issues: string[]): ApiError {
  return new ApiError({
    kind: 'invalid-shape',
    status,
    url,
    issues,
    message: `The server's reply to a saved decision does not have the expected shape:\n${issues
      .slice(0, 5)
      .map((i) => `  - ${i}`)
      .join('\n')}`,
  });
}
