import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prepareViewerWorkers } from '../../features/viewer/document/pdf-options.ts';
import { ignoreCancelledRequests } from '../../features/viewer/document/pdfjs-cancelled-requests.ts';
import { BenchPage } from './bench-page.tsx';
import { RootBoundary } from '../layout/root-boundary.tsx';
import { afterFirstLocale } from '../../i18n/locale-store.ts';
import '../layout/index.css';

// /bench's page (bench-main.ts; docs/benchmarks.md): the real viewer alone, with none of the app's code. pdf.js's
// worker and the document's opening were started by the entry (the viewer's pane adopts the opening);
// prepareViewerWorkers hands pdf.js its worker if the entry's preload has not yet (with `open=0`, no document and no
// worker until the bench opens one).
if (new URLSearchParams(window.location.search).get('open') !== '0') prepareViewerWorkers();
ignoreCancelledRequests(window);

const root = document.getElementById('root');
if (!root) throw new Error('bench.html has no #root');
afterFirstLocale(() =>
  createRoot(root, {
    onCaughtError: (error, info) => console.warn('Handled render error', error, info.componentStack),
  }).render(
    <StrictMode>
      <RootBoundary>
        <BenchPage />
      </RootBoundary>
    </StrictMode>,
  ),
);
