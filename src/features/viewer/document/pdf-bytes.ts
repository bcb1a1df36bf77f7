import { documentRequestHeaders } from '../../../api/auth-token.ts';
import { concatBytes } from '../../../core/documents/concat-bytes.ts';

// A PDF's bytes, read once by the page itself, for pdf.js (`getDocument({ data })`) and for the decompression-bomb
// check (content-guard.ts) alike. The check needs the whole file before any page may be drawn, so pdf.js's ranged,
// streamed loading could not show a page sooner; reading the file here instead saves the worker's copy of it back
// to the page (`getData()`) and pdf.js's stream relayed chunk by chunk through the main thread.
//
// No pdf.js and no React here: a link to an answer starts reading its document before pdf.js's code has arrived
// (prefetchPdfBytes, app/answer-route-start.ts).

export interface Progress {
  loaded: number;
  /** 0 when the server did not say (no Content-Length, or a compressed response). */
  total: number;
}

/**
 * `bytes`: the whole file. `unavailable`: we could not read it (an HTTP error, a refused or failed request, a body
 * cut short): the caller hands pdf.js the URL instead, so that the reader sees pdf.js's own account of what is
 * wrong (404, 401, a network error), which load-failure.ts already turns into words.
 */
export type PdfBytes = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'unavailable' };

/** Reads `url` to the end, reporting progress as the chunks arrive. Never rejects, but with `signal`'s reason. */
export async function fetchPdfBytes(url: string, signal: AbortSignal, onProgress: (progress: Progress) => void): Promise<PdfBytes> {
  let response: Response;
  try {
    // As pdf.js fetches a document: the API's bearer token (auth-token.ts), cookies only for our own origin.
    response = await fetch(url, { headers: { ...documentRequestHeaders }, credentials: 'same-origin', signal });
  } catch {
    signal.throwIfAborted();
    return { kind: 'unavailable' };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'unavailable' };
  }
  const total = declaredLength(response);
  const reader = response.body.getReader();
  // Chunks joined at the end. (A buffer of the declared length filled in place would not lower the peak: the
  // opening copies the bytes for pdf.js anyway.)
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
  } catch {
    signal.throwIfAborted();
    return { kind: 'unavailable' };
  }
  return { kind: 'bytes', bytes: concatBytes(chunks, loaded) };
}

/** Content-Length, when it is the body's length (not that of a compressed body the browser inflates). */
function declaredLength(response: Response): number {
  const encoding = response.headers.get('Content-Encoding');
  if (encoding && encoding !== 'identity') return 0;
  const length = Number(response.headers.get('Content-Length'));
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

/** A read started before anyone could use it: its result, and the progress so far for whoever takes it. */
export interface PendingBytes {
  result: Promise<PdfBytes>;
  /** Cancels the read (its result then rejects with the abort). */
  abort(): void;
  /** Called with every progress from now on, and at once with the latest one. */
  onProgress(listener: (progress: Progress) => void): void;
}

/** Starts reading `url`; the listener set later hears what it missed. */
export function startPdfBytes(url: string): PendingBytes {
  const controller = new AbortController();
  let latest: Progress | null = null;
  let listener: ((progress: Progress) => void) | null = null;
  const result = fetchPdfBytes(url, controller.signal, (progress) => {
    latest = progress;
    listener?.(progress);
  });
  result.catch(() => undefined);
  return {
    result,
    abort: () => controller.abort(),
    onProgress: (l) => {
      listener = l;
      if (latest) l(latest);
    },
  };
}

const prefetched = new Map<string, { pending: PendingBytes; expiry: ReturnType<typeof setTimeout> }>();
/** How long bytes read ahead wait to be taken before they are let go. */
const UNCLAIMED_MS = 30_000;

/**
 * Starts reading `url` now, for the viewer that will open it (absolute URL, as the viewer's): a link to an answer
 * asks for its document as soon as the answer has arrived (app/answer-route-start.ts), while pdf.js and the viewer's
 * code still load and React draws the answer. Once per URL; the opening takes the read (pdf-preload.ts).
 */
export function prefetchPdfBytes(url: string): void {
  if (prefetched.has(url)) return;
  const pending = startPdfBytes(url);
  const expiry = setTimeout(() => {
    prefetched.delete(url);
    pending.abort();
  }, UNCLAIMED_MS);
  prefetched.set(url, { pending, expiry });
}

/** The read prefetchPdfBytes started for `url`, now the caller's; null when none was started. */
export function takePrefetchedBytes(url: string): PendingBytes | null {
  const entry = prefetched.get(url);
  if (!entry) return null;
  // The timer goes too: it would hold the file's bytes for its 30 s.
  clearTimeout(entry.expiry);
  prefetched.delete(url);
  return entry.pending;
}
