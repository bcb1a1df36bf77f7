import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../api/error-schema.ts';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's Env: the helper reads none of it
export function apiError(c: Context<any>, status: ContentfulStatusCode, code: string, message: string, options: ApiErrorOptions = {}): Response {
  c.header('Cache-Control', options.cache ?? 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  const body: ApiErrorBody = { error: { code, message, ...options.details }, ...options.top };
  return c.json(body, status);
}
