import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { App } from './app.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../i18n/locale-store.ts';
import { startPdfWorkerEarly } from '../features/viewer/early-pdf-worker.ts';
import { parsePanels } from '../features/embed/display-params.ts';
import './index.css';

// The app's entry (index.html). /bench has its own (bench.html, bench-main.ts), so neither loads the other's code.
ignoreCancelledRequests(window);

// A link to an answer shows its document: pdf.js's worker starts now, before React renders, instead of once the
// answer and the viewer's code have arrived (early-pdf-worker.ts). Not on the home page, nor in a frame showing no
// document.
const params = new URLSearchParams(window.location.search);
const panels = parsePanels(params.get('panels'));
if (params.has('answer') && (!panels || panels.includes('viewer'))) startPdfWorkerEarly();

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
        <App />
      </RootBoundary>
    </StrictMode>,
  ),
);
