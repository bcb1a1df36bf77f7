import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { ApiError } from './client.ts';
import { isInlineAnswerId } from './inline-answers.ts';
import { fetchAnswerReview, fetchReviewHistory } from './review-client.ts';

// TanStack Query wiring for the review API. Saves do not go through mutations: they go through the review outbox
// (src/features/review/outbox), which survives reloads, and which writes the saved record into this cache.

export const reviewKeys = {
  review: (answerId: string) => ['review', answerId] as const,
  history: (answerId: string) => ['review', answerId, 'history'] as const,
};

/** What the server holds for an answer's review; `not-held` when it does not know the answer (404). */
export type ServerReview =
  /** `reviewer`: who the server records our saves as (an API token's subject), when it decides that. */
  { kind: 'held'; claims: Awaited<ReturnType<typeof fetchAnswerReview>>['claims']; reviewer?: string } | { kind: 'not-held' };

/**
 * A fetched review merged into the one cached: per claim, the record with the higher version wins. A refetch sent
 * before one of our saves landed (a reconnected live stream, the tab regaining focus) answers with the older record;
 * taken as is, it would roll the claim back, and the reviewer's next decision would be sent over a version the server
 * has left (a 409 the reviewer did not cause). Versions only grow on the server, so the higher one is the newer.
 */
export function keepNewerRecords(old: ServerReview | undefined, next: ServerReview): ServerReview {
  if (old?.kind !== 'held' || next.kind !== 'held') return next;
  let claims = next.claims;
  for (const [claimId, record] of Object.entries(old.claims)) {
    const fetched = next.claims[claimId];
    if (fetched === undefined || fetched.version < record.version) claims = { ...claims, [claimId]: record };
  }
  return claims === next.claims ? next : { ...next, claims };
}

export function answerReviewQuery(answerId: string) {
  return queryOptions({
    queryKey: reviewKeys.review(answerId),
    queryFn: async ({ signal }): Promise<ServerReview> => {
      // An answer held in memory (a portal's, local files) is never the server's: no request, no 404 in the console.
      if (isInlineAnswerId(answerId)) return { kind: 'not-held' };
      try {
        const review = await fetchAnswerReview(answerId, signal);
        return { kind: 'held', claims: review.claims, ...(review.reviewer !== undefined && { reviewer: review.reviewer }) };
      } catch (e) {
        // A server that does not hold the answer is an expected case (answers loaded from elsewhere): decisions
        // then live in this browser only.
        if (e instanceof ApiError && e.kind === 'http' && e.status === 404) return { kind: 'not-held' };
        throw e;
      }
    },
    // Other reviewers' decisions arrive when the reviewer comes back to the tab; ours are written in by the outbox.
    staleTime: 15_000,
    refetchOnWindowFocus: true,
    structuralSharing: (old, next) => replaceEqualDeep(old, keepNewerRecords(old as ServerReview | undefined, next as ServerReview)),
  });
}

export function reviewHistoryQuery(answerId: string) {
  return queryOptions({
    queryKey: reviewKeys.history(answerId),
    queryFn: ({ signal }) => fetchReviewHistory(answerId, signal),
    staleTime: 0,
  });
}

export function useAnswerReview(answerId: string) {
  return useQuery(answerReviewQuery(answerId));
}

/** Fetched only while `enabled` (a claim's History disclosure is open). */
export function useReviewHistory(answerId: string, enabled: boolean) {
  return useQuery({ ...reviewHistoryQuery(answerId), enabled });
}
