import { useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { storeOrigins } from '../../api/store-origins.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import type { reviewSources, SourceReview } from '../../core/review/review-answer.ts';
import type { sourceVerdicts, CitationVerdict } from '../../core/review/citation-verdict.ts';
import type { ClaimReview, ReviewChecks } from '../../core/review/types.ts';
import type { reviewService } from './review-client.ts';
import { useReviewChecks } from '../source-checks/review-checks-store.ts';
import type { reviewClaims, ReviewedClaims } from './reviewed-claims.ts';
import { afterFirstPage } from '../../lib/first-page-hold.ts';

// The rules' result for an answer. The answer pane's markers need the sources' statuses only (cheap: one pass over
// the sources); the review panel needs every claim's (seconds of script for a 10,000-claim answer). Apart from
// review-pane.tsx so that the answer pane does not load the review panel's code (a chunk of its own).
//
// The rules themselves (the claims' checks: quantities, support, entity swaps, the verdicts; ~15 kB gzip with the
// review worker's client) are a chunk loaded once the document's first page is painted (first-page-hold.ts): a link
// to an answer no longer downloads and evaluates them before page 1. Until they are in, the markers show no status
// and the review panel "Loading the review", as they did while the checks ran.

interface ReviewRules {
  reviewSources: typeof reviewSources;
  sourceVerdicts: typeof sourceVerdicts;
  reviewClaims: typeof reviewClaims;
  reviewService: typeof reviewService;
}

let rules: ReviewRules | null = null;
let rulesLoading: Promise<ReviewRules> | null = null;
const rulesListeners = new Set<() => void>();

function loadReviewRules(): Promise<ReviewRules> {
  rulesLoading ??= Promise.all([
    import('../../core/review/review-answer.ts'),
    import('../../core/review/citation-verdict.ts'),
    import('./reviewed-claims.ts'),
    import('./review-client.ts'),
  ]).then(
    ([answer, verdict, claims, client]) => {
      rules = {
        reviewSources: answer.reviewSources,
        sourceVerdicts: verdict.sourceVerdicts,
        reviewClaims: claims.reviewClaims,
        reviewService: client.reviewService,
      };
      for (const listener of [...rulesListeners]) listener();
      return rules;
    },
    (error: unknown) => {
      // A chunk that did not arrive (offline, a new release): the next view that asks tries again.
      rulesLoading = null;
      throw error;
    },
  );
  return rulesLoading;
}

const subscribeRules = (listener: () => void) => {
  rulesListeners.add(listener);
  return () => rulesListeners.delete(listener);
};

/** The rules once loaded (null until then); asks for them once nothing holds for page 1. */
function useReviewRules(): ReviewRules | null {
  const loaded = useSyncExternalStore(
    subscribeRules,
    () => rules,
    () => rules,
  );
  useEffect(() => {
    if (loaded) return;
    let live = true;
    afterFirstPage()
      .then(() => (live ? loadReviewRules() : undefined))
      .catch((error: unknown) => console.warn('citelens: the review rules could not be loaded', error));
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * Answers this long are reviewed in the worker: every answer. On the main thread a long one (~800 claims) held up the
 * first paint, and even a 259-character one took 110-180 ms a review on a busy machine (the support rules), three
 * times while the checks came in: each a task over 100 ms just after page 1 (issue #37). Where the worker cannot
 * start (or fails), the same function runs here (reviewOffMain).
 */
export const OFF_MAIN_MIN_TEXT = 0;

// Keyed by the answer object and the checks object, both stable until something changes: one review per change.
const sourceResults = new WeakMap<Answer, WeakMap<object, SourceReview>>();
const claimResults = new WeakMap<Answer, WeakMap<object, ReviewedClaims>>();
/** A long answer's claims by id, from its first review: the answer pane finds a selected claim here. */
const claimIndex = new WeakMap<Answer, Map<string, ClaimReview>>();

function cached<T>(cache: WeakMap<Answer, WeakMap<object, T>>, answer: Answer, checks: ReviewChecks, make: () => T): T {
  let perAnswer = cache.get(answer);
  if (!perAnswer) cache.set(answer, (perAnswer = new WeakMap()));
  let result = perAnswer.get(checks);
  if (!result) perAnswer.set(checks, (result = make()));
  return result;
}

/** Each source's status and flags, for the answer pane's markers. */
export function useSourceReview(answer: Answer, model: AnswerModel): SourceReview | null {
  const checks = useReviewChecks(answer.id);
  const loaded = useReviewRules();
  return useMemo(
    () => (loaded ? cached(sourceResults, answer, checks, () => loaded.reviewSources(answer, model, checks, {}, storeOrigins())) : null),
    [loaded, answer, model, checks],
  );
}

/**
 * Every source's verdict (citation-verdict.ts) for the answer pane's markers and references: from the claims' review
 * when it is in (support and every other check of every citation), else from the sources' own checks. The review
 * panel reads the same function over the same review, so a marker and a claim card never disagree.
 */
export function useCitationVerdicts(answer: Answer, model: AnswerModel): Record<string, CitationVerdict> {
  const sources = useSourceReview(answer, model);
  const reviewed = useReviewedClaims(answer, model);
  const loaded = useReviewRules();
  return useMemo(() => {
    if (!loaded) return NO_VERDICTS;
    return reviewed ? loaded.sourceVerdicts(reviewed.result, reviewed.result.claims) : sources ? loaded.sourceVerdicts(sources) : NO_VERDICTS;
  }, [loaded, reviewed, sources]);
}

/** No verdict yet (the rules are on their way): one object, so that nothing re-renders for it. */
const NO_VERDICTS: Record<string, CitationVerdict> = {};

async function reviewOffMain(answer: Answer, model: AnswerModel, checks: ReviewChecks): Promise<ReviewedClaims> {
  await afterFirstPage();
  const { reviewService, reviewClaims } = await loadReviewRules();
  const service = reviewService();
  if (service) {
    try {
      // A parse that took too long is plain text on the page: the worker reviews the same tree, not its own parse.
      return await service.review(answer, checks, storeOrigins(), model.markdown.simplified === 'slow' ? model.markdown : undefined);
    } catch {
      // No worker (or it failed): the same function, here.
    }
  }
  return reviewClaims(answer, model, checks, storeOrigins());
}

/**
 * The review of every claim, for the review panel. A short answer is reviewed here, at once; a long one in the
 * worker, so this is null until its first result, then the latest result while newer checks are reviewed.
 */
export function useReviewedClaims(answer: Answer, model: AnswerModel): ReviewedClaims | null {
  const checks = useReviewChecks(answer.id);
  const offMain = typeof answer.text === 'string' && answer.text.length >= OFF_MAIN_MIN_TEXT;
  // Not in the view's first render: cutting the claims and running their rules (the sentence segmenter's first use
  // alone is ~10-40 ms) held up the answer view's first commit, and the document pane with it. The first render shows
  // what the sources' own checks say (useCitationVerdicts) or "Loading the review"; a background render right after
  // (a transition: useDeferredValue's initial value) runs the rules, once the view is on screen.
  const wanted = useDeferredValue(true, false);
  const loaded = useReviewRules();
  const here = useMemo(
    () => (offMain || !wanted || !loaded ? null : cached(claimResults, answer, checks, () => loaded.reviewClaims(answer, model, checks, storeOrigins()))),
    [offMain, wanted, loaded, answer, model, checks],
  );
  const [latest, setLatest] = useState<{ answer: Answer; value: ReviewedClaims; seq: number } | null>(null);
  const asked = useRef(0);
  useEffect(() => {
    if (!offMain || claimResults.get(answer)?.has(checks)) return;
    const seq = ++asked.current;
    reviewOffMain(answer, model, checks).then(
      (value) => {
        cached(claimResults, answer, checks, () => value);
        if (!claimIndex.has(answer)) claimIndex.set(answer, new Map(value.result.claims.map((c) => [c.claimId, c])));
        // Shown even when newer checks came in meanwhile (the latest result while newer ones are reviewed): the
        // worker reviews one job after another, and a 10,000-claim answer takes it ~50 s a review, so waiting for the
        // current checks' own result showed nothing for minutes while the background checks went on. Never an older
        // result over a newer one.
        setLatest((prev) => (prev && prev.answer === answer && prev.seq > seq ? prev : { answer, value, seq }));
      },
      (error: unknown) => console.warn('citelens: the review rules could not be loaded', error),
    );
  }, [offMain, answer, model, checks]);
  if (here) return here;
  return claimResults.get(answer)?.get(checks) ?? (latest?.answer === answer ? latest.value : null);
}

/**
 * Where a claim starts and the keys it cites. For a long answer from its review (the worker cut the claims), so that
 * selecting a claim does not make the main thread cut 10,000 claims; otherwise (or before the review came, e.g. a
 * link to a claim) from the model.
 */
export function claimOf(answer: Answer, model: AnswerModel, claimId: string): { start: number; keys: string[] } | undefined {
  const reviewed = claimIndex.get(answer)?.get(claimId);
  if (reviewed) return { start: reviewed.start, keys: reviewed.citations.map((c) => c.key) };
  const claim = model.claims.find((c) => c.id === claimId);
  return claim ? { start: claim.start, keys: claim.citations.map((c) => c.key) } : undefined;
}
