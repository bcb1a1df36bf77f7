import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { dropFirstPage } from '../features/viewer/first-page-paint.ts';
import { prepareViewerWorkers } from '../features/viewer/pdf-options.ts';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { BenchPage } from './bench-page.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../i18n/locale-store.ts';
import './index.css';

// /bench's page (bench-main.ts; docs/benchmarks.md): the real viewer alone, with none of the app's code. pdf.js's
// worker and the document's load were started by the entry before this module arrived (the viewer's pane adopts
// that load); prepareViewerWorkers hands pdf.js its worker if the entry's preload has not yet (with `open=0`, no
// document and no worker until the bench opens one).
if (new URLSearchParams(window.location.search).get('open') !== '0') prepareViewerWorkers();
ignoreCancelledRequests(window);

const root = document.getElementById('root');
if (!root) throw new Error('bench.html has no #root');
afterFirstLocale(() =>
  // A crash shown by the root boundary must not stay hidden under page 1 drawn before React (bench-main.ts).
  createRoot(root, {
    onCaughtError: (error, info) => {
      dropFirstPage();
      console.warn('Handled render error', error, info.componentStack);
    },
  }).render(
    <StrictMode>
      <RootBoundary>
        <BenchPage />
      </RootBoundary>
    </StrictMode>,
  ),
);
