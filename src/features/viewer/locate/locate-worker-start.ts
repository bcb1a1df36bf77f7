import { startBundledWorker } from '../../../lib/start-worker.ts';
import workerUrl from './locate-worker.ts?worker&url';

// Starts the locate worker (see lib/start-worker.ts for the sandboxed-frame case). Throws when no worker can start;
// the caller then locates on the main thread. A module of its own so that tests can stand in for the worker.
export function startLocateWorker(): Worker {
  return startBundledWorker(workerUrl);
}
