import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamedBodyLimit } from 'hono/body-limit';

// The routes' cap on a request body, judged by its Content-Length when it has one, without touching the body.
//
// Why not hono's bodyLimit alone: its first step reads `c.req.raw.body`, and on @hono/node-server that getter builds
// a whole fetch Request for the request (an AbortController, a web stream over the socket, and in Node's undici a
// WeakRef and a FinalizationRegistry entry for the signal). Objects held by weak references survive young-generation
// collections, so under load every request's Request was promoted to the old generation and lived until a full
// collection: 37,000 rate-limited questions a round (429s that never read their body) took the server from 406 to
// 796 MB RSS in three rounds of scripts/load.ts, all of it V8 heap (heapTotal) while native memory stayed flat.
// With the length in a header, the check is the header; the handler then reads the body through node-server's fast
// path (c.req.json() straight from the socket), and a refused request never reads it at all. HTTP/1.1 framing
// guarantees the body is no longer than its Content-Length. A chunked body (no length) is still counted as it
// streams, by hono's middleware.

export interface BodyLimitOptions {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}

export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const streamed = streamedBodyLimit(options);
  return async (c, next) => {
    const length = c.req.header('Content-Length');
    if (length === undefined || c.req.header('Transfer-Encoding') !== undefined) return streamed(c, next);
    // Node's HTTP parser has already refused a malformed length; as in hono, what parses is compared.
    if (Number.parseInt(length, 10) > options.maxSize) return options.onError(c);
    await next();
  };
}
