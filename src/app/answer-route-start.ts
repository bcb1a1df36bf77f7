import type { QueryClient } from '@tanstack/react-query';
import { answerQuery } from '../api/queries.ts';
import { isLocalAnswerId } from '../features/local-files/local-answer.ts';
import { loadAnswerView, loadViewerPane } from './route-chunks.ts';
import { useViewStore } from './view-store.ts';

// A link to an answer (`/?answer=A`) starts its requests as the entry runs, side by side, instead of one after the
// other: the answer itself (it was asked for in an effect after React's first paint), the answer view's and the
// viewer pane's code (the viewer's was asked for once the answer view had mounted), and, once the answer and the
// viewer's code are in, the download and opening of the document the viewer will show (it was asked for once the
// viewer had mounted). Each is what React would ask for a moment later; React finds it in flight or done (the
// query cache, the chunk, the opening adopted by the pane: pdf-preload.ts).

/** `withViewer`: the page shows the document pane (an embedding frame may show only the answer). */
export function startAnswerRoute(client: QueryClient, answerId: string, withViewer: boolean): void {
  // A local answer lives in this tab's memory (its files were dropped here): nothing to ask the server.
  if (isLocalAnswerId(answerId)) return;
  const answer = client.fetchQuery(answerQuery(answerId));
  // A failure is the view's to show, when its own query meets it.
  answer.catch(() => undefined);
  loadAnswerView().catch(() => undefined);
  if (!withViewer) return;
  const pane = loadViewerPane();
  pane.catch(() => undefined);
  void Promise.all([answer, pane]).then(
    ([result, { preloadShownDocument }]) => preloadShownDocument(result.answer, useViewStore.getState().view),
    () => undefined,
  );
}
