// Starts one of the app's own workers from its built URL (Vite's `?worker&url`: one classic script in the build, a
// module in the dev server). In a frame sandboxed without `allow-same-origin` the page's origin is opaque and
// `new Worker(<http URL>)` throws: there a classic worker made from a `blob:` URL (CSP `worker-src 'self' blob:`)
// loads the script with importScripts, which needs no CORS. Throws when no worker can start.
export function startBundledWorker(url: string): Worker {
  const absolute = new URL(url, window.location.href).toString();
  if (window.origin === 'null' && !import.meta.env.DEV) {
    const bootstrap = new Blob([`importScripts(${JSON.stringify(absolute)});`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(bootstrap));
  }
  return new Worker(absolute, { type: import.meta.env.DEV ? 'module' : 'classic' });
}
