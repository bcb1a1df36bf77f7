import { useCallback, useMemo } from 'react';
import { isInlineAnswerId } from '../api/inline-answers.ts';
import type { AnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';
import type { ReviewFlag } from '../core/review/types.ts';
import { ReviewPanel } from '../features/review/review-panel.tsx';
import { reviewExporter } from './review-export.ts';
import type { CitationBadge, PanelClaim } from '../features/review/review-types.ts';
import { PaneLoading } from './pane-placeholders.tsx';
import { useReviewedClaims } from './review-result.ts';
import type { ReviewedClaims } from './reviewed-claims.ts';
import { verdictBadge } from './status-badge.ts';
import { citationVerdict, sourceVerdicts } from '../core/review/citation-verdict.ts';
import { translateEnglish, type Translate } from '../core/i18n/translate.ts';
import { useTranslate } from '../i18n/use-translate.ts';
import { useClaimHighlight, type ClaimPlace } from './use-claim-highlight.ts';
import { useViewStore } from './view-store.ts';
import { viewerShortcutList } from '../features/viewer/shortcuts/viewer-actions.ts';

/** The viewer's keys in the `?` list (its registry; the region steps it shares with the review are listed once). */
function viewerShortcuts(t: Translate) {
  return [{ title: t('viewer.documentViewer'), note: t('viewerKeys.note'), entries: viewerShortcutList(t) }];
}

// Where the review panel meets the rest: the rules' result (core/review) over the answer model and whatever the
// background checks found, the URL's selected claim, and the viewer (a claim opens its first citation).

export interface ReviewClaims {
  claims: PanelClaim[];
  /** Per claim id: how many claims before it read the same (to find the right one in the rendered answer). */
  occurrence: Map<string, number>;
  /** Per claim id: where it starts in the answer text, and where every claim that reads the same starts. */
  place: Map<string, ClaimPlace>;
}

/** The panel's cards from the reviewed claims; a badge per source, not per citation (10,000 in a long answer). */
export function panelClaims(reviewed: ReviewedClaims, t?: Translate): ReviewClaims {
  const { result } = reviewed;
  const reviews = new Map(result.claims.map((c) => [c.claimId, c]));
  const badges = new Map<string, CitationBadge>();
  // The same verdicts as the answer pane's markers (review-result.ts useCitationVerdicts): one per source.
  const verdicts = sourceVerdicts(result, result.claims);
  const badgeOf = (sourceId: string) => {
    let badge = badges.get(sourceId);
    if (!badge) badges.set(sourceId, (badge = verdictBadge(verdicts[sourceId] ?? citationVerdict({ kind: 'pending' }, []), t)));
    return badge;
  };
  const seen = new Map<string, number>();
  const occurrence = new Map<string, number>();
  const starts = new Map<string, number[]>();
  const place = new Map<string, ClaimPlace>();
  const claims = reviewed.claims.map(({ id, start, text, key }): PanelClaim => {
    occurrence.set(id, seen.get(key) ?? 0);
    seen.set(key, (seen.get(key) ?? 0) + 1);
    let same = starts.get(key);
    if (!same) starts.set(key, (same = []));
    same.push(start);
    place.set(id, { start, sameTextStarts: same });
    const review = reviews.get(id);
    const panel: PanelClaim = {
      id,
      text,
      flags: review?.flags ?? [],
      citations: (review?.citations ?? []).map((c) => ({ key: c.key, sourceId: c.sourceId, badge: badgeOf(c.sourceId) })),
    };
    // The model judge's "supported" has no flag to carry it: the card says who checked it and why.
    const judged = review?.citations.find((c) => c.support?.by === 'judge' && c.support.verdict === 'supported')?.support;
    if (judged) panel.checkedBy = (t ?? translateEnglish)('support.judgeSupported', { model: judged.model ?? '', reason: judged.reason ?? '' }).trim();
    return panel;
  });
  return { claims, occurrence, place };
}

export function LoadedReviewPane({ answer, model }: { answer: Answer; model: AnswerModel }) {
  const reviewed = useReviewedClaims(answer, model);
  const t = useTranslate();
  // A long answer is reviewed in a worker: the panel waits for it while the answer is read.
  if (!reviewed) return <PaneLoading label={t('answerView.loadingReview')} />;
  return <ReviewedPane answer={answer} model={model} reviewed={reviewed} />;
}

function ReviewedPane({ answer, model, reviewed }: { answer: Answer; model: AnswerModel; reviewed: ReviewedClaims }) {
  // Primitives only: a citation click outside the selected claim changes none of them, so the panel (10,000 cards in
  // a long answer) does not re-render for it.
  const claimId = useViewStore((s) => s.view.claim);
  const claimCite = useViewStore((s) => (s.view.claim ? (s.view.cite ?? null) : null));
  const nonce = useViewStore((s) => (s.view.claim ? s.citeNonce : 0));
  const { result } = reviewed;
  const t = useTranslate();
  const { claims, occurrence, place } = useMemo(() => panelClaims(reviewed, t), [reviewed, t]);
  const exportReview = useMemo(() => reviewExporter(answer, model, result), [answer, model, result]);
  const moreShortcuts = useMemo(() => viewerShortcuts(t), [t]);
  const selected = claims.find((c) => c.id === claimId) ?? null;

  useClaimHighlight(
    selected?.text ?? null,
    selected ? (occurrence.get(selected.id) ?? 0) : 0,
    selected ? `${selected.id}:${nonce}` : null,
    selected ? place.get(selected.id) : undefined,
  );

  const onSelectClaim = useCallback(
    (claimId: string, how: 'pointer' | 'keyboard') => {
      const claim = claims.find((c) => c.id === claimId);
      useViewStore.getState().selectClaim(claimId, claim?.citations[0]?.key, how === 'keyboard' ? 'replace' : 'push');
    },
    [claims],
  );
  const onOpenCitation = useCallback((claimId: string, key: string) => useViewStore.getState().selectClaim(claimId, key, 'push'), []);
  const onOpenFlag = useCallback(
    (claimId: string | null, flag: ReviewFlag) => {
      const target = claimId ?? flag.evidence.claimId ?? null;
      const key = flag.evidence.key ?? (target ? claims.find((c) => c.id === target)?.citations[0]?.key : undefined);
      if (target) useViewStore.getState().selectClaim(target, key, 'push');
      else if (key) useViewStore.getState().cite(key);
    },
    [claims],
  );
  const onStepRegion = useCallback((delta: 1 | -1) => useViewStore.getState().stepRegion(delta), []);

  return (
    <ReviewPanel
      answerId={answer.id}
      claims={claims}
      answerFlags={result.answerFlags}
      exportReview={exportReview}
      report={result.report}
      origin={isInlineAnswerId(answer.id) ? 'local' : 'server'}
      selectedClaimId={selected?.id ?? null}
      activeKey={selected ? claimCite : null}
      onSelectClaim={onSelectClaim}
      onOpenCitation={onOpenCitation}
      onOpenFlag={onOpenFlag}
      onStepRegion={onStepRegion}
      moreShortcuts={moreShortcuts}
    />
  );
}
