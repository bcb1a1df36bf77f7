import { buildAnswerModel, type AnswerModel } from '../../core/model/answer-model.ts';
import type { ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import type { Answer } from '../../core/model/types.ts';
import { reviewAnswer } from '../../core/review/review-answer.ts';
import type { ReviewChecks, ReviewResult } from '../../core/review/types.ts';
import { matchKey, plainClaimText } from './claim-text.ts';

// What the review panel needs of an answer, computed in one place: the rules' result and each claim's reading text
// and match key. Pure (no React, no I/O), so the review worker (review-worker.ts) runs it off the main thread for a
// long answer and the main thread runs the same function for a short one or when no worker starts.

export interface ClaimReading {
  id: string;
  /** Where the claim starts in the answer text. */
  start: number;
  /** The claim as a reader sees it (plainClaimText). */
  text: string;
  /** Its letters and digits (matchKey): two claims that read the same share it. */
  key: string;
}

export interface ReviewedClaims {
  result: ReviewResult;
  claims: ClaimReading[];
}

/** The claims' reading texts: they depend on the answer only, so a worker computes them once per answer. */
export function claimReadings(answer: Answer, model: AnswerModel): ClaimReading[] {
  const text = typeof answer?.text === 'string' ? answer.text : '';
  return model.claims.map((claim) => {
    const plain = plainClaimText(text, claim);
    return { id: claim.id, start: claim.start, text: plain, key: matchKey(plain) };
  });
}

export function reviewClaims(
  answer: Answer,
  model: AnswerModel,
  checks: ReviewChecks,
  storeOrigins: readonly string[],
  readings?: ClaimReading[],
): ReviewedClaims {
  return { result: reviewAnswer(answer, model, checks, {}, storeOrigins), claims: readings ?? claimReadings(answer, model) };
}

/** For the worker, which has only the answer: its model built once per answer and kept with its readings. */
export function answerReviewer(answer: Answer, markdown?: ParsedMarkdown): (checks: ReviewChecks, storeOrigins: readonly string[]) => ReviewedClaims {
  const model = buildAnswerModel(answer, undefined, markdown);
  const readings = claimReadings(answer, model);
  return (checks, storeOrigins) => reviewClaims(answer, model, checks, storeOrigins, readings);
}
