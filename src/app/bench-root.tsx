import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prepareViewerWorkers } from '../features/viewer/pdf-options.ts';
import { preloadPdfDocument } from '../features/viewer/pdf-document.ts';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { BenchPage } from './bench-page.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../i18n/locale-store.ts';
import './index.css';

// /bench's page (bench-main.ts; docs/benchmarks.md): the real viewer alone, with none of the app's code. pdf.js's
// worker was started by the entry before this module arrived; prepareViewerWorkers hands it to pdf.js, and the
// document is asked for before React renders (the viewer's pane adopts that load).
prepareViewerWorkers();
const file = new URLSearchParams(window.location.search).get('file');
if (file) preloadPdfDocument(new URL(file, window.location.href).href);
ignoreCancelledRequests(window);

const root = document.getElementById('root');
if (!root) throw new Error('bench.html has no #root');
afterFirstLocale(() =>
  createRoot(root).render(
    <StrictMode>
      <RootBoundary>
        <BenchPage />
      </RootBoundary>
    </StrictMode>,
  ),
);
