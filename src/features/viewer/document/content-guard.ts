import type { PDFDocumentProxy } from 'pdfjs-dist';
import { concatBytes } from '../../../core/documents/concat-bytes.ts';
import { ContentTooLargeError, findOversizedStream, type CappedInflate } from '../../../core/documents/stream-bombs.ts';

// The browser's side of the decompression-bomb limit (core/documents/stream-bombs.ts): before pdf.js is asked for
// any page's content (a canvas, a text layer, the locator's text), the document's bytes are scanned and every Flate
// stream that could pass the limit is inflated here, by the browser's native DecompressionStream, only until it
// passes. pdf.js itself would inflate the whole stream once per request, in the worker, with no way to stop it.

/**
 * Compressed bytes handed to the DecompressionStream at a time. The stream inflates a whole written chunk in one go
 * and queues everything it makes, whatever the reader has taken: one write of a 4.2 MB bomb queued 4 GiB (4,118 MB
 * of heap, the tab blocked 5.7 s) before the reader could see the cap pass (issue 34, break 4). A piece of 4 KB
 * inflates to at most ~4.2 MB (deflate tops out near 1032:1), and the next piece is written only when the stream
 * asks for more (`writer.ready`, its backpressure), so memory stays near one piece's output and the work stops at
 * the cap.
 */
export const INFLATE_PIECE_BYTES = 4 * 1024;

/** Inflates with DecompressionStream, fed piece by piece and cancelled once more than `cap` bytes came out. */
export const inflateInBrowser: CappedInflate = async (data, cap, keep) => {
  const { readable, writable } = new DecompressionStream('deflate');
  const writer = writable.getWriter();
  let stopped = false;
  const feeding = (async () => {
    try {
      for (let at = 0; at < data.length && !stopped; at += INFLATE_PIECE_BYTES) {
        await writer.ready;
        if (stopped) return;
        // Not awaited: write() settles only once the piece's output is read, which the loop below does.
        writer.write(data.slice(at, at + INFLATE_PIECE_BYTES)).catch(() => undefined);
      }
      if (!stopped) await writer.close();
    } catch {
      // Corrupt (the reader sees the same error), or cancelled at the cap.
    }
  })();
  const reader = readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        stopped = true;
        await reader.cancel().catch(() => undefined);
        return { size, bytes: null };
      }
      if (keep) chunks.push(value);
    }
  } catch {
    // Corrupt or truncated: what came out before the error is what pdf.js could inflate at most.
  } finally {
    stopped = true;
    await feeding;
  }
  return { size, bytes: keep ? concatBytes(chunks, size) : null };
};

/** Each document's check, and whether it has passed (read synchronously by the gate's first render). */
const guards = new WeakMap<PDFDocumentProxy, { promise: Promise<void>; passed: boolean }>();

/**
 * The check once per document, shared by whoever asks: the document's opening starts it as the file's bytes arrive
 * (pdf-preload.ts, `guardBytes`) and hands it in here once pdf.js has opened the document, and the viewer's
 * ContentGate then finds it done instead of starting it after its first render. Without `started`, the bytes are
 * asked of pdf.js.
 */
export function guardContentOnce(pdf: PDFDocumentProxy, started?: Promise<void>): Promise<void> {
  let guard = guards.get(pdf);
  if (!guard) {
    const entry = { promise: (started ?? guardContent(pdf)).then(() => void (entry.passed = true)), passed: false };
    entry.promise.catch(() => undefined);
    guards.set(pdf, entry);
    guard = entry;
  }
  return guard.promise;
}

/** Whether the document's check has already passed (so its pages may be drawn in this very render). */
export function contentPassed(pdf: PDFDocumentProxy): boolean {
  return guards.get(pdf)?.passed ?? false;
}

/**
 * Throws ContentTooLargeError when a stream of the document inflates past the limit. Waits for the whole file
 * (pdf.js streams it in the background anyway). A file whose bytes cannot be read is let through, as before.
 */
export async function guardContent(pdf: PDFDocumentProxy): Promise<void> {
  let bytes: Uint8Array;
  try {
    bytes = await pdf.getData();
  } catch {
    return;
  }
  await guardBytes(bytes);
}

/** The User Timing entry each check leaves (its duration: how long a document waited for it). */
export const CONTENT_CHECK_MEASURE = 'citelens:content-check';

/** Throws ContentTooLargeError when a stream of these PDF bytes inflates past the limit. */
export async function guardBytes(bytes: Uint8Array): Promise<void> {
  const start = performance.now();
  try {
    const found = await findOversizedStream(bytes, inflateInBrowser);
    if (found) throw new ContentTooLargeError(found);
  } finally {
    performance.measure(CONTENT_CHECK_MEASURE, { start });
  }
}
