import { useEffect, useLayoutEffect, type RefObject } from 'react';
import type { StoreApi } from 'zustand';
import type { VisibleRange } from '../render/render-queue.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import type { ViewerEventHandler } from '../viewer-host.tsx';
import type { ViewerStore } from '../viewer-store.ts';
import { locateService } from '../locate/locate-client.ts';
import { liftFirstPageHold } from '../../../lib/first-page-hold.ts';

// What the pages of an open document tell the rest of the viewer and its host: the text cache, the viewport's size,
// the first paint, the page on screen and the pages the fit modes fit. Effects of ViewerPages, named.

/** The visible pages the fit modes look at, at most (a tiny zoom may show dozens). */
const MAX_FIT_PAGES = 12;

/** Hands the document's text cache to the host, once per cache, and takes it back when it goes. */
export function useTextCacheHandout(emit: ViewerEventHandler, documentId: string, textCache: DocumentTextCache): void {
  useEffect(() => {
    emit({ kind: 'text-cache', documentId, cache: textCache });
    return () => emit({ kind: 'text-cache', documentId, cache: null });
  }, [emit, documentId, textCache]);
}

/** Fit modes follow the container size: a pane resize rescales, and highlights follow because they are projected. */
export function useViewportSize(scrollRef: RefObject<HTMLDivElement | null>, store: StoreApi<ViewerStore>): void {
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => store.getState().setViewport(el.clientWidth, el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef, store]);
}

/**
 * Once a page is on screen: the sidebar's thumbnails may start (selectPagesPainted), and the locator's worker, ready
 * for the first quote and the review's checks (a quote searched before then starts it itself). Neither is in the way
 * of the first paint.
 */
export function useFirstPaint(anyPainted: boolean, store: StoreApi<ViewerStore>, documentKey: string): void {
  useEffect(() => {
    if (!anyPainted) return;
    store.getState().setPainted(documentKey);
    // What the page held back for page 1 (the review panel, the claims' checks) may load now.
    liftFirstPageHold();
    locateService();
  }, [anyPainted, store, documentKey]);
}

/**
 * The pages on screen, told to the store and the host. Fit width fits the widest page on screen (a wider page among
 * narrower ones is not cut at the pane's edge); a jump fits the page it goes to first (ViewerPages), so the highlight
 * lands at its final scale. A smaller scale shows more pages, never fewer, so the widest on screen stays the widest
 * and a change settles at once.
 */
export function useVisibleReports(range: VisibleRange, store: StoreApi<ViewerStore>, emit: ViewerEventHandler): void {
  useEffect(() => {
    const pages: number[] = [];
    for (let p = range.first; p <= Math.min(range.last, range.first + MAX_FIT_PAGES - 1); p++) pages.push(p);
    if (pages.length > 0) store.getState().setFitPages(pages);
  }, [range.first, range.last, store]);
  useEffect(() => {
    store.getState().setCurrentPage(range.mostVisible);
    emit({ kind: 'page-changed', page: range.mostVisible });
  }, [range.mostVisible, store, emit]);
}
