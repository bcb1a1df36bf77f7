import { createLocateHandler } from './locate-handler.ts';
import type { FromWorker, ToWorker } from './locate-protocol.ts';
import { measureText } from './measure-text.ts';

// The locate worker: text indexing, quote location, find and the review's checks, off the main thread
// (locate-client.ts starts it, locate-handler.ts is the logic). It reads pages only as the main thread hands them.

interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const handle = createLocateHandler((message) => scope.postMessage(message), measureText);
scope.addEventListener('message', (event) => handle(event.data));
scope.postMessage({ type: 'ready' });
