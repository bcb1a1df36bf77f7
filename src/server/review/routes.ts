import type { Context, Hono } from 'hono';
import { bodyLimit } from '../body-limit.ts';
import { apiError } from '../api-error.ts';
import type { ApiErrorCode } from '../../api/error-schema.ts';
import { decisionBodySchema } from '../../api/review-schema.ts';
import type { AuthVariables } from '../auth-context.ts';
import { clientKey, tooManyRequests, type RateLimiter } from '../rate-limit.ts';
import { hasLoneSurrogate } from '../text-checks.ts';
import type { AnswerClaims } from './answer-claims.ts';
import type { ReviewRepository, SaveResult } from './repository.ts';
import { StorageUnavailableError } from './storage-errors.ts';

// The review API (docs/api.md): reviewers' decisions per claim, with optimistic concurrency. A save names the
// version it was made against in If-Match; a stale one gets 409 with what is stored now, so the reviewer decides
// and nothing is overwritten unseen. Mounted by createApp() after the bearer-token check.

type Env = { Variables: AuthVariables };

export const REVIEWER_HEADER = 'X-Citelens-Reviewer';
/** The client's id for one save, the same on each retry of it (the outbox entry's): see repository.ts. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;
export const MAX_REVIEWER_LENGTH = 100;

/** Claim ids as the answer model makes them (src/core/model/claims.ts): `c-<base36 hash>-<ordinal>`. */
const CLAIM_ID = /^c-[0-9a-z]{1,13}-\d{1,6}$/;

type ErrorStatus = 400 | 404 | 409 | 413 | 428 | 503;

/** `{ error: { code, message, ...details } }`, plus top-level fields (the 409's `current`, which the client reads). */
function reviewError(c: Context<Env>, status: ErrorStatus, code: ApiErrorCode, message: string, extra: { details?: object; top?: object } = {}) {
  return apiError(c, status, code, message, extra);
}

function noStore(c: Context<Env>): void {
  // Decisions change under other reviewers' hands: never serve one from a cache.
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
}

/** `"3"` → 3. Only our own strong ETags are accepted: `W/…`, `*` and lists make no sense for one claim. */
export function parseIfMatch(header: string): number | null {
  const m = /^\s*"(\d{1,9})"\s*$/.exec(header);
  return m?.[1] !== undefined ? Number(m[1]) : null;
}

/**
 * Who is saving: the API token's subject when tokens are configured (it cannot be spoofed), else the name the
 * reviewer typed, sent percent-encoded because header values cannot carry "Jürgen" or "مریم" as such.
 */
export function reviewerOf(c: Context<Env>): { ok: true; reviewer: string } | { ok: false; message: string } {
  const subject = c.get('tokenSubject');
  if (subject !== undefined) return { ok: true, reviewer: subject };
  const raw = c.req.header(REVIEWER_HEADER);
  if (raw === undefined) return { ok: true, reviewer: '' };
  let name: string;
  try {
    name = decodeURIComponent(raw).trim();
  } catch {
    return { ok: false, message: `${REVIEWER_HEADER} must be percent-encoded UTF-8.` };
  }
  if (name.length > MAX_REVIEWER_LENGTH) {
    return { ok: false, message: `${REVIEWER_HEADER} is ${name.length} characters long; at most ${MAX_REVIEWER_LENGTH}.` };
  }
  if (/\p{Cc}/u.test(name)) return { ok: false, message: `${REVIEWER_HEADER} must not contain control characters.` };
  return { ok: true, reviewer: name };
}

/** 200 with the new record, or 409 with what is stored now (nothing was written). */
function saveResponse(c: Context<Env>, result: SaveResult, expectedVersion: number): Response {
  switch (result.kind) {
    case 'saved':
      noStore(c);
      c.header('ETag', `"${result.record.version}"`);
      return c.json(result.record, 200);
    case 'conflict':
      c.header('ETag', `"${result.current.version}"`);
      return reviewError(c, 409, 'conflict', `The claim was saved by someone else (version ${result.current.version}, you sent ${expectedVersion}).`, {
        top: { current: result.current },
      });
    default: {
      const unreachable: never = result;
      return unreachable;
    }
  }
}

/**
 * Runs a repository call; a storage fault (a full disk, a deleted database file, a database that does not answer) is
 * a 503 `storage_unavailable` that names the cause: the client keeps the decision and retries (its outbox).
 */
async function withStorage(c: Context<Env>, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof StorageUnavailableError)) throw e;
    c.header('Retry-After', '10');
    return reviewError(c, 503, 'storage_unavailable', `Decisions cannot be stored right now: ${e.reason}.`);
  }
}

export interface ReviewRoutesOptions {
  isValidId: (id: string) => boolean;
  /** The claims of a stored answer: a save for an answer or claim that does not exist is a 404. Absent: not checked. */
  claimsOf?: (answerId: string) => Promise<AnswerClaims>;
  /** Saves per client (429 with Retry-After past it). Absent: no limit. */
  saveLimiter?: RateLimiter;
  /** Whether X-Forwarded-For names the client (CITELENS_TRUST_PROXY). */
  trustProxy?: boolean;
}

export function mountReviewRoutes(app: Hono<Env>, repository: ReviewRepository, o: ReviewRoutesOptions): void {
  const base = '/api/answers/:id/review';
  const { isValidId } = o;

  const badAnswerId = (c: Context<Env>, id: string) => reviewError(c, 400, 'bad_request', `Invalid answer id "${id}".`);

  app.get(base, async (c) => {
    const answerId = c.req.param('id');
    if (!isValidId(answerId)) return badAnswerId(c, answerId);
    return withStorage(c, async () => {
      const claims = await repository.getReview(answerId);
      noStore(c);
      // With API tokens the server decides who saves (the token's subject): the SPA shows that name, as stored.
      const subject = c.get('tokenSubject');
      return c.json({ answerId, claims, ...(subject !== undefined && { reviewer: subject }) });
    });
  });

  app.get(`${base}/history`, async (c) => {
    const answerId = c.req.param('id');
    if (!isValidId(answerId)) return badAnswerId(c, answerId);
    const claimId = c.req.query('claimId');
    if (claimId !== undefined && !CLAIM_ID.test(claimId)) {
      return reviewError(c, 400, 'bad_request', `Invalid claim id "${claimId}" (expected c-<base36>-<n>).`);
    }
    return withStorage(c, async () => {
      const events = await repository.history(answerId, claimId);
      noStore(c);
      return c.json({ answerId, events });
    });
  });

  app.put(
    `${base}/claims/:claimId`,
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => reviewError(c, 413, 'payload_too_large', 'The request body is larger than 64 KiB.'),
    }),
    async (c) => {
      const answerId = c.req.param('id');
      const claimId = c.req.param('claimId');
      if (!isValidId(answerId)) return badAnswerId(c, answerId);
      if (!CLAIM_ID.test(claimId)) {
        return reviewError(c, 400, 'bad_request', `Invalid claim id "${claimId}" (expected c-<base36>-<n>).`);
      }
      const allowed = o.saveLimiter?.take(clientKey(c, o.trustProxy ?? false));
      if (allowed && !allowed.ok) return tooManyRequests(c, allowed.retryAfterSeconds, 'saves');

      const ifMatch = c.req.header('If-Match');
      if (ifMatch === undefined) {
        return reviewError(c, 428, 'precondition_required', 'Send If-Match: "<version>" (the version you saw; "0" for a first decision).');
      }
      const expectedVersion = parseIfMatch(ifMatch);
      if (expectedVersion === null) {
        return reviewError(c, 400, 'bad_request', `If-Match must be one quoted version number such as "0" or "3", not ${ifMatch}.`);
      }

      const who = reviewerOf(c);
      if (!who.ok) return reviewError(c, 400, 'bad_request', who.message);

      let json: unknown;
      try {
        json = JSON.parse(await c.req.text());
      } catch {
        return reviewError(c, 400, 'invalid_json', 'The body must be JSON: { "decision": "verified" | "rejected" | "follow-up" | null, "note": string }.');
      }
      const body = decisionBodySchema.safeParse(json);
      if (!body.success) {
        const issues = body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        const summary = issues.map((i) => `${i.path || '(body)'}: ${i.message}`).join('; ');
        return reviewError(c, 400, 'bad_request', `Invalid decision: ${summary}.`, { details: { issues } });
      }
      // "\ud800" is valid JSON but no text: SQLite stored it as the bytes ED A0 80, which no reader can decode.
      if (hasLoneSurrogate(body.data.note)) {
        const issues = [{ path: 'note', message: 'must be valid Unicode (a lone surrogate, \\ud800–\\udfff, is not a character)' }];
        return reviewError(c, 400, 'bad_request', 'Invalid decision: note: must be valid Unicode text.', { details: { issues } });
      }
      if (o.claimsOf) {
        const claims = await o.claimsOf(answerId);
        if (claims.kind === 'no-answer') return reviewError(c, 404, 'not_found', `Answer "${answerId}" was not found.`);
        if (!claims.ids.has(claimId)) return reviewError(c, 404, 'not_found', `Answer "${answerId}" has no claim "${claimId}".`);
      }

      const key = c.req.header(IDEMPOTENCY_HEADER);
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
        return reviewError(c, 400, 'bad_request', `${IDEMPOTENCY_HEADER} must be 1–100 characters of A-Z a-z 0-9 . _ : -.`);
      }

      const input = {
        answerId,
        claimId,
        decision: body.data.decision,
        note: body.data.note,
        reviewer: who.reviewer,
        expectedVersion,
        ...(key !== undefined && { idempotencyKey: key }),
      };
      return withStorage(c, async () => saveResponse(c, await repository.saveDecision(input), expectedVersion));
    },
  );
}
