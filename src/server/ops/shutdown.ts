import type { Server } from 'node:http';

// Graceful shutdown on SIGTERM (issue 39), in this order:
// 1. not ready: /readyz answers 503, so a load balancer stops sending new requests here;
// 2. stop accepting connections, and close the idle keep-alive ones;
// 3. end the review event streams, which never end by themselves (their clients reconnect, to another replica);
// 4. let open requests finish (a question whose answer is being streamed) for up to the grace period, then cut them;
// 5. close the database, after the last request that could write to it.

export interface ShutdownParts {
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>;
  /** Marks the server as draining (readyz). */
  drain: () => void;
  /** Ends the review event streams. */
  endStreams: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  graceMs: number;
  log: (line: string) => void;
}

/** Resolves with the exit code: 0 when everything closed, 1 when the database did not close cleanly. */
export async function shutDown(p: ShutdownParts): Promise<number> {
  p.drain();
  const closed = new Promise<void>((resolve) => p.server.close(() => resolve()));
  p.server.closeIdleConnections();
  await p.endStreams().catch(() => undefined);
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    p.server.closeAllConnections();
  }, p.graceMs);
  await closed;
  clearTimeout(timer);
  if (cut) p.log(`citelens: requests still open after ${p.graceMs} ms were cut (CITELENS_SHUTDOWN_GRACE_MS)\n`);
  try {
    await p.closeDatabase();
    return 0;
  } catch (e) {
    p.log(`citelens: closing the review database failed: ${(e as Error).message}\n`);
    return 1;
  }
}
