import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, ApiErrorCode } from '../api/error-schema.ts';

// The one way a route answers an error: `{ error: { code, message, ...details } }` (src/api/error-schema.ts, which
// the client reads it with), never sniffed, never cached. The app's file routes answer `no-cache`; the review and
// the ask routes `no-store` (decisions change under other reviewers' hands; a question's answer is never reused).

export interface ApiErrorOptions {
  cache?: 'no-cache' | 'no-store';
  /** Fields inside `error` beside code and message (a bad request's `issues`). */
  details?: object;
  /** Fields beside `error` (the review's 409 carries `current`, which the client reads). */
  top?: object;
}

/**
 * A code written out at the call is held to the contract's list (`apiErrorCodes`). A code already widened to `string`
 * passes: the ask routes' own wrapper (`askError`) takes one, and is that route's to narrow; the literals its callers
 * write are checked by api-error-codes.test.ts.
 */
type KnownCode<C extends string> = string extends C ? string : ApiErrorCode;

export function apiError<C extends string>(
  c: Context<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any route's Env: the helper reads none of it
  status: ContentfulStatusCode,
  code: C & KnownCode<C>,
  message: string,
  options: ApiErrorOptions = {},
): Response {
  c.header('Cache-Control', options.cache ?? 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  const body: ApiErrorBody = { error: { code, message, ...options.details }, ...options.top };
  return c.json(body, status);
}
