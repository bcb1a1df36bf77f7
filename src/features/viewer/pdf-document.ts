import { useEffect, useEffectEvent, useState } from 'react';
import type { pdfjs } from 'react-pdf';
import { openPdf } from './pdf-options.ts';

// Opening a PDF: one pdf.js loading task per document pane, destroyed when the pane goes. It replaces react-pdf's
// <Document>, whose load began only after React had rendered the viewer and resolved the file in two more passes
// (~130 ms here before the worker was asked for the document); the rest of our viewer never used its context.
//
// A page that knows its document before React starts (/bench's `file`) calls preloadPdfDocument: the worker is
// asked at once, and the pane that mounts for that URL adopts the task instead of starting another one.

type LoadingTask = ReturnType<typeof pdfjs.getDocument>;
export type PdfDocument = Awaited<LoadingTask['promise']>;

type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/**
 * `firstPage`: page 1's proxy, fetched as the document opened (null if it failed; its page view reports that): with
 * it, the viewer's first render already mounts page 1 ready to draw, a render and a promise turn sooner.
 */
export type DocumentLoad =
  | { kind: 'loading' }
  | { kind: 'loaded'; pdf: PdfDocument; firstPage: PdfPage | null }
  | { kind: 'failed'; error: Error };

type PasswordCallback = (password: string) => void;

export interface DocumentEvents {
  /** pdf.js needs a password (`reason`: pdf.js's PasswordResponses, NEED_PASSWORD or INCORRECT_PASSWORD). */
  onPassword(respond: PasswordCallback, reason: number): void;
  onProgress(progress: { loaded: number; total: number }): void;
}

interface Preloaded extends Task {
  /** What pdf.js asked before a pane took the task over, handed to the pane's own handlers when it does. */
  password: { respond: PasswordCallback; reason: number } | null;
  progress: { loaded: number; total: number } | null;
  /** Destroys a task that no pane took (the page changed its mind): its download and worker memory are freed. */
  expiry: ReturnType<typeof setTimeout>;
}

const preloaded = new Map<string, Preloaded>();
/** How long a preloaded document waits for its pane. */
const UNCLAIMED_MS = 30_000;

interface Task {
  task: LoadingTask;
  /** The document with page 1's proxy (or null): what the pane shows as loaded. */
  opened: Promise<{ pdf: PdfDocument; firstPage: PdfPage | null }>;
}

function startTask(url: string): Task {
  const task = openPdf(url);
  // Page 1 is always needed first (its size is every unknown page's placeholder): asked as the document opens, a
  // worker round trip of ~2 ms, so that the viewer's first render can already draw it.
  const opened = task.promise.then((pdf) =>
    pdf.getPage(1).then(
      (firstPage) => ({ pdf, firstPage }),
      () => ({ pdf, firstPage: null }),
    ),
  );
  opened.catch(() => undefined);
  return { task, opened };
}

/** Starts loading `url` now, for the pane that will show it (absolute URL, as the pane's). Once per URL. */
export function preloadPdfDocument(url: string): void {
  if (preloaded.has(url)) return;
  const started = startTask(url);
  const { task } = started;
  const entry: Preloaded = {
    ...started,
    password: null,
    progress: null,
    expiry: setTimeout(() => {
      if (preloaded.get(url) !== entry) return;
      preloaded.delete(url);
      void task.destroy();
    }, UNCLAIMED_MS),
  };
  task.onPassword = (respond: PasswordCallback, reason: number) => (entry.password = { respond, reason });
  task.onProgress = (progress: { loaded: number; total: number }) => (entry.progress = progress);
  preloaded.set(url, entry);
}

/** The preloaded task for `url`, now the caller's, with its handlers set (and told what they missed); else a new one. */
function takeTask(url: string, events: DocumentEvents): Task {
  const entry = preloaded.get(url);
  const started = entry ?? startTask(url);
  const { task } = started;
  if (entry) {
    preloaded.delete(url);
    clearTimeout(entry.expiry);
  }
  task.onPassword = (respond: PasswordCallback, reason: number) => events.onPassword(respond, reason);
  task.onProgress = (progress: { loaded: number; total: number }) => events.onProgress(progress);
  if (entry?.progress) events.onProgress(entry.progress);
  if (entry?.password) events.onPassword(entry.password.respond, entry.password.reason);
  return { task, opened: started.opened };
}

/**
 * The document at `url`, loading until pdf.js has opened it. Mount it keyed by URL and attempt (a Retry is a new
 * mount): the state then starts fresh, and the effect's cleanup destroys the task, which cancels its download.
 */
export function usePdfDocument(url: string, events: DocumentEvents): DocumentLoad {
  const [load, setLoad] = useState<DocumentLoad>({ kind: 'loading' });
  const onPassword = useEffectEvent((respond: PasswordCallback, reason: number) => events.onPassword(respond, reason));
  const onProgress = useEffectEvent((progress: { loaded: number; total: number }) => events.onProgress(progress));
  useEffect(() => {
    let live = true;
    const { task, opened } = takeTask(url, { onPassword, onProgress });
    opened.then(
      ({ pdf, firstPage }) => live && setLoad({ kind: 'loaded', pdf, firstPage }),
      (reason: unknown) => live && setLoad({ kind: 'failed', error: reason instanceof Error ? reason : new Error(String(reason)) }),
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url]);
  return load;
}
