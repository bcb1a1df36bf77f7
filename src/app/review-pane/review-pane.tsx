import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ThreadTurn } from '../../api/ask-schema.ts';
import { hasApiToken, onApiTokenChange } from '../../api/auth-token.ts';
import { isInlineAnswerId } from '../../api/inline-answers.ts';
import { answerQuery } from '../../api/queries.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { combineReviewExports } from '../../core/review/export.ts';
import type { ReviewFlag } from '../../core/review/types.ts';
import type { Translate } from '../../core/i18n/translate.ts';
import type { ClaimDecision } from '../../features/review/decision-state.ts';
import { ReviewPanel } from '../../features/review/review-panel.tsx';
import type { ReviewTurn } from '../../features/review/review-types.ts';
import { viewerShortcutList } from '../../features/viewer/shortcuts/viewer-actions.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { modelFor } from '../answer-view/answer-citation.ts';
import { panelClaims, type ReviewClaims } from './panel-claims.ts';
import { PaneLoading } from '../layout/pane-placeholders.tsx';
import { reviewExporter, type ReviewExporter } from './review-export.ts';
import { useReviewedClaims } from './review-result.ts';
import { useClaimHighlight } from './use-claim-highlight.ts';
import { useThreadView } from '../thread/use-thread.ts';
import { useViewStore } from '../navigation/view-store.ts';

export { panelClaims, type ReviewClaims } from './panel-claims.ts';

/** The viewer's keys in the `?` list (its registry; the region steps it shares with the review are listed once). */
function viewerShortcuts(t: Translate) {
  return [{ title: t('viewer.documentViewer'), note: t('viewerKeys.note'), entries: viewerShortcutList(t) }];
}

// Where the review panel meets the rest: the rules' result (core/review) over each answer model and whatever the
// background checks found, the URL's selected claim, and the viewer (a claim opens its first citation). A conversation
// is reviewed whole: the panel lists every turn's claims (each turn's decisions under its own answer id), and a claim
// of another turn makes that turn the active one (`turn` in the link), whose document the viewer shows.

/** What the panel needs of one turn, once its answer is read and reviewed (null parts while they are on their way). */
interface TurnPart {
  turn: Pick<ThreadTurn, 'answerId' | 'turn' | 'question'>;
  answer: Answer | null;
  reviewed: (ReviewClaims & { result: NonNullable<ReturnType<typeof useReviewedClaims>>['result']; exporter: ReviewExporter }) | null;
}

/** No turn collected yet: one array for every render, so the parts below keep their identity while nothing changes. */
const NO_PARTS: readonly TurnPart[] = [];

export function LoadedReviewPane({ answer }: { answer: Answer; model?: AnswerModel }) {
  const thread = useThreadView(answer);
  return (
    <CollectTurns
      turns={thread.turns}
      at={0}
      opened={answer}
      parts={NO_PARTS}
      render={(parts) => <ReviewedPane parts={parts} active={thread.active} own={thread.own} />}
    />
  );
}

interface CollectProps {
  turns: readonly ThreadTurn[];
  at: number;
  opened: Answer;
  /** The turns before this one, the same array as long as none of them changed. */
  parts: readonly TurnPart[];
  render(parts: readonly TurnPart[]): ReactNode;
}

/** Reads and reviews the turns one level of the tree each (hooks per turn, none in a loop), then draws the panel. */
function CollectTurns(props: CollectProps) {
  const turn = props.turns[props.at];
  if (!turn) return props.render(props.parts);
  return <CollectTurn key={turn.answerId} {...props} turn={turn} />;
}

function CollectTurn(props: CollectProps & { turn: ThreadTurn }) {
  const { turn, opened, parts } = props;
  const own = turn.answerId === opened.id;
  const query = useQuery({ ...answerQuery(turn.answerId), enabled: !own });
  const answer = own ? opened : (query.data?.answer ?? null);
  const { answerId, turn: n, question } = turn;
  const waiting = useMemo(() => [...parts, { turn: { answerId, turn: n, question }, answer: null, reviewed: null }], [parts, answerId, n, question]);
  if (!answer) return <CollectTurns {...props} at={props.at + 1} parts={waiting} />;
  return <ReviewTurnOf key={answer.id} {...props} answer={answer} />;
}

function ReviewTurnOf(props: CollectProps & { turn: ThreadTurn; answer: Answer }) {
  const { answer, parts } = props;
  const { answerId, turn: n, question } = props.turn;
  const model = modelFor(answer);
  const reviewed = useReviewedClaims(answer, model);
  const t = useTranslate();
  const withThis = useMemo((): readonly TurnPart[] => {
    const turn = { answerId, turn: n, question };
    const part: TurnPart = reviewed
      ? { turn, answer, reviewed: { ...panelClaims(reviewed, t), result: reviewed.result, exporter: reviewExporter(answer, model, reviewed.result) } }
      : { turn, answer, reviewed: null };
    return [...parts, part];
  }, [parts, answerId, n, question, answer, model, reviewed, t]);
  return <CollectTurns {...props} at={props.at + 1} parts={withThis} />;
}

/** A frame sandboxed without allow-same-origin (an opaque origin) may save only with a token the portal handed over. */
function useSaveBlocked(): 'needs-token' | null {
  const embedded = useViewStore((s) => s.embedded);
  const token = useSyncExternalStore(onApiTokenChange, hasApiToken, () => false);
  const opaque = typeof window !== 'undefined' && window.origin === 'null';
  return embedded && opaque && !token ? 'needs-token' : null;
}

function ReviewedPane({ parts, active, own }: { parts: readonly TurnPart[]; active: ThreadTurn; own: number }) {
  // Primitives only: a citation click outside the selected claim changes none of them, so the panel (10,000 cards in
  // a long answer) does not re-render for it.
  const claimId = useViewStore((s) => s.view.claim);
  const claimCite = useViewStore((s) => (s.view.claim ? (s.view.cite ?? null) : null));
  const nonce = useViewStore((s) => (s.view.claim ? s.citeNonce : 0));
  const t = useTranslate();
  const saveBlocked = useSaveBlocked();
  const moreShortcuts = useMemo(() => viewerShortcuts(t), [t]);
  const activePart = parts.find((p) => p.turn.answerId === active.answerId) ?? null;
  const activeReviewed = activePart?.reviewed ?? null;
  const selectedClaim = claimId ? (activeReviewed?.claims.find((c) => c.id === claimId) ?? null) : null;

  useClaimHighlight(
    selectedClaim?.text ?? null,
    selectedClaim ? (activeReviewed?.occurrence.get(selectedClaim.id) ?? 0) : 0,
    selectedClaim ? `${selectedClaim.id}:${nonce}` : null,
    selectedClaim ? activeReviewed?.place.get(selectedClaim.id) : undefined,
  );

  const turns = useMemo(
    (): ReviewTurn[] =>
      parts.map((p) => ({
        answerId: p.turn.answerId,
        turn: p.turn.turn,
        question: p.turn.question || p.answer?.question || '',
        origin: isInlineAnswerId(p.turn.answerId) ? 'local' : 'server',
        claims: p.reviewed?.claims ?? [],
        answerFlags: p.reviewed?.result.answerFlags ?? [],
        report: p.reviewed?.result.report ?? null,
        ...(p.reviewed ? {} : { loading: true }),
      })),
    [parts],
  );

  const turnOf = useCallback((answerId: string) => parts.find((p) => p.turn.answerId === answerId)?.turn, [parts]);
  const firstCite = useCallback(
    (answerId: string, id: string) => parts.find((p) => p.turn.answerId === answerId)?.reviewed?.claims.find((c) => c.id === id)?.citations[0]?.key,
    [parts],
  );
  /** Selects a claim; one of another turn makes that turn active. */
  const select = useCallback(
    (answerId: string, id: string, cite: string | undefined, mode: 'push' | 'replace', open = false) => {
      const turn = turnOf(answerId);
      const store = useViewStore.getState();
      if (!turn || answerId === active.answerId) store.selectClaim(id, cite, mode, { open });
      else store.selectClaim(id, cite, mode, { inTurn: { turn: turn.turn === own ? undefined : turn.turn }, open });
    },
    [turnOf, active.answerId, own],
  );
  const onSelectClaim = useCallback(
    (answerId: string, id: string, how: 'pointer' | 'keyboard') => select(answerId, id, firstCite(answerId, id), how === 'keyboard' ? 'replace' : 'push'),
    [select, firstCite],
  );
  const onOpenCitation = useCallback((answerId: string, id: string, key: string) => select(answerId, id, key, 'push', true), [select]);
  const onOpenFlag = useCallback(
    (answerId: string, id: string | null, flag: ReviewFlag) => {
      const target = id ?? flag.evidence.claimId ?? null;
      const key = flag.evidence.key ?? (target ? firstCite(answerId, target) : undefined);
      if (target) select(answerId, target, key, 'push');
      else if (key && answerId === active.answerId) useViewStore.getState().cite(key);
      else if (key) useViewStore.getState().openTurn(turnOf(answerId)?.turn === own ? undefined : turnOf(answerId)?.turn, key);
    },
    [select, firstCite, active.answerId, turnOf, own],
  );
  const onStepRegion = useCallback((delta: 1 | -1) => useViewStore.getState().stepRegion(delta), []);
  const exportReview = useCallback(
    (decisionsOf: (answerId: string) => ReadonlyMap<string, ClaimDecision>) =>
      combineReviewExports(
        parts.flatMap((p) => (p.reviewed ? [{ turn: p.turn.turn, export: p.reviewed.exporter(decisionsOf(p.turn.answerId)) }] : [])),
        new Date().toISOString(),
      ),
    [parts],
  );

  if (!parts.some((p) => p.reviewed)) return <PaneLoading label={t('answerView.loadingReview')} />;
  return (
    <ReviewPanel
      turns={turns}
      selected={selectedClaim ? { answerId: active.answerId, claimId: selectedClaim.id } : null}
      activeKey={selectedClaim ? claimCite : null}
      saveBlocked={saveBlocked}
      onSelectClaim={onSelectClaim}
      onOpenCitation={onOpenCitation}
      onOpenFlag={onOpenFlag}
      onStepRegion={onStepRegion}
      exportReview={exportReview}
      moreShortcuts={moreShortcuts}
    />
  );
}
