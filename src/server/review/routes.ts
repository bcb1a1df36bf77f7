import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AuthVariables } from '../auth-context.ts';
import type { ReviewRepository } from './repository.ts';
import { REVIEW_DECISIONS } from './schema.ts';

// The review API (docs/api.md): reviewers' decisions per claim, with optimistic concurrency. A save names the
// version it was made against in If-Match; a stale one gets 409 with what is stored now, so the reviewer decides
// and nothing is overwritten unseen. Mounted by createApp() after the bearer-token check.

type Env = { Variables: AuthVariables };

export const REVIEWER_HEADER = 'X-Citelens-Reviewer';
export const MAX_NOTE_LENGTH = 10_000;
export const MAX_REVIEWER_LENGTH = 100;

/** Claim ids as the answer model makes them (src/core/model/claims.ts): `c-<base36 hash>-<ordinal>`. */
const CLAIM_ID = /^c-[0-9a-z]{1,13}-\d{1,6}$/;

const decisionBody = z.object({
  decision: z.enum(REVIEW_DECISIONS).nullable(),
  note: z.string().max(MAX_NOTE_LENGTH, `at most ${MAX_NOTE_LENGTH} characters`).default(''),
});

type ErrorStatus = 400 | 409 | 413 | 428;

/** `{ error: { code, message, ...details } }`, plus top-level fields (the 409's `current`, which the client reads). */
function reviewError(c: Context<Env>, status: ErrorStatus, code: string, message: string, extra: { details?: object; top?: object } = {}) {
  noStore(c);
  return c.json({ error: { code, message, ...extra.details }, ...extra.top }, status);
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

export function mountReviewRoutes(app: Hono<Env>, repository: ReviewRepository, isValidId: (id: string) => boolean): void {
  const base = '/api/answers/:id/review';

  const badAnswerId = (c: Context<Env>, id: string) => reviewError(c, 400, 'bad_request', `Invalid answer id "${id}".`);

  app.get(base, async (c) => {
    const answerId = c.req.param('id');
    if (!isValidId(answerId)) return badAnswerId(c, answerId);
    const claims = await repository.getReview(answerId);
    noStore(c);
    // With API tokens the server decides who saves (the token's subject): the SPA shows that name, as stored.
    const subject = c.get('tokenSubject');
    return c.json({ answerId, claims, ...(subject !== undefined && { reviewer: subject }) });
  });

  app.get(`${base}/history`, async (c) => {
    const answerId = c.req.param('id');
    if (!isValidId(answerId)) return badAnswerId(c, answerId);
    const claimId = c.req.query('claimId');
    if (claimId !== undefined && !CLAIM_ID.test(claimId)) {
      return reviewError(c, 400, 'bad_request', `Invalid claim id "${claimId}" (expected c-<base36>-<n>).`);
    }
    const events = await repository.history(answerId, claimId);
    noStore(c);
    return c.json({ answerId, events });
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
      const body = decisionBody.safeParse(json);
      if (!body.success) {
        const issues = body.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        const summary = issues.map((i) => `${i.path || '(body)'}: ${i.message}`).join('; ');
        return reviewError(c, 400, 'bad_request', `Invalid decision: ${summary}.`, { details: { issues } });
      }

      const result = await repository.saveDecision({
        answerId,
        claimId,
        decision: body.data.decision,
        note: body.data.note,
        reviewer: who.reviewer,
        expectedVersion,
      });
      switch (result.kind) {
        case 'saved':
          noStore(c);
          c.header('ETag', `"${result.record.version}"`);
          return c.json(result.record, 200);
        case 'conflict':
          c.header('ETag', `"${result.current.version}"`);
          return reviewError(
            c,
            409,
            'conflict',
            `The claim was saved by someone else (version ${result.current.version}, you sent ${expectedVersion}).`,
            { top: { current: result.current } },
          );
        default: {
          const unreachable: never = result;
          return unreachable;
        }
      }
    },
  );
}
