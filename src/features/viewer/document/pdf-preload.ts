import type { pdfjs } from 'react-pdf';
import { guardBytes, guardContentOnce } from './content-guard.ts';
import { startPdfBytes, takePrefetchedBytes, type Progress } from './pdf-bytes.ts';
import { buildDrawing } from '../render/page-render.ts';
import { openPdf, openPdfBytes } from './pdf-options.ts';
import { holdWorkers } from './worker-lifetime.ts';

// A PDF's opening, started as early as the page knows the document: a link to an answer opens the document its
// viewer will show once the answer and the viewer's code are in, before React has drawn the viewer
// (app/answer-route-start.ts); the pane that mounts for that URL (pdf-document.ts) adopts the opening instead of
// starting another one. No React here.

type LoadingTask = ReturnType<typeof pdfjs.getDocument>;
export type PdfDocument = Awaited<LoadingTask['promise']>;

export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export type PasswordCallback = (password: string) => void;

export interface DocumentEvents {
  /** pdf.js needs a password (`reason`: pdf.js's PasswordResponses, NEED_PASSWORD or INCORRECT_PASSWORD). */
  onPassword(respond: PasswordCallback, reason: number): void;
  onProgress(progress: Progress): void;
}

export interface Opening {
  /** The document with page 1's proxy (or null): what the pane shows as loaded. */
  opened: Promise<{ pdf: PdfDocument; firstPage: PdfPage | null }>;
  /** Stops the download, or frees the document in pdf.js's worker. */
  destroy(): void;
}

interface Started extends Opening {
  /** From now on these hear the opening's progress and password questions, and at once what they missed. */
  listen(events: DocumentEvents): void;
}

/** `page`: the page the viewer will show first (1, or a linked citation's), whose drawing is built as it opens. */
function startOpening(url: string, page?: number): Started {
  const read = takePrefetchedBytes(url) ?? startPdfBytes(url);
  // Only the abort is kept: a closure holding `read` would hold the file's bytes for as long as the pane is open.
  const abortRead = read.abort;
  let events: DocumentEvents | null = null;
  let progress: Progress | null = null;
  let password: { respond: PasswordCallback; reason: number } | null = null;
  const onProgress = (p: Progress) => {
    progress = p;
    events?.onProgress(p);
  };
  read.onProgress(onProgress);
  let task: LoadingTask | null = null;
  let destroyed = false;
  // The shared workers stay while the bytes download (the task holds them after): a switch to a document that is
  // still downloading does not end them and start them again.
  const releaseDownload = holdWorkers();
  const opened = read.result.then(async (file) => {
    if (destroyed) throw new Error('The document was closed while it downloaded.');
    // pdf.js takes the bytes it is given (they are transferred to its worker), so it gets a copy: the original is
    // the bomb check's to read. A file we could not read is pdf.js's to load, and to explain.
    task = file.kind === 'bytes' ? openPdfBytes(file.bytes.slice()) : openPdf(url);
    releaseDownload();
    task.onPassword = (respond: PasswordCallback, reason: number) => {
      if (events) events.onPassword(respond, reason);
      else password = { respond, reason };
    };
    if (file.kind === 'unavailable') task.onProgress = onProgress;
    // The decompression-bomb check (content-guard.ts) starts now, while pdf.js's worker opens its copy: it must pass
    // before any page is drawn, and scanning once the document is open would hold up page 1 (~25 ms for a 1 MB file).
    const check = file.kind === 'bytes' ? guardBytes(file.bytes) : undefined;
    check?.catch(() => undefined);
    const pdf = await task.promise;
    // Page 1 is always needed first (its size is every unknown page's placeholder): asked as the document opens, a
    // worker round trip of ~2 ms, so that the viewer's first render can already draw it. The document counts as
    // open once the check is in too, so the viewer draws page 1 in its first render. The check's verdict is the
    // viewer's ContentGate's to show, so a failed check does not fail the opening.
    const guarded = guardContentOnce(pdf, check);
    const [firstPage] = await Promise.all([pdf.getPage(1).catch(() => null), guarded.catch(() => undefined)]);
    // Asked for by a link (preloadPdfDocument): the worker builds the first page's drawing while React draws the
    // viewer, once the check has passed (building it inflates the page's streams). pdf.js keeps it for the page's
    // first render, so the viewer's drawing asks the worker for nothing. Dropped with the document.
    if (page !== undefined && page >= 1 && page <= pdf.numPages) {
      guarded
        .then(() => pdf.getPage(page))
        .then(
          (p) => void buildDrawing(p).done.catch(() => undefined),
          () => undefined,
        );
    }
    return { pdf, firstPage };
  });
  opened.then(releaseDownload, releaseDownload);
  return {
    opened,
    destroy: () => {
      destroyed = true;
      abortRead();
      releaseDownload();
      void task?.destroy();
    },
    listen: (e) => {
      events = e;
      if (progress) e.onProgress(progress);
      if (password) e.onPassword(password.respond, password.reason);
      password = null;
    },
  };
}

interface Preloaded {
  opening: Started;
  /** Destroys an opening no pane took (the page changed its mind): its download and worker memory are freed. */
  expiry: ReturnType<typeof setTimeout>;
}

const preloaded = new Map<string, Preloaded>();
/** URLs a pane has asked for: a preload that comes after its pane (its chunk arrived late) would only load it twice. */
const claimed = new Set<string>();
/** How long a preloaded document waits for its pane. */
const UNCLAIMED_MS = 30_000;

/**
 * Starts opening `url` now, for the pane that will show it (absolute URL, as the pane's); `page`: the page it will
 * show first, whose drawing the worker builds meanwhile. Once per URL: returns the opening's `opened`, or null when it
 * was preloaded or asked for already.
 */
export function preloadPdfDocument(url: string, page?: number): Opening['opened'] | null {
  if (preloaded.has(url) || claimed.has(url)) return null;
  const opening = startOpening(url, page);
  const entry: Preloaded = {
    opening,
    expiry: setTimeout(() => {
      if (preloaded.get(url) !== entry) return;
      preloaded.delete(url);
      opening.destroy();
    }, UNCLAIMED_MS),
  };
  preloaded.set(url, entry);
  return opening.opened;
}

/** The preloaded opening of `url`, now the caller's, telling `events` what it missed; else a new one. */
export function takeOpening(url: string, events: DocumentEvents): Opening {
  const entry = preloaded.get(url);
  claimed.add(url);
  if (entry) {
    preloaded.delete(url);
    clearTimeout(entry.expiry);
  }
  const opening = entry?.opening ?? startOpening(url);
  opening.listen(events);
  return opening;
}
