// Starting the app's own workers (the locator's, the long-review's, the Markdown parser's, pdf.js's), in one place,
// because each must survive the same trap: in a frame sandboxed without `allow-same-origin` the page's origin is
// opaque ("null") and `new Worker(<http URL>)` throws. There a classic worker made from a `blob:` URL (CSP
// `worker-src 'self' blob:`) is allowed, and it loads the real script itself (assets are served with
// `Access-Control-Allow-Origin: *`, docs/embed.md). A module worker from a blob URL is refused there, hence classic.

export function isOpaqueOrigin(): boolean {
  return typeof window !== 'undefined' && window.origin === 'null';
}

/**
 * Starts a worker from its built URL (Vite's `?worker&url`: one classic script in the build, a module in the dev
 * server). Opaque origin: a blob bootstrap that loads it with importScripts, which needs no CORS. Throws when no
 * worker can start (the caller then does the work on the main thread).
 */
export function startBundledWorker(url: string): Worker {
  const absolute = new URL(url, window.location.href).toString();
  if (isOpaqueOrigin() && !import.meta.env.DEV) {
    const bootstrap = new Blob([`importScripts(${JSON.stringify(absolute)});`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(bootstrap));
  }
  return new Worker(absolute, { type: import.meta.env.DEV ? 'module' : 'classic' });
}

/**
 * Starts an ES-module worker script (pdf.js's) from a classic blob bootstrap that import()s it: for an opaque origin,
 * where the module cannot be started directly. Messages that arrive while the module loads are held and replayed,
 * so the first request is not lost. Throws when no worker can start.
 */
export function startModuleWorkerViaBlob(url: string): Worker {
  const absolute = new URL(url, window.location.href).toString();
  const code =
    'const held = []; const hold = (e) => held.push(e.data); self.addEventListener("message", hold);' +
    `import(${JSON.stringify(absolute)}).then(() => { self.removeEventListener("message", hold);` +
    ' for (const data of held) self.dispatchEvent(new MessageEvent("message", { data })); });';
  return new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
}
