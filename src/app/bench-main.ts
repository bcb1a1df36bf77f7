import { startPdfWorkerEarly } from '../features/viewer/early-pdf-worker.ts';

// /bench's entry (bench.html). A worker's script is fetched only once the page's main thread is free, and evaluating
// React, pdf.js and the viewer is one long task: so this entry starts pdf.js's worker, then lets the thread go while
// the rest of the page's code arrives (a dynamic import), and the worker loads beside it.
startPdfWorkerEarly();
void import('./bench-root.tsx').catch((error: unknown) => {
  console.error('The bench page did not load', error);
  document.getElementById('root')?.replaceChildren('The bench page did not load: reload it.');
});
