import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../api/queries.ts';
import { useDocumentTheme } from '../features/embed/use-document-theme.ts';
import { OutboxIndicator } from '../features/review/outbox-indicator.tsx';
import { ReviewSyncProvider } from '../features/review/review-sync.tsx';
import { AnswerView } from './answer-view.tsx';
import { reportDecisionStored } from './app-events.ts';
import { EmbedApp } from './embed-app.tsx';
import { HomePage } from './home-page.tsx';
import { LocalAnswerFrame, LocalFilesLayer } from './local-files.tsx';
import { useViewStore } from './view-store.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const answer = useViewStore((s) => s.view.answer);
  const embedded = useViewStore((s) => s.embedded);
  const display = useViewStore((s) => s.display);
  useDocumentTheme(display.theme, display.accent);
  return (
    <QueryClientProvider client={queryClient}>
      <ReviewSyncProvider onDecisionStored={reportDecisionStored}>
        {embedded ? (
          <EmbedApp />
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
                <AnswerView key={answer} answerId={answer} />
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
