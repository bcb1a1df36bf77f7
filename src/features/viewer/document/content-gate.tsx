import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { contentPassed, guardContentOnce } from './content-guard.ts';
import { LoadingPane } from './load-states.tsx';

/**
 * Shows the document's pages only once its bytes passed the decompression-bomb check (content-guard.ts); until then
 * the loading pane. A document that fails it is handed to `onBlocked` and never drawn, so pdf.js never inflates it.
 * The check is started as the document opens, so it has usually passed by the time this mounts: the pages are then
 * drawn in the first render, not one render and a worker round trip later.
 */
export function ContentGate({ pdf, onBlocked, children }: { pdf: PDFDocumentProxy; onBlocked(error: Error): void; children: ReactNode }) {
  const [passed, setPassed] = useState<PDFDocumentProxy | null>(() => (contentPassed(pdf) ? pdf : null));
  const block = useEffectEvent(onBlocked);
  useEffect(() => {
    let live = true;
    guardContentOnce(pdf).then(
      () => live && setPassed(pdf),
      (e: unknown) => live && block(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [pdf]);
  return passed === pdf ? children : <LoadingPane />;
}
