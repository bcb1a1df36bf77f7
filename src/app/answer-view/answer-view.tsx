import { useCallback, useDeferredValue, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerResult } from '../../api/client.ts';
import { answerQuery } from '../../api/queries.ts';
import type { Answer } from '../../core/model/types.ts';
import type { AnswerReading } from '../../features/answer/adapter-notes.tsx';
import { AnswerPane } from '../../features/answer/answer-pane.tsx';
import { useAnswerFormatted, useCitation } from './answer-citation.ts';
import { ErrorPanel } from '../layout/error-panel.tsx';
import { LiveAnnouncer } from '../layout/live-announcer.tsx';
import { AnswerPageTitle, useHeadingFocus } from './answer-page-title.tsx';
import { usePageTitle } from '../layout/page-title.ts';
import { PaneBoundary } from '../layout/pane-boundary.tsx';
import { retryableLazy } from '../../hooks/retryable-lazy.tsx';
import { loadReviewPane, loadViewerPane } from './pane-chunks.ts';
import { EmptyViewer, PaneLoading } from '../layout/pane-placeholders.tsx';
import { claimOf, useCitationVerdicts } from '../review-pane/review-result.ts';
import { verdictBadge } from '../review-pane/status-badge.ts';
import { SplitLayout } from '../layout/split-layout.tsx';
import { ThreadPane, type TurnRender } from '../thread/thread-pane.tsx';
import { useThreadView } from '../thread/use-thread.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { VerdictReporter } from '../embed/verdict-reporter.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';
import { isPastFirstPage, onFirstPageHoldChange } from '../../lib/first-page-hold.ts';

// The viewer pane (pdf.js and the viewer) and the review panel are chunks of their own: the answer text paints
// without waiting for them. The viewer's is fetched as the view mounts, while the answer itself loads (the review's
// once the document's first page is painted: first-page-hold.ts), and the viewer's chunk then starts its workers (pdf.js's and the locator's), so a citation clicked a moment later does not wait for code, worker and
// document one after another (they were a chain of six round trips and two script compiles).
// Retryable: a pane whose chunk failed to download imports it again on the pane's Retry (src/hooks/retryable-lazy.tsx).
const viewerPane = retryableLazy(() => loadViewerPane().then((m) => m.ViewerPane));
const reviewPane = retryableLazy(() => loadReviewPane().then((m) => m.LoadedReviewPane));
const ViewerPane = viewerPane.Component;
const LoadedReviewPane = reviewPane.Component;

/** False while a link's first page is still to be painted (first-page-hold.ts): the review panel waits for it. */
function usePastFirstPage(): boolean {
  return useSyncExternalStore(onFirstPageHoldChange, isPastFirstPage, () => true);
}

function useEarlyChunks(pastFirstPage: boolean) {
  useEffect(() => {
    loadViewerPane().then(
      (m) => m.startViewerWorkers(),
      () => undefined,
    );
  }, []);
  // The review panel's code (~20 kB gzip, and its evaluation) after page 1: it came before it, on the network and
  // the main thread, while the reader waited for the page.
  useEffect(() => {
    if (pastFirstPage) loadReviewPane().catch(() => undefined);
  }, [pastFirstPage]);
}

/** While the answer loads (offline, React Query holds the request and sends it when the browser is back online). */
function loadingPanes(message: string): { answer: ReactNode; review: ReactNode; viewer: ReactNode } {
  return {
    answer: (
      <p className="p-6 text-sm text-slate-600" role="status">
        {message}
      </p>
    ),
    review: <div className="h-full bg-white" />,
    viewer: <div className="h-full bg-slate-100" />,
  };
}

// One SplitLayout for the whole life of the view: loading, error and loaded states only change what is inside the
// panes, so a pane the user collapsed or resized while the answer loaded stays that way.

export function AnswerView({ answerId }: { answerId: string }) {
  const query = useQuery(answerQuery(answerId));
  const t = useTranslate();
  const embedded = useViewStore((s) => s.embedded);
  const pastFirstPage = usePastFirstPage();
  useEarlyChunks(pastFirstPage);
  // A long answer is shown once its Markdown is parsed, off the main thread (answer-citation.ts): loading till then.
  const formatted = useAnswerFormatted(query.data?.answer);
  const shown = query.status === 'success' && formatted;
  usePageTitle(shown ? null : { kind: 'loading', answerId });
  useHeadingFocus(shown);
  let panes: { answer: ReactNode; review: ReactNode; viewer: ReactNode };
  switch (query.status) {
    case 'pending':
      panes = loadingPanes(t(query.fetchStatus === 'paused' ? 'answerView.offline' : 'app.loadingAnswer'));
      break;
    case 'error':
      panes = {
        answer: (
          <ErrorPanel
            title={t('answerView.loadFailed', { id: answerId })}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.fetchStatus !== 'idle'}
          />
        ),
        review: <div className="h-full bg-white" />,
        viewer: <EmptyViewer>{t('answerView.noDocument')}</EmptyViewer>,
      };
      break;
    case 'success': {
      if (!formatted) {
        panes = loadingPanes(t('app.loadingAnswer'));
        break;
      }
      // A conversation shows every turn in the answer pane; the review panel and the viewer follow the active one.
      const answer = query.data.answer;
      panes = {
        answer: (
          <PaneBoundary pane="answer">
            <AfterFirstCommit fallback={loadingPanes(t('app.loadingAnswer')).answer}>
              <ThreadPane result={query.data} renderTurn={renderTurn} />
            </AfterFirstCommit>
          </PaneBoundary>
        ),
        review: (
          <PaneBoundary pane="review">
            {/* Every turn of a conversation is reviewed in one panel: it follows the opened answer, not the active turn. */}
            {pastFirstPage ? (
              <LoadedReviewPane key={answer.id} answer={answer} fallback={<PaneLoading label={t('answerView.loadingReview')} />} />
            ) : (
              <PaneLoading label={t('answerView.loadingReview')} />
            )}
          </PaneBoundary>
        ),
        viewer: (
          <PaneBoundary pane="document">
            <ActiveTurn answer={answer}>{(a) => <ViewerPane answer={a} fallback={<EmptyViewer>{t('answerView.loadingViewer')}</EmptyViewer>} />}</ActiveTurn>
          </PaneBoundary>
        ),
      };
      break;
    }
    default: {
      const never: never = query;
      return never;
    }
  }
  // The one main landmark (the home page has its own); the live region says where an opened citation landed.
  return (
    <main aria-label={t('answerView.label')} className="flex min-h-0 flex-1 flex-col">
      {shown ? <AnswerPageTitle answer={query.data.answer} /> : null}
      <SplitLayout
        answer={panes.answer}
        review={panes.review}
        viewer={panes.viewer}
        title={shown ? query.data.answer.question || t('answer.label') : t('answer.label')}
      />
      <LiveAnnouncer />
      {/* A portal hears every citation's verdict, whichever panes it shows. */}
      {embedded && shown ? <VerdictReporter key={query.data.answer.id} answer={query.data.answer} /> : null}
    </main>
  );
}

/**
 * Drawn in a background render right after the view's first commit (a transition: useDeferredValue's initial value),
 * which React interrupts for anything more urgent. The answer's text (its Markdown drawn, its markers) was most of the
 * view's first render, one task in which the document pane waited to mount and pdf.js's messages to be read: now the
 * document pane mounts and opens its document first, and the answer draws in slices beside the page's drawing.
 */
function AfterFirstCommit({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}

// Each turn of a conversation has its own boundary: one turn that cannot be drawn leaves the others readable.
const renderTurn = (result: AnswerResult, turn: TurnRender) => (
  <PaneBoundary pane="answer" turn={turn.turn}>
    <LoadedAnswerPane answer={result.answer} turn={turn} {...readingOf(result)} />
  </PaneBoundary>
);

/** The active turn's answer (issue #12): the opened one, or another turn of its thread once loaded. */
function ActiveTurn({ answer, children }: { answer: Answer; children: (answer: Answer) => ReactNode }) {
  const { active } = useThreadView(answer);
  const t = useTranslate();
  const other = active.answerId !== answer.id;
  const query = useQuery({ ...answerQuery(active.answerId), enabled: other });
  if (!other) return children(answer);
  if (query.data) return children(query.data.answer);
  if (query.status === 'error') {
    return (
      <ErrorPanel
        title={t('answerView.turnFailed', { turn: active.turn })}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.fetchStatus !== 'idle'}
      />
    );
  }
  return <div role="status" aria-label={t('answerView.loadingTurn', { turn: active.turn })} className="h-full bg-slate-50" />;
}

/** How an adapted answer was read, for the answer pane; nothing for a canonical one. */
function readingOf(result: AnswerResult): { reading?: AnswerReading; provider?: string } {
  if (result.kind === 'canonical') return {};
  return { reading: { shape: result.label.shape, warnings: result.warnings }, provider: result.label.provider };
}

function LoadedAnswerPane({ answer, turn, reading, provider }: { answer: Answer; turn: TurnRender; reading?: AnswerReading; provider?: string }) {
  const { view, model, target: shown } = useCitation(answer);
  // In a conversation only the active turn's citation is the one on screen.
  const target = turn.active ? shown : null;
  const claimId = turn.active ? view.claim : undefined;
  // A marker of the selected claim keeps the claim selected; any other marker is a plain citation click.
  const cite = useCallback(
    (key: string) => {
      const claim = claimId ? claimOf(answer, model, claimId) : undefined;
      if (claimId && claim?.keys.includes(key)) useViewStore.getState().selectClaim(claimId, key, 'push', { open: true });
      else turn.cite(key);
    },
    [answer, claimId, model, turn],
  );
  // A long answer draws only what is near the viewport: the selected claim's part is kept drawn, to be found.
  const reveal = useMemo(() => (claimId ? (claimOf(answer, model, claimId)?.start ?? null) : null), [answer, claimId, model]);
  const verdicts = useCitationVerdicts(answer, model);
  const t = useTranslate();
  const statuses = useMemo(() => new Map(Object.entries(verdicts).map(([id, verdict]) => [id, verdictBadge(verdict, t)])), [verdicts, t]);
  return (
    <AnswerPane
      answer={answer}
      model={model}
      activeKey={target ? (view.cite ?? null) : null}
      activeSourceId={target?.sourceId ?? null}
      onCite={cite}
      statuses={statuses}
      reading={reading}
      provider={provider}
      reveal={reveal}
    />
  );
}
