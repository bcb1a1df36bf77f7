import { useEffect } from 'react';
import { prepareFind } from '../../../core/locate/find-query.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { useViewerStoreApi } from '../viewer-store.ts';
import { useFindStore, useFindStoreApi, type FindMatch } from './find-store.ts';

/** Typing pauses this long before a search starts, so each keystroke does not restart a document-wide scan. */
const DEBOUNCE_MS = 150;

/**
 * Runs the find bar's query over the open document, page by page in ascending order, in the locate worker over the
 * quote locator's index (each page is read through the text cache and indexed once, whoever asks first), so a
 * long document never blocks scrolling or typing; progress is in the store ("searching… n pages"). A new query,
 * new options, a closed bar or another document cancels the run.
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
    const controller = new AbortController();
    const run = async () => {
      const firstPage = viewer.getState().currentPage;
      find.getState().beginSearch(textCache.pageCount, viewer.getState().documentKey);
      // The locate worker reads the pages in order through this document's text cache (asking a few ahead) and
      // searches its index; each page's matches come back as it is done, so the main thread only draws them.
      await textCache.locator.find(
        query,
        { matchCase, wholeWords },
        (found) => {
          if (controller.signal.aborted) return;
          const matches: FindMatch[] = found.matches.map((rects) => ({ page: found.page, frame: found.frame, rects }));
          find.getState().addMatches(matches, found.page, firstPage);
        },
        controller.signal,
      );
      if (!controller.signal.aborted) find.getState().finishSearch();
    };
    const timer = setTimeout(() => {
      run().catch((e: unknown) => {
        if (!controller.signal.aborted) find.getState().failSearch(e instanceof Error ? e.message : String(e));
      });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [open, query, matchCase, wholeWords, textCache, find, viewer]);

  // Another document (or none): its matches are gone.
  useEffect(() => () => find.getState().reset(), [textCache, find]);
}
