import { useEffect, useLayoutEffect } from 'react';
import type { StoreApi } from 'zustand';
import type { PageFrame } from '../../../core/coords/transform.ts';
import { frameOf } from '../render/render-queue.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import type { ViewerStore } from '../viewer-store.ts';

// Page sizes (frames) of the open document, and with them the page proxies (the text cache keeps each proxy):
//  - page 1 first: its size is every unknown page's placeholder size;
//  - the pages someone needs now (a scroll goal, highlighted pages) at once;
//  - then, once a page has painted, every other page in the background, nearest the current page first, a batch
//    (32 pages, doubling up to 128) at a time with a yield to the main thread between batches (never a Promise.all
//    over every page). A citation jump then finds its page's proxy and size known: one render, no extra round trip.
// Every result is written with the document's key: a fetch that lands after a switch to another document is
// dropped by the store, and a cancelled effect drops its own results.

/** Pages asked for in the first background step: one worker round trip each, answered together. */
const BATCH = 32;
/**
 * Steps double up to this. Each step is a store update and a render of the page blocks (157 of them for 5,000
 * pages in steps of 32); much larger steps queue more requests ahead of a jump's own page in the worker.
 */
const MAX_BATCH = 128;

export function usePageFrames(
  store: StoreApi<ViewerStore>,
  documentKey: string,
  textCache: DocumentTextCache,
  wanted: readonly number[],
  background: boolean,
): void {
  const pageCount = textCache.pageCount;

  useLayoutEffect(() => {
    store.getState().openDocument(documentKey, pageCount);
    // Known already (the document's opening fetched it): set before the browser paints, so a fit mode's first
    // scale is page 1's own and its first drawing is not redone at another scale.
    const first = textCache.loadedPage(1);
    if (first) {
      store.getState().setFrame(1, frameOf(first), documentKey);
      return;
    }
    let cancelled = false;
    textCache.getFrame(1).then(
      (frame) => !cancelled && store.getState().setFrame(1, frame, documentKey),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [store, documentKey, pageCount, textCache]);

  // A stable dependency for the list of wanted pages, however often its array is rebuilt.
  const wantedKey = wanted.join(',');
  useEffect(() => {
    if (!wantedKey) return;
    let cancelled = false;
    const known = store.getState().frames;
    for (const page of wantedKey.split(',').map(Number)) {
      if (page < 1 || page > pageCount || known.has(page)) continue;
      textCache.getFrame(page).then(
        (frame) => !cancelled && store.getState().setFrame(page, frame, documentKey),
        () => undefined,
      );
    }
    return () => {
      cancelled = true;
    };
  }, [wantedKey, store, documentKey, pageCount, textCache]);

  useEffect(() => {
    if (!background) return;
    let cancelled = false;
    const asked = new Uint8Array(pageCount + 1);
    const run = async () => {
      for (let size = BATCH; !cancelled; size = Math.min(MAX_BATCH, size * 2)) {
        const state = store.getState();
        if (state.documentKey !== documentKey) return;
        const batch = nearestUnknown(state.frames, asked, state.currentPage, pageCount, size);
        if (batch.length === 0) return;
        for (const p of batch) asked[p] = 1;
        const results = await Promise.all(
          batch.map((p) =>
            textCache.getFrame(p).then(
              (f): [number, PageFrame] => [p, f],
              () => null,
            ),
          ),
        );
        if (cancelled) return;
        store.getState().setFrames(
          documentKey,
          results.filter((r): r is [number, PageFrame] => r !== null),
        );
        await yieldToMain();
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [background, store, documentKey, pageCount, textCache]);
}

/** Up to `limit` pages whose frame is neither known nor asked for, nearest `centre` first (below before above). */
export function nearestUnknown(known: ReadonlyMap<number, unknown>, asked: Uint8Array, centre: number, pageCount: number, limit: number): number[] {
  const out: number[] = [];
  const c = Math.min(Math.max(1, centre), pageCount);
  const want = (p: number) => p >= 1 && p <= pageCount && !asked[p] && !known.has(p);
  for (let d = 0; out.length < limit && (c + d <= pageCount || c - d >= 1); d++) {
    if (want(c + d)) out.push(c + d);
    if (d > 0 && out.length < limit && want(c - d)) out.push(c - d);
  }
  return out;
}

/** A macrotask break, so input and rendering run between batches. */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
