import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createQueryClient } from '../api/queries.ts';
import { useDocumentTheme } from '../features/embed/use-document-theme.ts';
import { OutboxIndicator } from '../features/review/outbox-indicator.tsx';
import { ReviewSyncProvider } from '../features/review/review-sync.tsx';
import { reportDecisionStored } from './app-events.ts';
import { HomePage } from './home-page.tsx';
import { LocalAnswerFrame, LocalFilesLayer } from './local-files.tsx';
import { PaneLoading } from './pane-placeholders.tsx';
import { useViewStore } from './view-store.ts';

// The home page's first paint loads neither the answer view (pdf.js, the Markdown pipeline, the review) nor the
// embed code: each is its own chunk, fetched when an answer is opened or the app runs embedded.
const loadAnswerView = () => import('./answer-view.tsx');
const AnswerView = lazy(() => loadAnswerView().then((m) => ({ default: m.AnswerView })));
const EmbedApp = lazy(() => import('./embed-app.tsx').then((m) => ({ default: m.EmbedApp })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const answer = useViewStore((s) => s.view.answer);
  const embedded = useViewStore((s) => s.embedded);
  const display = useViewStore((s) => s.display);
  useDocumentTheme(display.theme, display.accent);
  // After the home page's first paint, fetch the answer view's code: an answer opened after the connection drops
  // can then still say "you are offline" and load when it is back, instead of failing to import its own code.
  useEffect(() => {
    if (!embedded && answer === undefined) void loadAnswerView().catch(() => undefined);
  }, [embedded, answer]);
  return (
    <QueryClientProvider client={queryClient}>
      <ReviewSyncProvider onDecisionStored={reportDecisionStored}>
        {embedded ? (
          <Suspense fallback={<PaneLoading label="Loading answer…" />}>
            <EmbedApp />
          </Suspense>
        ) : (
          <div className="flex h-dvh flex-col bg-slate-50 text-slate-900">
            <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
              <a
                href="./"
                onClick={(e) => {
                  e.preventDefault();
                  useViewStore.getState().openAnswer(undefined);
                }}
                className="text-base font-semibold tracking-tight text-slate-900"
              >
                cite<span className="text-indigo-600">lens</span>
              </a>
              <span className="text-xs text-slate-500">Check an AI answer against its sources</span>
              <OutboxIndicator />
            </header>
            <LocalFilesLayer />
            {answer ? (
              <LocalAnswerFrame answerId={answer}>
                <Suspense fallback={<PaneLoading label="Loading answer…" />}>
                  <AnswerView key={answer} answerId={answer} />
                </Suspense>
              </LocalAnswerFrame>
            ) : (
              <HomePage />
            )}
          </div>
        )}
      </ReviewSyncProvider>
    </QueryClientProvider>
  );
}
