import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { markersByPage, type PageCitation } from '../../../core/pages/cited-pages.ts';
import { RenderScheduler } from '../render/render-scheduler.ts';
import { SIDEBAR_AUTO_MIN_WIDTH, selectPageLabels, selectSidebarShown } from './sidebar-slice.ts';
import { useViewerStore, useViewerStoreApi } from '../viewer-store.ts';
import { retryableLazy } from '../../../hooks/retryable-lazy.tsx';

// One open document's body: the sidebar (when shown) beside the pages. It owns what both share: the render queue
// (thumbnails paint in it as background jobs) and the document's printed page labels, read once into the viewer's
// store for the toolbar, the thumbnails and citations given by label.

// The sidebar's thumbnails and outline are a chunk of their own, imported when it is first shown (it is shown at once
// only in a viewer 800 px wide or more): page 1 does not wait for them (issue #37). Until it has come, an empty column
// of the sidebar's width holds its place, so the page does not move when it arrives.
const ViewerSidebar = retryableLazy(() => import('./viewer-sidebar.tsx').then((m) => m.ViewerSidebar)).Component;
const SIDEBAR_PLACE = <div aria-hidden className="h-full w-40 shrink-0 border-e border-slate-200 bg-slate-50" />;

interface SidebarLayoutProps {
  pdf: PDFDocumentProxy;
  documentKey: string;
  /** The answer's citations of this document (pages or printed labels, with their marker keys). */
  citations: readonly PageCitation[];
  children(scheduler: RenderScheduler): ReactNode;
}

export function SidebarLayout({ pdf, documentKey, citations, children }: SidebarLayoutProps) {
  const store = useViewerStoreApi();
  const [scheduler] = useState(() => new RenderScheduler(2));
  const shown = useViewerStore(selectSidebarShown);
  const labels = useViewerStore(selectPageLabels);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    pdf.getPageLabels().then(
      (l) => !cancelled && store.getState().setPageLabels(documentKey, l),
      // A broken /PageLabels tree is not worth an error: the pages keep their numbers.
      () => !cancelled && store.getState().setPageLabels(documentKey, null),
    );
    return () => {
      cancelled = true;
    };
  }, [pdf, documentKey, store]);

  // The automatic choice follows the pane's width: narrow panes (stacked layout, three panes side by side on a
  // laptop) keep all their width for the page until the user opens the sidebar.
  useLayoutEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const measure = () => store.getState().setSidebarAuto(el.clientWidth >= SIDEBAR_AUTO_MIN_WIDTH);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [store]);

  const pageCount = pdf.numPages;
  const markers = useMemo(() => markersByPage(citations, labels ?? null, pageCount), [citations, labels, pageCount]);

  return (
    <div ref={rootRef} className="flex h-full min-h-0">
      {shown ? <ViewerSidebar pdf={pdf} scheduler={scheduler} markers={markers} labels={labels ?? null} fallback={SIDEBAR_PLACE} /> : null}
      <div className="relative h-full min-w-0 flex-1">{children(scheduler)}</div>
    </div>
  );
}
