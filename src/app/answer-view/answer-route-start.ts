import type { QueryClient } from '@tanstack/react-query';
import { answerQuery } from '../../api/queries.ts';
import { isLocalAnswerId } from '../../features/local-files/local-answer.ts';
import { prefetchPdfBytes } from '../../features/viewer/document/pdf-bytes.ts';
import { loadViewerPane } from './pane-chunks.ts';
import { loadAnswerView } from './route-chunks.ts';
import { shownPdf } from '../viewer-pane/shown-document.ts';
import { useViewStore } from '../navigation/view-store.ts';

// A link to an answer (`/?answer=A`) starts its requests as the entry runs, side by side, instead of one after the
// other: the answer itself (it was asked for in an effect after React's first paint), the answer view's and the
// viewer pane's code (the viewer's was asked for once the answer view had mounted); once the answer is in, the
// download of the document the viewer will show (it was asked for once the viewer had mounted), and once pdf.js is in
// too, its opening, with the drawing of the page shown first (pdf-preload.ts), and the locator's worker when that page
// has a quote to find. Each is what React would ask for a moment later; React finds it in flight or done (the query
// cache, the chunk, the bytes and the opening adopted by the pane: pdf-bytes.ts, pdf-preload.ts).

/** `withViewer`: the page shows the document pane (an embedding frame may show only the answer). */
export function startAnswerRoute(client: QueryClient, answerId: string, withViewer: boolean): void {
  // A local answer lives in this tab's memory (its files were dropped here): nothing to ask the server.
  if (isLocalAnswerId(answerId)) return;
  const answer = client.fetchQuery(answerQuery(answerId));
  // A failure is the view's to show, when its own query meets it.
  answer.catch(() => undefined);
  loadAnswerView().catch(() => undefined);
  if (!withViewer) return;
  loadViewerPane().catch(() => undefined);
  // pdf.js's display layer with the opening (no React): its own chunk, asked for beside the viewer's.
  const preload = import('../../features/viewer/document/pdf-preload.ts');
  preload.catch(() => undefined);
  answer.then(
    ({ answer: a }) => {
      const shown = shownPdf(a, useViewStore.getState().view);
      if (!shown) return;
      // The bytes now, a microtask after the answer's response: before pdf.js, and ahead of the render React Query
      // schedules for the answer.
      prefetchPdfBytes(shown.url);
      // Its failure is the viewer's to show when the pane takes the opening: not returned, so that a file pdf.js refuses
      // is not also an unhandled rejection here.
      preload.then(
        ({ preloadPdfDocument }) => void preloadPdfDocument(shown.url, shown.page),
        () => undefined,
      );
      if (shown.quote)
        import('../../features/viewer/locate/locate-client.ts').then(
          ({ locateService }) => locateService(),
          () => undefined,
        );
    },
    () => undefined,
  );
  // The answer's model (its Markdown parsed, its claims cut), built in a task of its own as soon as both the answer and
  // the code are in: in the view's first render it made that render one task of ~200 ms on a busy machine (the
  // parser's first run is most of it, whatever the answer's length). Both panes then find it built (modelFor's cache).
  Promise.all([answer, import('./answer-citation.ts')]).then(
    ([{ answer: a }, { prebuildModel }]) => setTimeout(() => prebuildModel(a), 0),
    () => undefined,
  );
}
