import { guardContent } from './content-guard.ts';
import { openPdf } from './pdf-options.ts';
import { createTextCache, type DocumentTextCache } from '../text-layer/text-cache.ts';

// A document's text without showing it: for checks that run over every cited document in the background, not only
// the one on screen. Same loading options and the same shared pdf.js worker as the viewer; nothing is rendered.

export interface OpenedDocumentText {
  cache: DocumentTextCache;
  /** Frees the document in the worker. */
  close(): void;
}

/**
 * Rejects with pdf.js's error (its `status` holds the HTTP status of a failed fetch), with ContentTooLargeError for a
 * decompression bomb, or when `signal` aborts.
 */
export async function openDocumentText(url: string, signal: AbortSignal): Promise<OpenedDocumentText> {
  const task = openPdf(url);
  const abort = () => void task.destroy();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const pdf = await task.promise;
    signal.throwIfAborted();
    // A decompression bomb is not searched either (content-guard.ts): rejects with ContentTooLargeError.
    await guardContent(pdf);
    signal.throwIfAborted();
    const cache = createTextCache(pdf);
    return {
      cache,
      close: () => {
        cache.locator.close(); // its index in the locate worker
        void task.destroy();
      },
    };
  } catch (e) {
    void task.destroy();
    throw e;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
