import { startPdfWorkerEarly, whenEarlyWorkerFetched } from '../features/viewer/early-pdf-worker.ts';
import { prefetchPdfBytes } from '../features/viewer/pdf-bytes.ts';

// /bench's entry (bench.html). Opening a PDF waits first for pdf.js's worker: its 1.3 MB script fetched and compiled
// on a thread of its own. So this entry starts the worker before anything else and lets its script download alone
// (early-pdf-worker.ts: six connections, and 15 chunks of our code would take them all). Then it asks for the PDF's
// bytes (pdf-bytes.ts) and pdf.js with the document's opening (pdf-preload.ts, no React), and, with a zoom in the
// URL, draws page 1 (first-page-paint.ts). Only then are React and the viewer fetched: on two cores their ~360 kB,
// fetched and compiled while pdf.js's worker started, held page 1 back by 40-110 ms. The viewer takes page 1 over
// when it arrives, ~150 ms later.

/** How long the page's own code waits for page 1: past this, the viewer's loading screen (progress, password) is due. */
const FIRST_PAGE_WAIT_MS = 1000;

// `open=0`: the page starts with no document, and nothing of one (bench-page.tsx); its worker starts with it.
const startsOpen = new URLSearchParams(window.location.search).get('open') !== '0';
if (startsOpen) startPdfWorkerEarly();
void (startsOpen ? whenEarlyWorkerFetched(150).then(openFirstPage) : Promise.resolve())
  .then(() => import('./bench-root.tsx'))
  .catch((error: unknown) => {
    console.error('The bench page did not load', error);
    document.getElementById('root')?.replaceChildren('The bench page did not load: reload it.');
  });

/** Opens the URL's `file` and draws its page 1 at the URL's `scale`; resolves when drawn, or when it cannot be soon. */
async function openFirstPage(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const file = params.get('file');
  if (!file) return;
  const url = new URL(file, window.location.href).href;
  prefetchPdfBytes(url);
  const scale = Number(params.get('scale'));
  const painter = scale > 0 ? import('../features/viewer/first-page-paint.ts') : null;
  painter?.catch(() => undefined);
  // A failed preload costs nothing: the viewer's pane then starts the opening itself.
  const preload = await import('../features/viewer/pdf-preload.ts').catch(() => null);
  const opened = preload?.preloadPdfDocument(url);
  if (!opened || !painter) return;
  const drawn = painter.then(({ paintFirstPage }) => paintFirstPage(opened, scale)).catch(() => undefined);
  await Promise.race([drawn, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
