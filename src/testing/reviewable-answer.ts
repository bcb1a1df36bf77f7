import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildAnswerModel } from '../core/model/answer-model.ts';
import type { Answer } from '../core/model/types.ts';

// Test data: an answer a review may be saved on. The server accepts saves only for answers of its data folder and
// claims those answers have (issue 34, break 9), so tests of the review API write one and save under its claims.

export const REVIEWABLE_TEXT = 'Vendors must use multi-factor authentication. Accounts unused for 30 days are disabled.';

export function reviewableAnswer(id: string, text = REVIEWABLE_TEXT): Answer {
  return { id, question: 'Which controls apply?', text, documents: [], sources: [] };
}

/** The claim ids the app (and the server) give the answer's sentences. */
export function claimIdsOf(answer: Answer): string[] {
  return buildAnswerModel(answer).claims.map((c) => c.id);
}

/** Writes `answers/<id>.json` under `dataDir` and returns its claim ids. */
export function writeReviewableAnswer(dataDir: string, id: string, text = REVIEWABLE_TEXT): string[] {
  const answer = reviewableAnswer(id, text);
  mkdirSync(path.join(dataDir, 'answers'), { recursive: true });
  writeFileSync(path.join(dataDir, 'answers', `${id}.json`), JSON.stringify(answer));
  return claimIdsOf(answer);
}
