import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ServerMetrics } from './metrics.ts';

// One JSON line per request (issue 39): method, route (the pattern that answered, not the raw path: no ids or query
// strings in the log), status, milliseconds to the response headers, and a request id. The id is the one a proxy or
// client sent in X-Request-Id when it is sane, else a new one; either way the response carries it back, so a user's
// report, the proxy's log and ours name the same request.

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What we accept from outside: short, and nothing that could forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(sent: string | undefined): string {
  return sent !== undefined && SANE_ID.test(sent) ? sent : randomUUID();
}

export interface RequestLogOptions {
  /** Where each line goes (main.ts: stderr; stdout carries only the ready line). Absent: no log. */
  log?: (line: string) => void;
  metrics?: ServerMetrics;
  now?: () => number;
}

export function requestLog(o: RequestLogOptions): MiddlewareHandler {
  const now = o.now ?? (() => performance.now());
  return async (c, next) => {
    const started = now();
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    let failed = false;
    try {
      await next();
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      const ms = now() - started;
      // app.onError makes a thrown error a 500 after this; say so rather than the status not yet set.
      const status = failed ? 500 : c.res.status;
      const route = routePath(c) || '*';
      if (!failed) setHeader(c, id);
      o.metrics?.observeRequest(c.req.method, route, status, ms / 1000);
      o.log?.(
        `${JSON.stringify({ time: new Date().toISOString(), msg: 'request', method: c.req.method, route, status, ms: Math.round(ms * 10) / 10, requestId: id })}\n`,
      );
    }
  };
}

function setHeader(c: Parameters<MiddlewareHandler>[0], id: string): void {
  try {
    c.res.headers.set(REQUEST_ID_HEADER, id);
  } catch {
    // Immutable headers (a Response made elsewhere, a served file): copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(REQUEST_ID_HEADER, id);
  }
}
