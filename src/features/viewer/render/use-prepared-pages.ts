import { useEffect } from 'react';
import { prepareDrawing } from './page-render.ts';
import type { RenderScheduler, RenderTicket } from './render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';

// The pages the answer cites in this document, made ready to draw while the reader reads: the worker builds each
// one's drawing when nothing else is drawing (idle work, render-scheduler.ts), and the drawing is kept, unmounted or
// not, while the page is cited. A citation click then costs the painting alone: no round trip to the worker, whose
// building of a page is most of a far jump (a text page's 20–60 ms, a page of images' hundreds).
// Bounded: each kept drawing holds its operator list and decoded images in memory, as a page pdf.js's viewer keeps in
// its buffer of 10 does.

/** Cited pages prepared at most, in the order the answer first cites them. */
const MAX_PREPARED = 8;

/**
 * `citedPages`: pages of this document without repeats, in citation order (citedPagesInOrder). `ready`: a page has
 * painted (the first paint is never slowed by work ahead). `generation`: changes when pdf.js's caches were cleaned up
 * (use-worker-cleanup.ts), which freed the prepared drawings too: they are prepared again.
 */
export function usePreparedPages(textCache: DocumentTextCache, scheduler: RenderScheduler, citedPages: readonly number[], ready: boolean, generation = 0) {
  // A string, so that a new array of the same pages (a parent's re-render) does not prepare them again.
  const wanted = citedPages.slice(0, MAX_PREPARED).join(',');

  useEffect(() => {
    if (!ready || !wanted) return;
    let live = true;
    const tickets: RenderTicket[] = [];
    const releases = wanted.split(',').map((s) => {
      const n = Number(s);
      void textCache.getPage(n).then(
        (page) => {
          if (live) tickets.push(prepareDrawing(page, scheduler));
        },
        // A page that will not load is not prepared; its citation says so when it is opened.
        () => undefined,
      );
      return textCache.keepDrawing(n);
    });
    return () => {
      live = false;
      for (const ticket of tickets) ticket.cancel();
      for (const release of releases) release();
    };
    // `generation` is read by no line above: a new one is the reason to prepare again.
  }, [wanted, ready, textCache, scheduler, generation]);
}
