import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prepareViewerWorkers } from '../features/viewer/pdf-viewer.tsx';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { BenchPage } from './bench-page.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../i18n/locale-store.ts';
import './index.css';

// /bench's own entry (bench.html; docs/benchmarks.md): the real viewer alone, with none of the app's code. Like
// pdf.js's viewer, which loads its whole bundle and starts its worker at once, the page starts pdf.js's worker
// before React renders anything, and its script is the only one it waits for.
prepareViewerWorkers();
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
