import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AnswerPage } from '../../api/client.ts';
import { groupedNumber } from '../../core/i18n/translate.ts';
import { answerListQuery } from '../../api/queries.ts';
import { AnswerListItem } from './answer-list-item.tsx';
import { ErrorPanel } from '../layout/error-panel.tsx';
import { OpenLocalFilesButton } from '../local-files/local-files.tsx';
import { HomeAsk } from './home-ask.tsx';
import { useFocusRequest, usePageTitle } from '../layout/page-title.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// The answers come a page at a time (GET /api/answers?limit=&after=): a folder of 100,000 answers was ~10 MB of
// JSON in one response. "Show more" asks for the next page; the count says how many there are in all.

export function HomePage() {
  const query = useInfiniteQuery(answerListQuery());
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
            // A later page that failed keeps the pages already shown, with the reason beside "Show more".
            if (query.isFetchNextPageError) return <AnswerPages query={query} onOpen={openFocused} problem={query.error.message} />;
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
            return <AnswerPages query={query} onOpen={openFocused} problem={null} />;
          default: {
            const never: never = query;
            return never;
          }
        }
      })()}
    </main>
  );
}

interface AnswerPagesProps {
  query: UseInfiniteQueryResult<InfiniteData<AnswerPage>>;
  onOpen(id: string): void;
  /** Why the last "Show more" failed, if it did. */
  problem: string | null;
}

/** The pages of answers loaded so far, and "Show more" while there are more. */
function AnswerPages({ query, onOpen, problem }: AnswerPagesProps) {
  const t = useTranslate();
  const answers = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? null;
  if (answers.length === 0) return <p className="mt-6 text-sm text-slate-500">{t('home.empty')}</p>;
  return (
    <>
      <ul aria-label={t('home.title')} className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {answers.map((a) => (
          <li key={a.id}>
            <AnswerListItem answer={a} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {problem !== null ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t('home.moreFailed', { message: problem })}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <p className="mt-3 flex items-center gap-3 text-sm text-slate-600">
          <button
            type="button"
            data-more-answers=""
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            className="rounded border border-slate-300 bg-white px-3 py-1 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {query.isFetchingNextPage ? t('home.loadingMore') : t('home.showMore')}
          </button>
          {total !== null ? <span>{t('home.shownOf', { shown: groupedNumber(t, answers.length), total: groupedNumber(t, total) })}</span> : null}
        </p>
      ) : null}
    </>
  );
}
