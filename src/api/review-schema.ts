import { z } from 'zod';
import { REVIEW_DECISIONS } from '../core/review/decisions.ts';

// The wire contract of the review API (docs/api.md): one record per claim, optimistic concurrency by version.
// Parsed here, at the edge, like every other response.

export const reviewDecisionSchema = z.enum(REVIEW_DECISIONS);
export type ReviewDecision = z.infer<typeof reviewDecisionSchema>;

/** A note's longest length, checked by the server and by the panel before it saves. */
export const MAX_NOTE_LENGTH = 10_000;

/** The body of `PUT …/review/claims/:claimId`: the client writes it, the server parses it with this very schema. */
export const decisionBodySchema = z.object({
  decision: reviewDecisionSchema.nullable(),
  note: z.string().max(MAX_NOTE_LENGTH, `at most ${MAX_NOTE_LENGTH} characters`).default(''),
});
/** What the client sends (`note` may be left out: the server reads it as ""). */
export type DecisionBody = z.input<typeof decisionBodySchema>;

/** The server's record of one claim's decision. `version` counts saves; 0 means "never saved". */
export const claimRecordSchema = z.object({
  decision: reviewDecisionSchema.nullable(),
  note: z.string(),
  version: z.number().int().min(0),
  updatedAt: z.string(),
  reviewer: z.string(),
});
export type ClaimRecord = z.infer<typeof claimRecordSchema>;

export const answerReviewSchema = z.object({
  answerId: z.string(),
  claims: z.record(z.string(), claimRecordSchema),
  /** With API tokens: the name this request's saves are recorded under (the token's subject), as the server stores it. */
  reviewer: z.string().optional(),
});
export type AnswerReview = z.infer<typeof answerReviewSchema>;

/** 409 body: the record as the server holds it now, so the UI can show both versions. */
export const conflictBodySchema = z.object({ current: claimRecordSchema });

/**
 * One saved change in the answer's history. Tolerant about the optional fields (an older server may not send the
 * previous decision), strict about what we show: the claim, the decision, who and when.
 */
export const historyEventSchema = z.object({
  claimId: z.string(),
  decision: reviewDecisionSchema.nullable(),
  note: z.string().optional(),
  version: z.number().int().min(0),
  reviewer: z.string(),
  at: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const reviewHistorySchema = z.object({
  answerId: z.string(),
  events: z.array(historyEventSchema),
});
export type ReviewHistory = z.infer<typeof reviewHistorySchema>;
