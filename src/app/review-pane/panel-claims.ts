import type { CitationBadge, PanelClaim } from '../../features/review/review-types.ts';
import { citationVerdict, sourceVerdicts } from '../../core/review/citation-verdict.ts';
import { translateEnglish, type Translate } from '../../core/i18n/translate.ts';
import type { ReviewedClaims } from './reviewed-claims.ts';
import { verdictBadge } from './status-badge.ts';
import type { ClaimPlace } from './use-claim-highlight.ts';

// The review panel's cards from the rules' result: each claim's text, flags and citations, every citation with its
// verdict as a badge (the same verdicts as the answer pane's markers), and where each claim is in the answer text.

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
