// pdf.js's worker, started before the rest of the page's code runs. Opening a PDF waits first for the worker: its
// 1 MB script fetched and compiled on a thread of its own. But Chromium fetches a new worker's script only once the
// page's main thread is free, and evaluating React, pdf.js and our viewer is one long task: started from
// pdf-viewer.tsx, the worker began loading only after it (and after React's first render). The entry calls this when
// the link names an answer (main.tsx), so the worker loads while the page's code arrives.
//
// No imports, on purpose: this module is evaluated before the rest. pdf-worker.ts hands the worker to pdf.js as a
// port (`new PDFWorker({ port })`) when the first document opens.

let early: Worker | null = null;
let failed = false;

/** Starts the worker now (once). Not in an opaque origin, where pdf-worker.ts needs its blob bootstrap instead. */
export function startPdfWorkerEarly(): void {
  if (early || typeof Worker === 'undefined' || typeof window === 'undefined' || window.origin === 'null') return;
  try {
    // The URL apart from `new Worker(…)`: written inside it, Vite would bundle a second copy of the worker; this way
    // it is the very file pdf-viewer.tsx gives pdf.js as `workerSrc`.
    const url = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url);
    early = new Worker(url, { type: 'module' });
    // A worker whose script failed is not handed over: pdf.js then starts its own, or falls back to the main thread.
    early.addEventListener('error', () => (failed = true), { once: true });
  } catch {
    early = null;
  }
}

/** The worker started early, for pdf.js to use; null when none was started (or it failed). Handed out once. */
export function takeEarlyPdfWorker(): Worker | null {
  const worker = failed ? null : early;
  if (failed) early?.terminate();
  early = null;
  return worker;
}
