import { startPdfWorkerEarly, whenEarlyWorkerFetched } from '../features/viewer/early-pdf-worker.ts';
import { prefetchPdfBytes } from '../features/viewer/pdf-bytes.ts';

// /bench's entry (bench.html). Opening a PDF waits first for pdf.js's worker: its 1.3 MB script fetched and compiled
// on a thread of its own. So this entry starts the worker before anything else, lets its script download alone
// (early-pdf-worker.ts: six connections, and 15 chunks of our code would take them all), then asks for the rest:
// the PDF's bytes (pdf-bytes.ts), pdf.js with the document's opening (pdf-preload.ts imports no React, so the
// document opens as soon as pdf.js has arrived, while React and the viewer still load), and the page itself.
startPdfWorkerEarly();
void whenEarlyWorkerFetched(150).then(() => {
  const file = new URLSearchParams(window.location.search).get('file');
  if (file) {
    const url = new URL(file, window.location.href).href;
    prefetchPdfBytes(url);
    // A failed preload costs nothing: the viewer's pane then starts the opening itself.
    void import('../features/viewer/pdf-preload.ts').then(({ preloadPdfDocument }) => preloadPdfDocument(url), () => undefined);
  }
  void import('./bench-root.tsx').catch((error: unknown) => {
    console.error('The bench page did not load', error);
    document.getElementById('root')?.replaceChildren('The bench page did not load: reload it.');
  });
});
