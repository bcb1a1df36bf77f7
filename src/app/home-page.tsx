import { useQuery } from '@tanstack/react-query';
import { answerListQuery } from '../api/queries.ts';
import { AnswerListItem } from './answer-list-item.tsx';
import { ErrorPanel } from './error-panel.tsx';
import { OpenLocalFilesButton } from './local-files.tsx';
import { HomeAsk } from './home-ask.tsx';
import { useFocusRequest, usePageTitle } from './page-title.ts';
import { useViewStore } from './view-store.ts';
import { useTranslate } from '../i18n/use-translate.ts';

export function HomePage() {
  const query = useQuery(answerListQuery());
  const t = useTranslate();
  const openAnswer = useViewStore((s) => s.openAnswer);
  usePageTitle({ kind: 'home' });
  // The opened answer's heading takes the focus, or it would stay on a link that is no longer on the page.
  const openFocused = (id: string) => {
    useFocusRequest.getState().request();
    openAnswer(id);
  };
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 overflow-auto px-6 py-8">
      <h1 className="text-xl font-semibold">{t('home.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('home.intro')}</p>
      <p className="mt-3 flex flex-wrap items-center gap-3 text-xs text-slate-500">
        <OpenLocalFilesButton />
        <span>{t('home.dropHint')}</span>
      </p>
      <HomeAsk />
      {(() => {
        switch (query.status) {
          case 'pending':
            return (
              <p role="status" className="mt-6 text-sm text-slate-500">
                {query.fetchStatus === 'paused' ? t('home.offline') : t('home.loading')}
              </p>
            );
          case 'error':
            // No "Back to all answers": this is that page. Retry, and a transient failure also retries on its own.
            return (
              <ErrorPanel
                title={t('home.loadFailed')}
                error={query.error}
                onRetry={() => void query.refetch()}
                retrying={query.fetchStatus !== 'idle'}
                back={false}
              />
            );
          case 'success':
            return query.data.length === 0 ? (
              <p className="mt-6 text-sm text-slate-500">{t('home.empty')}</p>
            ) : (
              <ul aria-label={t('home.title')} className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {query.data.map((a) => (
                  <li key={a.id}>
                    <AnswerListItem answer={a} onOpen={openFocused} />
                  </li>
                ))}
              </ul>
            );
          default: {
            const never: never = query;
            return never;
          }
        }
      })()}
    </main>
  );
}
