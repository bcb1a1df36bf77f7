import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AuthVariables } from '../auth-context.ts';
import type { ReviewBus, ReviewBusEvent } from './review-bus.ts';

// GET /api/answers/:id/review/events (docs/api.md): the answer's decisions as they are stored, as server-sent events,
// so a colleague's decision shows up without a reload. Behind the bearer-token check like every /api route. The
// stream starts with `ready` (the watch is in place: a decision stored from now on is told), then `decision` per save
// and `resync` when the server may have missed some (the client then reads the review again). A comment every 20 s
// keeps proxies from closing a quiet stream.

type Env = { Variables: AuthVariables };

export const KEEPALIVE_MS = 20_000;

export function mountReviewEventsRoute(app: Hono<Env>, bus: ReviewBus, isValidId: (id: string) => boolean, keepaliveMs = KEEPALIVE_MS): void {
  app.get('/api/answers/:id/review/events', (c) => {
    const answerId = c.req.param('id');
    if (!isValidId(answerId)) {
      c.header('Cache-Control', 'no-store');
      return c.json({ error: { code: 'bad_request', message: `Invalid answer id "${answerId}".` } }, 400);
    }
    return streamSSE(c, async (stream) => {
      // A reverse proxy (nginx) must pass events on as they come, not buffer them.
      c.header('X-Accel-Buffering', 'no');
      let stop!: () => void;
      const ended = new Promise<void>((resolve) => (stop = resolve));
      // Writes are chained so that two events never interleave; a write to a closed stream ends the watch.
      let writing: Promise<unknown> = Promise.resolve();
      const write = (event: string, data: unknown) => {
        writing = writing.then(() => stream.writeSSE({ event, data: JSON.stringify(data) })).catch(() => stop());
      };
      const unwatch = bus.watch({
        answerId,
        onEvent: (e: ReviewBusEvent) => {
          switch (e.kind) {
            case 'change':
              write('decision', { claimId: e.change.claimId, record: e.change.record });
              return;
            case 'resync':
              write('resync', {});
              return;
            default: {
              const never: never = e;
              return never;
            }
          }
        },
        onClose: stop,
      });
      stream.onAbort(stop);
      const keepalive = setInterval(() => {
        writing = writing.then(() => stream.write(': keep-alive\n\n')).catch(() => stop());
      }, keepaliveMs);
      write('ready', { answerId });
      try {
        await ended;
      } finally {
        clearInterval(keepalive);
        unwatch();
        await writing.catch(() => undefined);
      }
    });
  });
}
