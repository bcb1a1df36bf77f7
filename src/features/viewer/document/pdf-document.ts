import { useEffect, useEffectEvent, useState } from 'react';
import type { Progress } from './pdf-bytes.ts';
import { takeOpening, type DocumentEvents, type PasswordCallback, type PdfDocument, type PdfPage } from './pdf-preload.ts';

// Opening a PDF: one opening (pdf-preload.ts: the file's bytes, then pdf.js's loading task) per document pane,
// destroyed when the pane goes. It replaces react-pdf's <Document>, whose load began only after React had rendered
// the viewer and resolved the file in two more passes (~130 ms here before the worker was asked for the document);
// the rest of our viewer never used its context. A link to an answer has started the opening already, before the
// pane mounted (pdf-preload.ts): the pane adopts it.

/**
 * `firstPage`: page 1's proxy, fetched as the document opened (null if it failed; its page view reports that): with
 * it, the viewer's first render already mounts page 1 ready to draw, a render and a promise turn sooner.
 */
export type DocumentLoad = { kind: 'loading' } | { kind: 'loaded'; pdf: PdfDocument; firstPage: PdfPage | null } | { kind: 'failed'; error: Error };

/**
 * The document at `url`, loading until pdf.js has opened it. Mount it keyed by URL and attempt (a Retry is a new
 * mount): the state then starts fresh, and the effect's cleanup destroys the opening, which cancels its download.
 */
export function usePdfDocument(url: string, events: DocumentEvents): DocumentLoad {
  const [load, setLoad] = useState<DocumentLoad>({ kind: 'loading' });
  const onPassword = useEffectEvent((respond: PasswordCallback, reason: number) => events.onPassword(respond, reason));
  const onProgress = useEffectEvent((progress: Progress) => events.onProgress(progress));
  useEffect(() => {
    let live = true;
    const opening = takeOpening(url, { onPassword, onProgress });
    opening.opened.then(
      ({ pdf, firstPage }) => live && setLoad({ kind: 'loaded', pdf, firstPage }),
      (reason: unknown) => live && setLoad({ kind: 'failed', error: reason instanceof Error ? reason : new Error(String(reason)) }),
    );
    return () => {
      live = false;
      opening.destroy();
    };
  }, [url]);
  return load;
}
