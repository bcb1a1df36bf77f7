import { useEffect } from 'react';
import type { CitedQuote, PageCitation } from '../../../core/pages/cited-pages.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { quoteQuery } from './use-target-rects.ts';

// The answer's quotes in this document, located while the reader reads (the quote located on the page its citation
// names, in the locate worker), so that a click on a citation finds its passage known (located-quotes.ts) and draws
// its highlight in the click's own frame, with the scroll, instead of after a round trip to the worker. A click
// meanwhile shares the search of its quote. One at a time, once a page has painted: each reads its page's text
// from pdf.js's worker, which the pages being drawn need first.

/** Quotes located ahead at most, in the order the answer first cites them. */
const MAX_AHEAD = 32;

export function usePreparedQuotes(textCache: DocumentTextCache, citations: readonly PageCitation[], ready: boolean): void {
  // A string, so that a new array of the same quotes (a parent's re-render) does not start again.
  const wanted = JSON.stringify(citations.flatMap((c) => (c.quote ? [c.quote] : [])).slice(0, MAX_AHEAD));
  useEffect(() => {
    if (!ready) return;
    const quotes = JSON.parse(wanted) as CitedQuote[];
    if (quotes.length === 0) return;
    const controller = new AbortController();
    void (async () => {
      for (const quote of quotes) {
        const query = quoteQuery(quote);
        if (!query) continue;
        try {
          await textCache.locator.locate(query, controller.signal);
        } catch {
          // A quote that cannot be located now is located when its citation is opened, and says why there.
          if (controller.signal.aborted) return;
        }
      }
    })();
    return () => controller.abort();
  }, [wanted, ready, textCache]);
}
