// The decisions a reviewer can make about a claim: declared once, here in the pure core, because the export (core),
// the review API's zod schemas (src/api, which the server's routes parse with too), the database layer (server)
// and the embed protocol (features/embed) all speak them. Order is the order the buttons show them.
export const REVIEW_DECISIONS = ['verified', 'rejected', 'follow-up'] as const;

export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export function isReviewDecision(value: unknown): value is ReviewDecision {
  return (REVIEW_DECISIONS as readonly unknown[]).includes(value);
}
