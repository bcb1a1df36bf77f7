import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ignoreCancelledRequests } from '../features/viewer/pdfjs-cancelled-requests.ts';
import { App } from './app.tsx';
import './index.css';

ignoreCancelledRequests(window);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
