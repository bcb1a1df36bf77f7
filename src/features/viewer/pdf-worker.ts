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

type PDFWorker = InstanceType<typeof pdfjs.PDFWorker>;

export interface SharedPdfWorker {
  worker: PDFWorker;
  /** Ends the thread. pdf.js terminates a worker it started itself, not one it was handed as a port. */
  end(): void;
}

/** pdf.js's worker over a thread started here; ending it ends the thread too. */
function overPort(port: Worker): SharedPdfWorker {
  // pdfjs-dist's constructor signature types `port` as null (its JSDoc says Worker; PDFWorkerParameters agrees).
  const worker = new pdfjs.PDFWorker({ port } as unknown as ConstructorParameters<typeof pdfjs.PDFWorker>[0]);
  return {
    worker,
    end: () => {
      worker.destroy();
      port.terminate();
    },
  };
}

export function createPdfWorker(): SharedPdfWorker {
  const early = takeEarlyPdfWorker();
  if (early) return overPort(early);
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
      return overPort(new Worker(URL.createObjectURL(bootstrap)));
    } catch {
      // Fall through: pdf.js's own worker (or its main-thread fallback) still renders, only slower.
    }
  }
  const worker = new pdfjs.PDFWorker();
  return { worker, end: () => worker.destroy() };
}
