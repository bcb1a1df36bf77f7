import type { pdfjs } from 'react-pdf';
import { guardContentOnce } from './content-guard.ts';
import { openPdf } from './pdf-options.ts';

// A PDF's loading task, started as early as the page knows the document. No React here, on purpose: /bench's entry
// (bench-main.ts) imports this with pdf.js alone and asks for the document while React and the viewer still load;
// the pane that mounts for that URL (pdf-document.ts) adopts the task instead of starting another one.

type LoadingTask = ReturnType<typeof pdfjs.getDocument>;
export type PdfDocument = Awaited<LoadingTask['promise']>;

export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

export type PasswordCallback = (password: string) => void;

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
/** URLs a pane has asked for: a preload that comes after its pane (its chunk arrived late) would only load it twice. */
const claimed = new Set<string>();
/** How long a preloaded document waits for its pane. */
const UNCLAIMED_MS = 30_000;

export interface Task {
  task: LoadingTask;
  /** The document with page 1's proxy (or null): what the pane shows as loaded. */
  opened: Promise<{ pdf: PdfDocument; firstPage: PdfPage | null }>;
}

function startTask(url: string): Task {
  const task = openPdf(url);
  // Page 1 is always needed first (its size is every unknown page's placeholder): asked as the document opens, a
  // worker round trip of ~2 ms, so that the viewer's first render can already draw it.
  // The decompression-bomb check (content-guard.ts) starts at the same moment: it must pass before any page is drawn,
  // and the document counts as open once both are in, so the viewer draws page 1 in its first render. Its verdict
  // is the viewer's ContentGate's to show, so a failed check does not fail the opening.
  const opened = task.promise.then(async (pdf) => {
    const [firstPage] = await Promise.all([pdf.getPage(1).catch(() => null), guardContentOnce(pdf).catch(() => undefined)]);
    return { pdf, firstPage };
  });
  opened.catch(() => undefined);
  return { task, opened };
}

/** Starts loading `url` now, for the pane that will show it (absolute URL, as the pane's). Once per URL. */
export function preloadPdfDocument(url: string): void {
  if (preloaded.has(url) || claimed.has(url)) return;
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
export function takeTask(url: string, events: DocumentEvents): Task {
  const entry = preloaded.get(url);
  claimed.add(url);
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
