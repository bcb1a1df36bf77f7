import { startPdfWorkerEarly } from '../features/viewer/early-pdf-worker.ts';
import { prefetchPdfBytes } from '../features/viewer/pdf-bytes.ts';

// /bench's entry (bench.html). A worker's script is fetched only once the page's main thread is free, and evaluating
// React, pdf.js and the viewer is one long task: so this entry starts pdf.js's worker, then lets the thread go while
// the rest of the page's code arrives (a dynamic import), and the worker loads beside it.
startPdfWorkerEarly();
const file = new URLSearchParams(window.location.search).get('file');
if (file) {
  const url = new URL(file, window.location.href).href;
  // The PDF downloads beside the code (pdf-bytes.ts); the document is opened as soon as pdf.js itself has arrived
  // (pdf-preload.ts imports no React), not after the viewer's code too. A failed preload costs nothing: the viewer's
  // pane then starts the opening itself.
  prefetchPdfBytes(url);
  void import('../features/viewer/pdf-preload.ts').then(({ preloadPdfDocument }) => preloadPdfDocument(url), () => undefined);
}
void import('./bench-root.tsx').catch((error: unknown) => {
  console.error('The bench page did not load', error);
  document.getElementById('root')?.replaceChildren('The bench page did not load: reload it.');
});
