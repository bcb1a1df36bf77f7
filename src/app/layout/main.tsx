import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ignoreCancelledRequests } from '../../features/viewer/document/pdfjs-cancelled-requests.ts';
import { App } from './app.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../../i18n/locale-store.ts';
import { startPdfWorkerEarly } from '../../features/viewer/document/early-pdf-worker.ts';
import { holdForFirstPage } from '../../lib/first-page-hold.ts';
import { parsePanels } from '../../features/embed/display-params.ts';
import { createQueryClient } from '../../api/queries.ts';
import { startAnswerRoute } from '../answer-view/answer-route-start.ts';
import { useViewStore } from '../navigation/view-store.ts';
import './index.css';

// The app's entry (index.html). /bench has its own (bench.html, bench-main.ts), so neither loads the other's code.
ignoreCancelledRequests(window);

// A link to an answer shows its document: pdf.js's worker starts now, before React renders, instead of once the
// answer and the viewer's code have arrived (early-pdf-worker.ts). Not on the home page, nor in a frame showing no
// document.
const params = new URLSearchParams(window.location.search);
const panels = parsePanels(params.get('panels'));
const withViewer = !panels || panels.includes('viewer');
if (params.has('answer') && withViewer) {
  startPdfWorkerEarly();
  // The review panel's code and the claims' checks wait for page 1 (first-page-hold.ts).
  holdForFirstPage();
}
// The page's one query cache, made here so that a link to an answer asks for it (and for the answer view's and
// the viewer's code, and the document) before React renders: answer-route-start.ts.
const queryClient = createQueryClient();
const { view, embedded } = useViewStore.getState();
if (view.answer !== undefined && !embedded) startAnswerRoute(queryClient, view.answer, withViewer);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Errors caught by an error boundary are shown in their pane (pane-boundary.tsx); reported as warnings, because
// the console's errors are kept for what nothing handled (the e2e suite fails on any).
afterFirstLocale(() =>
  createRoot(root, {
    onCaughtError: (error, info) => console.warn('Handled render error', error, info.componentStack),
  }).render(
    <StrictMode>
      <RootBoundary>
        <App queryClient={queryClient} />
      </RootBoundary>
    </StrictMode>,
  ),
);
