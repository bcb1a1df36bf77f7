import { lazy, Suspense, useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerResult } from '../api/client.ts';
import { answerQuery } from '../api/queries.ts';
import { formatLabel } from '../core/adapters/format-labels.ts';
import type { Answer } from '../core/model/types.ts';
import type { AnswerReading } from '../features/answer/adapter-notes.tsx';
import { AnswerPane } from '../features/answer/answer-pane.tsx';
import { modelFor, useCitation } from './answer-citation.ts';
import { ErrorPanel } from './error-panel.tsx';
import { PaneBoundary } from './pane-boundary.tsx';
import { EmptyViewer, PaneLoading } from './pane-placeholders.tsx';
import { useReviewResult } from './review-result.ts';
import { statusBadge } from './status-badge.ts';
import { SplitLayout } from './split-layout.tsx';
import { ThreadPane, type TurnRender } from './thread-pane.tsx';
import { useThreadView } from './use-thread.ts';
import { useViewStore } from './view-store.ts';

// The viewer pane (pdf.js and the viewer) and the review panel are chunks of their own, loaded as the answer view
// mounts: the answer text paints without waiting for them.
const ViewerPane = lazy(() => import('./viewer-pane.tsx').then((m) => ({ default: m.ViewerPane })));
const LoadedReviewPane = lazy(() => import('./review-pane.tsx').then((m) => ({ default: m.LoadedReviewPane })));

// One SplitLayout for the whole life of the view: loading, error and loaded states only change what is inside the
// panes, so a pane the user collapsed or resized while the answer loaded stays that way.

export function AnswerView({ answerId }: { answerId: string }) {
  const query = useQuery(answerQuery(answerId));
  let panes: { answer: ReactNode; review: ReactNode; viewer: ReactNode };
  switch (query.status) {
    case 'pending':
      panes = {
        // Offline, React Query holds the request (onlineManager) and sends it when the browser is back online.
        answer:
          query.fetchStatus === 'paused' ? (
            <p className="p-6 text-sm text-slate-600" role="status">
              You are offline. The answer loads as soon as the connection is back.
            </p>
          ) : (
            <p className="p-6 text-sm text-slate-500" role="status">Loading answer…</p>
          ),
        review: <div className="h-full bg-white" />,
        viewer: <div className="h-full bg-slate-100" />,
      };
      break;
    case 'error':
      panes = {
        answer: (
          <ErrorPanel
            title={`Could not load answer “${answerId}”`}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.fetchStatus !== 'idle'}
          />
        ),
        review: <div className="h-full bg-white" />,
        viewer: <EmptyViewer>No document to show.</EmptyViewer>,
      };
      break;
    case 'success': {
      // A conversation shows every turn in the answer pane; the review panel and the viewer follow the active one.
      const answer = query.data.answer;
      panes = {
        answer: (
          <PaneBoundary pane="answer">
            <ThreadPane result={query.data} renderTurn={renderTurn} />
          </PaneBoundary>
        ),
        review: (
          <PaneBoundary pane="review">
            <Suspense fallback={<PaneLoading label="Loading the review…" />}>
              <ActiveTurn answer={answer}>{(a) => <LoadedReviewPane key={a.id} answer={a} model={modelFor(a)} />}</ActiveTurn>
            </Suspense>
          </PaneBoundary>
        ),
        viewer: (
          <PaneBoundary pane="document">
            <Suspense fallback={<EmptyViewer>Loading the viewer…</EmptyViewer>}>
              <ActiveTurn answer={answer}>{(a) => <ViewerPane answer={a} />}</ActiveTurn>
            </Suspense>
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
  return <SplitLayout answer={panes.answer} review={panes.review} viewer={panes.viewer} />;
}

// Each turn of a conversation has its own boundary: one turn that cannot be drawn leaves the others readable.
const renderTurn = (result: AnswerResult, turn: TurnRender) => (
  <PaneBoundary pane={`answer (turn ${turn.turn})`}>
    <LoadedAnswerPane answer={result.answer} turn={turn} {...readingOf(result)} />
  </PaneBoundary>
);

/** The active turn's answer (issue #12): the opened one, or another turn of its thread once loaded. */
function ActiveTurn({ answer, children }: { answer: Answer; children: (answer: Answer) => ReactNode }) {
  const { active } = useThreadView(answer);
  const other = active.answerId !== answer.id;
  const query = useQuery({ ...answerQuery(active.answerId), enabled: other });
  if (!other) return children(answer);
  if (query.data) return children(query.data.answer);
  if (query.status === 'error') {
    return <ErrorPanel title={`Could not load turn ${active.turn}`} error={query.error} onRetry={() => void query.refetch()} retrying={query.fetchStatus !== 'idle'} />;
  }
  return <div role="status" aria-label={`Loading turn ${active.turn}`} className="h-full bg-slate-50" />;
}

/** How an adapted answer was read, for the answer pane; nothing for a canonical one. */
function readingOf(result: AnswerResult): { reading?: AnswerReading; provider?: string } {
  if (result.kind === 'canonical') return {};
  const label = formatLabel(result.format);
  return { reading: { shape: label.shape, warnings: result.warnings }, provider: label.provider };
}

function LoadedAnswerPane({ answer, turn, reading, provider }: { answer: Answer; turn: TurnRender; reading?: AnswerReading; provider?: string }) {
  const { view, model, target: shown } = useCitation(answer);
  // In a conversation only the active turn's citation is the one on screen.
  const target = turn.active ? shown : null;
  const claimId = turn.active ? view.claim : undefined;
  // A marker of the selected claim keeps the claim selected; any other marker is a plain citation click.
  const cite = useCallback(
    (key: string) => {
      const claim = claimId ? model.claims.find((c) => c.id === claimId) : undefined;
      if (claim && claim.citations.some((c) => c.key === key)) useViewStore.getState().selectClaim(claim.id, key, 'push');
      else turn.cite(key);
    },
    [claimId, model, turn],
  );
  const review = useReviewResult(answer, model);
  const statuses = useMemo(() => new Map(Object.entries(review.sources).map(([id, status]) => [id, statusBadge(status)])), [review]);
  return (
    <AnswerPane answer={answer} model={model} activeKey={target ? (view.cite ?? null) : null} activeSourceId={target?.sourceId ?? null} onCite={cite} statuses={statuses} reading={reading} provider={provider} />
  );
}
