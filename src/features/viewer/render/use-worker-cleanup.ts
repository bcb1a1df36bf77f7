import { useEffect, useState } from 'react';
import type { RenderScheduler, RenderTicket } from './render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';

// pdf.js's worker keeps what it parsed to build each page it drew (the page's dictionary, its fonts with their glyph
// tables, image and colour-space caches) for as long as the document is open: ~9 kB a page, 46 MB over a scroll
// through 5,000 pages (pdf.js's own viewer: ~7 kB a page). Freeing a page's drawing does not touch it.
// `PDFDocumentProxy.cleanup()` frees all of it (pdf.js's viewer application calls it once nothing has rendered for
// 30 s). Here it runs once CLEANUP_EVERY pages have been freed since the last time, as idle work of the render
// scheduler: only while nothing draws or waits to, so it never delays a page. It also frees the drawings kept on the
// main thread (pdf.js refuses while a page is drawing, and the next cleanup tries again): the returned generation
// changes after each one, and the pages prepared ahead are prepared again (use-prepared-pages.ts).

/** Pages freed between cleanups: a long scroll's worth, so that a reader going back and forth nearby pays nothing. */
export const CLEANUP_EVERY = 100;

/** Cleans pdf.js's caches up every CLEANUP_EVERY pages freed; returns how many cleanups have completed. */
export function useWorkerCleanup(textCache: DocumentTextCache, scheduler: RenderScheduler): number {
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    let freed = 0;
    let ticket: RenderTicket | null = null;
    const cleanUp = () => {
      // Started once per ticket: an idle job preempted by a page is queued again once it has stopped, and this one
      // cannot be stopped half-way (pdf.js's worker clears its caches in one message).
      let started: Promise<unknown> | null = null;
      ticket = scheduler.schedule(
        {
          start: () => {
            started ??= textCache.pdf.cleanup().then(
              () => {
                freed = 0;
                if (live) setGeneration((g) => g + 1);
              },
              // A page started drawing during it: the worker's caches are freed, the main thread's drawings wait for the next.
              () => undefined,
            );
            return { done: started.finally(() => (ticket = null)), cancel: () => undefined };
          },
        },
        Number.MAX_SAFE_INTEGER,
        { idle: true },
      );
    };
    const unsubscribe = textCache.onDrawingFreed(() => {
      freed += 1;
      if (freed >= CLEANUP_EVERY && !ticket) cleanUp();
    });
    return () => {
      live = false;
      unsubscribe();
      ticket?.cancel();
    };
  }, [textCache, scheduler]);

  return generation;
}
