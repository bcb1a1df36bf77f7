import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { buildReviewExport, type ExportDecision, type ReviewExport } from '../../core/review/export.ts';
import type { ReviewResult } from '../../core/review/types.ts';
import { plainClaimText } from './claim-text.ts';

// What the review panel's Export button saves: the rules' result for this answer with the decisions the panel holds
// when the button is pressed, each claim worded as the reader sees it (markdown and markers removed).

export type ReviewExporter = (decisions: ReadonlyMap<string, ExportDecision>) => ReviewExport;

export function reviewExporter(answer: Answer, model: AnswerModel, result: ReviewResult, now: () => Date = () => new Date()): ReviewExporter {
  return (decisions) =>
    buildReviewExport({ answer, model, result, decisions, exportedAt: now().toISOString(), claimText: (claim) => plainClaimText(answer.text, claim) });
}
