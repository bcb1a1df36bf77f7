import type { Readiness } from '../review/readiness.ts';

// The ask index brought up to date at start (issue 39: /readyz says "index caught up"). A server that has not yet
// indexed what the data folder holds answers questions slowly (each waits for the indexing) or from an index that
// misses a changed document, so it is not ready until the first sync ends: a load balancer sends its traffic to the
// replicas that are. A restart over an unchanged folder is ready at once (no file is read: the stamps match). A sync
// that fails is logged and the server becomes ready anyway: the database's own check says whether it is reachable,
// and the next question syncs again.

export const INDEX_CATCHING_UP = 'the ask index is catching up with the data folder';

export class StartupIndexSync {
  private done = false;

  /** Runs `sync` once, in the background (after the current task: the server starts listening first). */
  start(sync: () => Promise<unknown>, warn: (message: string) => void): void {
    setTimeout(() => {
      sync()
        .catch((e: unknown) => warn(`cannot index the documents for questions: ${(e as Error).message}`))
        .finally(() => (this.done = true));
    }, 0).unref();
  }

  readiness(): Readiness {
    return this.done ? { ready: true } : { ready: false, reason: INDEX_CATCHING_UP };
  }
}
