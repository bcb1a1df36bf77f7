import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AnswerResult } from '../api/client.ts';
import { answerQuery } from '../api/queries.ts';
import { formatLabel } from '../core/adapters/format-labels.ts';
import { buildAnswerModel } from '../core/model/answer-model.ts';
import { pageCitations } from '../core/pages/cited-pages.ts';
import type { Answer } from '../core/model/types.ts';
import type { AnswerReading } from '../features/answer/adapter-notes.tsx';
import { AnswerPane } from '../features/answer/answer-pane.tsx';
import { DocumentViewer } from '../features/viewer/document-viewer.tsx';
import type { AnchorResult } from '../features/viewer/viewer-pages.tsx';
import { reportAnchored } from './app-events.ts';
import { neighbourCitation } from './citation-steps.ts';
import { citationTarget, defaultDocumentId } from './citation-target.ts';
import { ErrorPanel } from './error-panel.tsx';
import { MissingLocalDocument, missingLocalDocument } from './local-files.tsx';
import { LoadedReviewPane, useReviewResult } from './review-pane.tsx';
import { statusBadge } from './status-badge.ts';
import { SplitLayout } from './split-layout.tsx';
import { ThreadPane, type TurnRender } from './thread-pane.tsx';
import { useSourceChecks } from './use-source-checks.ts';
import { useThreadView } from './use-thread.ts';
import { useViewStore } from './view-store.ts';

// One SplitLayout for the whole life of the view: loading, error and loaded states only change what is inside the
// panes, so a pane the user collapsed or resized while the answer loaded stays that way.

export function AnswerView({ answerId }: { answerId: string }) {
  const query = useQuery(answerQuery(answerId));
  let panes: { answer: ReactNode; review: ReactNode; viewer: ReactNode };
  switch (query.status) {
    case 'pending':
      panes = {
        answer: <p className="p-6 text-sm text-slate-500" role="status">Loading answer…</p>,
        review: <div className="h-full bg-white" />,
        viewer: <div className="h-full bg-slate-100" />,
      };
      break;
    case 'error':
      panes = {
        answer: <ErrorPanel title={`Could not load answer “${answerId}”`} error={query.error} />,
        review: <div className="h-full bg-white" />,
        viewer: <EmptyViewer>No document to show.</EmptyViewer>,
      };
      break;
    case 'success': {
      // A conversation shows every turn in the answer pane; the review panel and the viewer follow the active one.
      const answer = query.data.answer;
      panes = {
        answer: <ThreadPane result={query.data} renderTurn={renderTurn} />,
        review: <ActiveTurn answer={answer}>{(a) => <LoadedReviewPane key={a.id} answer={a} model={modelFor(a)} />}</ActiveTurn>,
        viewer: <ActiveTurn answer={answer}>{(a) => <LoadedViewer answer={a} />}</ActiveTurn>,
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

const renderTurn = (result: AnswerResult, turn: TurnRender) => <LoadedAnswerPane answer={result.answer} turn={turn} {...readingOf(result)} />;

/** The active turn's answer (issue #12): the opened one, or another turn of its thread once loaded. */
function ActiveTurn({ answer, children }: { answer: Answer; children: (answer: Answer) => ReactNode }) {
  const { active } = useThreadView(answer);
  const other = active.answerId !== answer.id;
  const query = useQuery({ ...answerQuery(active.answerId), enabled: other });
  if (!other) return children(answer);
  if (query.data) return children(query.data.answer);
  if (query.status === 'error') return <ErrorPanel title={`Could not load turn ${active.turn}`} error={query.error} />;
  return <div role="status" aria-label={`Loading turn ${active.turn}`} className="h-full bg-slate-50" />;
}

function EmptyViewer({ children }: { children: ReactNode }) {
  return <div className="grid h-full place-items-center bg-slate-100 text-sm text-slate-500">{children}</div>;
}

/** The model and the cited target, derived from the answer and the URL; both panes read the same. */
function useCitation(answer: Answer) {
  const view = useViewStore((s) => s.view);
  const nonce = useViewStore((s) => s.citeNonce);
  const model = modelFor(answer);
  const target = useMemo(
    () => (view.cite ? citationTarget(answer, model, view.cite, nonce, view.region !== undefined ? view.region - 1 : undefined) : null),
    // Stepping regions updates `region` but keeps the nonce, and the viewer re-targets only on a new nonce.
    [answer, model, view.cite, view.region, nonce],
  );
  return { view, model, target };
}

// Built once per answer object (React Query keeps it stable), shared by both panes.
const models = new WeakMap<Answer, ReturnType<typeof buildAnswerModel>>();
function modelFor(answer: Answer) {
  let model = models.get(answer);
  if (!model) {
    model = buildAnswerModel(answer);
    models.set(answer, model);
  }
  return model;
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

function LoadedViewer({ answer }: { answer: Answer }) {
  const { view, target } = useCitation(answer);
  const { showDocument, setPage, setRegion, stepRegion } = useViewStore.getState();
  const regionStep = useViewStore((s) => s.regionStep);
  const documentId =
    target?.documentId ?? (view.doc && answer.documents.some((d) => d.id === view.doc) ? view.doc : defaultDocumentId(answer));
  // The nonce of the last citation the viewer finished (highlighted, or said it is not there): until the current
  // one is, the background checks hold back (use-source-checks.ts).
  const [anchoredNonce, setAnchoredNonce] = useState<number | null>(null);
  const targetNonce = target?.nonce ?? null;
  const onAnchored = useCallback(
    (result: AnchorResult) => {
      reportAnchored(result);
      setAnchoredNonce(targetNonce);
    },
    [targetNonce],
  );
  const onTextCache = useSourceChecks(answer, modelFor(answer), documentId, targetNonce !== null && anchoredNonce !== targetNonce);
  // Which pages of the shown document the answer cites, with their markers: the viewer's thumbnails badge them.
  const citations = useMemo(() => (documentId ? pageCitations(modelFor(answer), documentId) : []), [answer, documentId]);
  if (!documentId) return <EmptyViewer>This answer cites no document.</EmptyViewer>;
  // A local answer's document whose file was not given: named, with a way to add it (never fetched from anywhere).
  const missing = missingLocalDocument(answer.documents, documentId);
  if (missing) return <MissingLocalDocument documents={answer.documents} doc={missing} />;
  return (
    <DocumentViewer
      documents={answer.documents}
      sources={answer.sources}
      documentId={documentId}
      onDocumentChange={showDocument}
      target={target}
      initialPage={target ? undefined : view.page}
      onPageChange={setPage}
      onRegionChange={(r) => setRegion(r + 1)}
      regionStep={regionStep}
      onTextCache={onTextCache}
      onAnchored={onAnchored}
      citations={citations}
      onStepRegion={stepRegion}
      onStepCitation={(delta) => {
        const key = neighbourCitation(modelFor(answer).citations.map((c) => c.key), view.cite, delta);
        if (key) useViewStore.getState().cite(key);
      }}
    />
  );
}
