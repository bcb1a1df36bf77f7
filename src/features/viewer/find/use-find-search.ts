import { useEffect } from 'react';
import { findInPage, findRects, prepareFind } from '../../../core/locate/find-all.ts';
import type { PageText } from '../../../core/locate/page-text.ts';
import type { DocumentTextCache } from '../text-cache.ts';
import { measureText } from '../use-target-rects.ts';
import { useViewerStoreApi } from '../viewer-store.ts';
import { useFindStore, useFindStoreApi, type FindMatch } from './find-store.ts';

/** Typing pauses this long before a search starts, so each keystroke does not restart a document-wide scan. */
const DEBOUNCE_MS = 150;
/** Pages whose text is requested ahead of the one being searched. */
const PREFETCH = 8;

/**
 * Runs the find bar's query over the open document, page by page in ascending order, through the document's text
 * cache and the quote locator's index (each page is parsed and indexed once, whoever asks first). Between pages
 * it yields to the event loop, so a long document never blocks scrolling or typing; progress is in the store
 * ("searching… n pages"). A new query, new options, a closed bar or another document cancels the run.
 */
export function useFindSearch(textCache: DocumentTextCache): void {
  const find = useFindStoreApi();
  const viewer = useViewerStoreApi();
  const open = useFindStore((s) => s.open);
  const query = useFindStore((s) => s.query);
  const matchCase = useFindStore((s) => s.options.matchCase);
  const wholeWords = useFindStore((s) => s.options.wholeWords);

  useEffect(() => {
    const prepared = open ? prepareFind(query, { matchCase, wholeWords }) : null;
    if (!prepared) {
      find.getState().reset();
      return;
    }
    let cancelled = false;
    const run = async () => {
      const { pageCount } = textCache;
      const firstPage = viewer.getState().currentPage;
      find.getState().beginSearch(pageCount);
      // Pages are asked for a few ahead: each is a round trip to the worker (and, for a big file, range requests),
      // so one at a time would leave the worker idle between pages. They are still consumed in order.
      const ahead = new Map<number, Promise<PageText>>();
      const want = (n: number) => {
        if (n > pageCount || ahead.has(n)) return;
        const promise = textCache.getPageText(n);
        promise.catch(() => undefined); // awaited (and reported) when its turn comes, if the run still wants it
        ahead.set(n, promise);
      };
      for (let p = 1; p <= pageCount; p++) {
        for (let n = p; n < p + PREFETCH; n++) want(n);
        const pageText = await ahead.get(p)!;
        ahead.delete(p);
        if (cancelled) return;
        const page = textCache.textIndex.addPage(pageText);
        const found: FindMatch[] = findInPage(page, prepared).map((span) => ({
          page: p,
          frame: page.frame,
          rects: findRects(page, span, measureText),
        }));
        find.getState().addMatches(found, p, firstPage);
        await yieldToEventLoop();
        if (cancelled) return;
      }
      find.getState().finishSearch();
    };
    const timer = setTimeout(() => {
      run().catch((e: unknown) => {
        if (!cancelled) find.getState().failSearch(e instanceof Error ? e.message : String(e));
      });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query, matchCase, wholeWords, textCache, find, viewer]);

  // Another document (or none): its matches are gone.
  useEffect(() => () => find.getState().reset(), [textCache, find]);
}

/** A macrotask boundary: input, scroll and paint get their turn between two pages. */
function yieldToEventLoop(): Promise<void> {
  const sched = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (sched?.yield) return sched.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
