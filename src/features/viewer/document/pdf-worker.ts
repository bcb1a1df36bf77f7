import { pdfjs } from 'react-pdf';
import { isOpaqueOrigin, startModuleWorkerViaBlob } from '../../../lib/start-worker.ts';
import { takeEarlyPdfWorker } from './early-pdf-worker.ts';

// The one pdf.js worker of the page. In a frame sandboxed without `allow-same-origin` pdf.js cannot start its worker
// and would fall back to parsing on the main thread ("fake worker"): every page of a large PDF would then block the
// UI. There the worker is started through lib/start-worker.ts's blob bootstrap and handed to pdf.js as a port.

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
      return overPort(startModuleWorkerViaBlob(src));
    } catch {
      // Fall through: pdf.js's own worker (or its main-thread fallback) still renders, only slower.
    }
  }
  const worker = new pdfjs.PDFWorker();
  return { worker, end: () => worker.destroy() };
}
