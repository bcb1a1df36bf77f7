import { pdfjs } from 'react-pdf';
import { takeEarlyPdfWorker } from './early-pdf-worker.ts';

// The one pdf.js worker of the page. In a frame sandboxed without `allow-same-origin` the page's origin is opaque
// ("null"), and `new Worker(<http URL>)` throws, so pdf.js would fall back to parsing on the main thread ("fake
// worker"): every page of a large PDF would then block the UI. A classic worker made from a `blob:` URL in the frame
// is allowed (CSP `worker-src 'self' blob:`), and a dynamic import() inside it loads the real worker module (served
// with `Access-Control-Allow-Origin: *`, see docs/embed.md). A module worker from a blob URL is refused in an opaque
// origin, hence the classic one.

function isOpaqueOrigin(): boolean {
  return typeof window !== 'undefined' && window.origin === 'null';
}

export function createPdfWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  const early = takeEarlyPdfWorker();
  // pdfjs-dist's constructor signature types `port` as null (its JSDoc says Worker; PDFWorkerParameters agrees).
  if (early) return new pdfjs.PDFWorker({ port: early } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0]);
  const src = pdfjs.GlobalWorkerOptions.workerSrc;
  if (isOpaqueOrigin() && src && typeof Worker !== 'undefined' && typeof Blob !== 'undefined') {
    try {
      const absolute = new URL(src, window.location.href).toString();
      // Messages that arrive while the module loads are held and replayed, so the first document request is not lost.
      const code =
        'const held = []; const hold = (e) => held.push(e.data); self.addEventListener("message", hold);' +
        `import(${JSON.stringify(absolute)}).then(() => { self.removeEventListener("message", hold);` +
        ' for (const data of held) self.dispatchEvent(new MessageEvent("message", { data })); });';
      const bootstrap = new Blob([code], { type: 'text/javascript' });
      const port = new Worker(URL.createObjectURL(bootstrap));
      // pdfjs-dist's constructor signature types `port` as null (its JSDoc says Worker; PDFWorkerParameters agrees).
      return new pdfjs.PDFWorker({ port } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0]);
    } catch {
      // Fall through: pdf.js's own worker (or its main-thread fallback) still renders, only slower.
    }
  }
  return new pdfjs.PDFWorker();
}
