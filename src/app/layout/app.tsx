import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answerQuery, createQueryClient } from '../../api/queries.ts';
import { useDocumentTheme } from '../../features/embed/use-document-theme.ts';
import { isLocalAnswerId } from '../../features/local-files/local-answer.ts';
import { OutboxIndicator } from '../../features/review/outbox-indicator.tsx';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { useDocumentLocale } from '../../i18n/use-document-locale.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { ReviewSyncProvider } from '../../features/review/review-sync.tsx';
import { reportDecisionStored } from '../embed/app-events.ts';
import { HomePage } from '../home/home-page.tsx';
import { LocalAnswerFrame, LocalFilesLayer } from '../local-files/local-files.tsx';
import { PaneBoundary } from './pane-boundary.tsx';
import { PaneLoading } from './pane-placeholders.tsx';
import { retryableLazy } from '../../hooks/retryable-lazy.tsx';
import { loadAnswerView } from '../answer-view/route-chunks.ts';
import { SignInGate } from './sign-in.tsx';
import { effectiveTheme, useThemeStore } from '../theme/theme-store.ts';
import { ThemeSwitch } from '../theme/theme-switch.tsx';
import { useViewStore } from '../navigation/view-store.ts';

// The home page's first paint loads neither the answer view (pdf.js, the Markdown pipeline, the review) nor the
// embed code: each is its own chunk, fetched when an answer is opened or the app runs embedded. A chunk that fails
// to download is shown by the section's boundary with Retry, which imports it again (src/hooks/retryable-lazy.tsx).
const answerView = retryableLazy(() => loadAnswerView().then((m) => m.AnswerView));
const embedApp = retryableLazy(() => import('../embed/embed-app.tsx').then((m) => m.EmbedApp));
const AnswerView = answerView.Component;
const EmbedApp = embedApp.Component;

/** `queryClient`: the entry's (main.tsx), which may already be fetching the linked answer; a new one when absent. */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const answer = useViewStore((s) => s.view.answer);
  const embedded = useViewStore((s) => s.embedded);
  const display = useViewStore((s) => s.display);
  const savedTheme = useThemeStore((s) => s.theme);
  useDocumentTheme(effectiveTheme(embedded, display.theme, savedTheme), display.accent);
  useDocumentLocale();
  const t = useTranslate();
  // A link's (or a portal's) `lang` is shown without becoming the reader's saved choice.
  useEffect(() => {
    if (display.lang) useLocaleStore.getState().applyLocale(display.lang);
  }, [display.lang]);
  // An opened answer's request starts with its view's code, not after it: the answer view is a lazy chunk, and its
  // own query would only ask once that chunk had loaded and run (a 620 KB answer then showed ~0.4 s later). The
  // view's useQuery finds the request in flight. A local answer never goes to the server.
  useEffect(() => {
    if (!embedded && answer !== undefined && !isLocalAnswerId(answer)) void queryClient.prefetchQuery(answerQuery(answer));
  }, [queryClient, embedded, answer]);
  // After the home page's first paint, fetch the answer view's code: an answer opened after the connection drops
  // can then still say "you are offline" and load when it is back, instead of failing to import its own code.
  useEffect(() => {
    if (!embedded && answer === undefined) void loadAnswerView().catch(() => undefined);
  }, [embedded, answer]);
  return (
    <QueryClientProvider client={queryClient}>
      <ReviewSyncProvider onDecisionStored={reportDecisionStored}>
        {embedded ? (
          <PaneBoundary pane="embed">
            <EmbedApp fallback={<PaneLoading label={t('app.loadingAnswer')} />} />
          </PaneBoundary>
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
                {/* indigo-700: the dark palette turns it light (theme.css); 600 stayed dark there, 2.75:1 on the header. */}
                cite<span className="text-indigo-700">lens</span>
              </a>
              <span className="hidden text-xs text-slate-500 sm:inline">{t('app.tagline')}</span>
              <div className="ms-auto flex items-center gap-3">
                <OutboxIndicator />
                {/* A link that names a language keeps naming the one on screen, so sharing it shares what you see. */}
                <ThemeSwitch />
                <LanguageSwitch onChange={(lang) => display.lang && useViewStore.getState().setDisplay({ lang })} />
              </div>
            </header>
            {/* The drop overlay and its notices: a crash there says so above the page, which keeps working. */}
            <PaneBoundary pane="localFiles">
              <LocalFilesLayer />
            </PaneBoundary>
            <SignInGate>
              {answer ? (
                <LocalAnswerFrame answerId={answer}>
                  {/* keyed by the answer: opening another one clears a crash */}
                  <PaneBoundary key={answer} pane="view">
                    <AnswerView answerId={answer} fallback={<PaneLoading label={t('app.loadingAnswer')} />} />
                  </PaneBoundary>
                </LocalAnswerFrame>
              ) : (
                <PaneBoundary pane="home">
                  <HomePage />
                </PaneBoundary>
              )}
            </SignInGate>
          </div>
        )}
      </ReviewSyncProvider>
    </QueryClientProvider>
  );
}
