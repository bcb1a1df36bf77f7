import { pdfjs } from 'react-pdf';
import { documentRequestHeaders } from '../../../api/auth-token.ts';
import { pdfLoadingOptions } from './pdf-loading-options.ts';
import { createPdfWorker } from './pdf-worker.ts';
import { holdWorkers, sharedWhileDocumentsOpen } from './worker-lifetime.ts';

// How every PDF of the page is opened (pdf-document.ts, and the text and print paths that open one of their own).

type DocumentOptions = Omit<
  Exclude<Parameters<typeof pdfjs.getDocument>[0], string | URL | ArrayBuffer | ArrayBufferView | undefined>,
  'url' | 'data' | 'range'
>;

// Set here, where the options are made, so the worker comes from the very pdfjs-dist react-pdf re-exports.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const BASE_OPTIONS = {
  ...pdfLoadingOptions(import.meta.env.BASE_URL),
  // The API's bearer token (embedding portals, signed links): one object updated in place, read by pdf.js when a
  // document starts loading (src/api/auth-token.ts), so a token is never put into a document URL.
  httpHeaders: documentRequestHeaders,
} satisfies DocumentOptions;

/**
 * The options with ONE pdf.js worker shared by every document and every viewer of the page. Without it, pdf.js
 * starts a new worker per document (fetch + parse of a 1.2 MB script, ~0.8 s here) on every document switch.
 * A worker passed in is not terminated when a loading task is destroyed: it is ended once no document is open
 * (worker-lifetime.ts), and the next document starts another. Created on first use, not at import, so importing
 * this module (e.g. in unit tests with react-pdf mocked) starts nothing.
 */
const sharedOptions = sharedWhileDocumentsOpen(
  () => {
    const worker = createPdfWorker();
    return { options: { ...BASE_OPTIONS, worker: worker.worker } satisfies DocumentOptions, worker };
  },
  ({ worker }) => worker.end(),
);

function getDocumentOptions(): DocumentOptions {
  return sharedOptions().options;
}

/**
 * Hands pdf.js its worker now (the one early-pdf-worker.ts started, or a new one), instead of when the first
 * document opens. The locator's starts once a page has painted (ViewerPages), or at once when a quote must be
 * searched before that: the first paint does not wait for its 38 kB.
 */
export function prepareViewerWorkers(): void {
  getDocumentOptions();
}

/**
 * Starts loading `url` with the page's options and its one worker: the text checks, printing, and the viewer when it
 * could not read the file itself.
 */
export function openPdf(url: string): ReturnType<typeof pdfjs.getDocument> {
  return getDocument({ url });
}

/** Opens a PDF from its bytes (pdf-bytes.ts), which pdf.js takes: they are transferred to its worker. */
export function openPdfBytes(data: Uint8Array): ReturnType<typeof pdfjs.getDocument> {
  return getDocument({ data });
}

function getDocument(source: { url: string } | { data: Uint8Array }): ReturnType<typeof pdfjs.getDocument> {
  const release = holdWorkers();
  // react-pdf's option type admits nulls that pdf.js's own does not; the object is what pdf.js expects.
  const task = pdfjs.getDocument({ ...getDocumentOptions(), ...source } as Parameters<typeof pdfjs.getDocument>[0] & object);
  // The document holds the workers until its task is destroyed: the one way every owner lets a document go (a
  // PDFDocumentProxy's destroy() is its task's). Released once pdf.js has freed it in the worker, not before.
  const destroy = task.destroy.bind(task);
  task.destroy = () => destroy().finally(release);
  return task;
}
