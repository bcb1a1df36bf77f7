import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { guardContent } from './content-guard.ts';
import { LoadingPane } from './load-states.tsx';

/**
 * Shows the document's pages only once its bytes passed the decompression-bomb check (content-guard.ts); until then
 * the loading pane. A document that fails it is handed to `onBlocked` and never drawn, so pdf.js never inflates it.
 */
export function ContentGate({ pdf, onBlocked, children }: { pdf: PDFDocumentProxy; onBlocked(error: Error): void; children: ReactNode }) {
  const [passed, setPassed] = useState<PDFDocumentProxy | null>(null);
  const block = useEffectEvent(onBlocked);
  useEffect(() => {
    let live = true;
    guardContent(pdf).then(
      () => live && setPassed(pdf),
      (e: unknown) => live && block(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [pdf]);
  return passed === pdf ? children : <LoadingPane />;
}
