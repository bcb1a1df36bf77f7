import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { App } from './app.tsx';
import { RootBoundary } from './root-boundary.tsx';
import { afterFirstLocale } from '../i18n/locale-store.ts';
import './index.css';

// The app's entry (index.html). /bench has its own (bench.html, bench-main.ts), so neither loads the other's code.
ignoreCancelledRequests(window);

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
