import { useMemo } from 'react';
import { storeOrigins } from '../api/store-origins.ts';
import type { AnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';
import { reviewAnswer } from '../core/review/review-answer.ts';
import type { ReviewResult } from '../core/review/types.ts';
import { useReviewChecks } from './review-checks-store.ts';

// The rules' result for an answer, read by the answer pane (its markers' badges) and the review panel. Apart from
// review-pane.tsx so that the answer pane does not load the review panel's code (a chunk of its own).

// Keyed by the answer object and the checks object, both stable until something changes: one review per change.
const results = new WeakMap<Answer, WeakMap<object, ReviewResult>>();

export function useReviewResult(answer: Answer, model: AnswerModel): ReviewResult {
  const checks = useReviewChecks(answer.id);
  return useMemo(() => {
    let perAnswer = results.get(answer);
    if (!perAnswer) results.set(answer, (perAnswer = new WeakMap()));
    let result = perAnswer.get(checks);
    if (!result) perAnswer.set(checks, (result = reviewAnswer(answer, model, checks, {}, storeOrigins())));
    return result;
  }, [answer, model, checks]);
}
