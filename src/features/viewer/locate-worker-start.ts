import workerUrl from './locate-worker.ts?worker&url';

// Starts the locate worker. The build bundles it as one classic script (Vite's default worker format); the dev
// server serves it as a module. In a frame sandboxed without `allow-same-origin` the page's origin is opaque and
// `new Worker(<http URL>)` throws (pdf-worker.ts has the same problem): there a classic worker made from a `blob:`
// URL (CSP `worker-src 'self' blob:`) loads the script with importScripts, which needs no CORS. Throws when no
// worker can start; the caller then locates on the main thread.
export function startLocateWorker(): Worker {
  const absolute = new URL(workerUrl, window.location.href).toString();
  if (window.origin === 'null' && !import.meta.env.DEV) {
    const bootstrap = new Blob([`importScripts(${JSON.stringify(absolute)});`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(bootstrap));
  }
  return new Worker(absolute, { type: import.meta.env.DEV ? 'module' : 'classic' });
}
