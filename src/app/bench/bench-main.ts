import { startPdfWorkerEarly } from '../../features/viewer/document/early-pdf-worker.ts';
import { prefetchPdfBytes } from '../../features/viewer/document/pdf-bytes.ts';

// /bench's entry (bench.html, served only with CITELENS_BENCH=1): the viewer alone, started the way a link to an
// answer starts it (main.tsx, answer-route-start.ts): pdf.js's worker at once, then the document's opening
// (pdf-preload.ts, which the viewer's pane adopts) beside React and the viewer. Nothing here is drawn before the
// viewer: what the bench times is what the app does.

const params = new URLSearchParams(window.location.search);
// `open=0`: the page starts with no document, and nothing of one (bench-page.tsx); its worker starts with it.
const startsOpen = params.get('open') !== '0';
const file = params.get('file');
if (startsOpen) startPdfWorkerEarly();
if (startsOpen && file) {
  const url = new URL(file, window.location.href).href;
  // The file is known at once here (a link to an answer knows it once the answer is in): its bytes first.
  prefetchPdfBytes(url);
  // A failed preload costs nothing: the viewer's pane then starts the opening itself. The opening is not returned into
  // this chain: a file pdf.js refuses is the viewer's message, not also an unhandled rejection (as answer-route-start).
  void import('../../features/viewer/document/pdf-preload.ts').then(
    ({ preloadPdfDocument }) => void preloadPdfDocument(url),
    () => undefined,
  );
}
void import('./bench-root.tsx').catch((error: unknown) => {
  console.error('The bench page did not load', error);
  document.getElementById('root')?.replaceChildren('The bench page did not load: reload it.');
});
