import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { apiError } from './api-error.ts';
import type { AuthVariables } from './auth-context.ts';
import { ConfigError } from '../node/config-error.ts';
import type { EmbedGrant, EmbedSessionStore } from './embed/sessions.ts';

// Bearer tokens for /api (docs/embed.md, "API tokens"). CITELENS_API_TOKENS is either an inline list
// `alice:TOKEN,bob:TOKEN` or the path of a JSON file `[{ "subject": "alice", "token": "TOKEN" }]` (a value that
// starts with `/` or `.`), which keeps tokens out of the process environment. The subject is who the token
// belongs to; it becomes the reviewer name (`c.get('tokenSubject')`). No token is ever echoed, logged or kept
// in clear: only its SHA-256. Error messages name entries by number, never by content (a mistyped entry may
// be a token).

export const MIN_TOKEN_LENGTH = 16;
/** RFC 6750 token68: what can follow `Bearer ` (so no `:` or `,`, which keeps the inline list unambiguous). */
const TOKEN_CHARS = /^[A-Za-z0-9._~+/-]+=*$/;
const SUBJECT_CHARS = /^[^,:\p{Cc}]{1,100}$/u;

export interface ApiToken {
  subject: string;
  /** SHA-256 of the token. */
  digest: Buffer;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

const tokenFileSchema = z.array(z.object({ subject: z.string(), token: z.string() }));

function checked(subject: string, token: string, where: string): { subject: string; token: string } {
  const s = subject.trim();
  if (!SUBJECT_CHARS.test(s)) throw new ConfigError(`${where}: the subject must be 1–100 characters without "," or ":".`);
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new ConfigError(`${where}: the token is too short (${token.length} characters; at least ${MIN_TOKEN_LENGTH}).`);
  }
  if (!TOKEN_CHARS.test(token)) {
    throw new ConfigError(`${where}: the token may only use A-Z a-z 0-9 . _ ~ + / - (and trailing =).`);
  }
  return { subject: s, token };
}

/** Parses CITELENS_API_TOKENS. Unset or empty → [] (the API is open). Anything wrong → ConfigError. */
export function parseApiTokens(
  value: string | undefined,
  readFile: (file: string) => string = (f) => readFileSync(f, 'utf8'),
  variable = 'CITELENS_API_TOKENS',
): ApiToken[] {
  if (value === undefined || value.trim() === '') return [];
  const text = value.trim();
  let pairs: { subject: string; token: string }[];
  if (text.startsWith('/') || text.startsWith('.')) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFile(text));
    } catch (e) {
      // The message of a JSON error can quote the file's text, i.e. a token: say only what kind of failure.
      const what = e instanceof SyntaxError ? 'is not valid JSON' : `cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`;
      throw new ConfigError(`${variable}: the token file ${text} ${what}.`);
    }
    const parsed = tokenFileSchema.safeParse(raw);
    if (!parsed.success) throw new ConfigError(`${variable}: ${text} must hold [{ "subject": "...", "token": "..." }, ...].`);
    pairs = parsed.data.map((p, i) => checked(p.subject, p.token, `${variable} (${text}) entry ${i + 1}`));
  } else {
    pairs = text
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '')
      .map((entry, i) => {
        const colon = entry.indexOf(':');
        if (colon < 0) throw new ConfigError(`${variable}: entry ${i + 1} is not subject:token.`);
        return checked(entry.slice(0, colon), entry.slice(colon + 1), `${variable} entry ${i + 1}`);
      });
  }
  if (pairs.length === 0) throw new ConfigError(`${variable} is set but lists no subject:token pair.`);
  const seen = new Map<string, number>();
  pairs.forEach((p, i) => {
    const first = seen.get(p.token);
    if (first !== undefined) throw new ConfigError(`${variable}: entries ${first + 1} and ${i + 1} share a token; each needs its own.`);
    seen.set(p.token, i);
  });
  return pairs.map((p) => ({ subject: p.subject, digest: sha256(p.token) }));
}

/** The subject of a matching token. Compares against every token, in constant time per token. */
export function matchApiToken(tokens: readonly ApiToken[], presented: string): string | undefined {
  const d = sha256(presented);
  let subject: string | undefined;
  for (const t of tokens) if (timingSafeEqual(d, t.digest) && subject === undefined) subject = t.subject;
  return subject;
}

/** The token of `Authorization: Bearer <token>`, or undefined when the header is absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return m?.[1] && TOKEN_CHARS.test(m[1]) ? m[1] : undefined;
}

function unauthorized(c: Context, message: string, invalidToken: boolean): Response {
  c.header('WWW-Authenticate', invalidToken ? 'Bearer realm="citelens", error="invalid_token"' : 'Bearer realm="citelens"');
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: 'unauthorized', message } }, 401);
}

/** What an embed session may read: its answer, and the documents that answer names (GET/HEAD only). */
export function sessionAllows(grant: EmbedGrant, method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === `/api/answers/${grant.answer}`) return true;
  const m = /^\/api\/documents\/([^/]+)$/.exec(path);
  if (!m?.[1]) return false;
  try {
    return grant.documents.has(decodeURIComponent(m[1]));
  } catch {
    return false;
  }
}

/**
 * The session store (the review database) did not answer: 503 with Retry-After, as the review routes answer a storage
 * fault, rather than a 500 (nothing is wrong with the request, and it will work again once the database answers).
 */
export function sessionStoreDown(c: Context, e: unknown): Response {
  process.stderr.write(`citelens: error: the session store failed: ${(e as Error)?.message ?? String(e)}\n`);
  c.header('Retry-After', '5');
  return apiError(c, 503, 'storage_unavailable', 'Sessions cannot be read or stored right now; try again in a moment.');
}

export interface BearerAuthOptions {
  tokens: readonly ApiToken[];
  sessions: EmbedSessionStore;
  /** Paths that need no token (exact match): what the SPA must reach before it has one. */
  publicPaths: readonly string[];
}

/**
 * For /api/*: with no tokens configured the API is open and this does nothing. Otherwise a request needs a
 * valid API token (→ `tokenSubject`) or an embed session token (→ only that session's answer and documents).
 * Preflights (OPTIONS) never carry credentials, so they pass (the CORS middleware answers them).
 */
export function bearerAuth(options: BearerAuthOptions): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    if (options.tokens.length === 0 || c.req.method === 'OPTIONS' || options.publicPaths.includes(c.req.path)) {
      await next();
      return;
    }
    const header = c.req.header('Authorization');
    const token = bearerToken(header);
    if (token === undefined) {
      const message = header ? 'The Authorization header must be "Bearer <token>".' : 'This API needs an Authorization: Bearer token.';
      return unauthorized(c, message, false);
    }
    const subject = matchApiToken(options.tokens, token);
    if (subject !== undefined) {
      c.set('tokenSubject', subject);
      await next();
      return;
    }
    let grant: EmbedGrant | undefined;
    try {
      grant = await options.sessions.find(token);
    } catch (e) {
      return sessionStoreDown(c, e);
    }
    if (!grant) return unauthorized(c, 'The token is not valid (or the embed session has expired).', true);
    if (!sessionAllows(grant, c.req.method, c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return c.json({ error: { code: 'forbidden', message: 'This embed session may only read its own answer and documents.' } }, 403);
    }
    await next();
  };
}
