import type { ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import type { Answer } from '../../core/model/types.ts';
import type { ReviewChecks } from '../../core/review/types.ts';
import type { ReviewedClaims } from './reviewed-claims.ts';

// Messages between the main thread (review-client.ts) and the review worker (review-worker.ts).

export type ToReviewWorker =
  /**
   * `answer` comes with the first job of a document only; the worker keeps its model until `close`. `markdown`: the
   * page's own parse, when it is not the one the worker would make (plain text after a parse that took too long).
   */
  | { type: 'review'; job: number; doc: number; answer?: Answer; markdown?: ParsedMarkdown; checks: ReviewChecks; storeOrigins: readonly string[] }
  | { type: 'close'; doc: number };

export type FromReviewWorker =
  | { type: 'ready' }
  /** `also`: the waiting jobs of the same answer this one replaced (review-queue.ts); they get the same answer. */
  | { type: 'done'; job: number; also: readonly number[]; value: ReviewedClaims }
  | { type: 'failed'; job: number; also: readonly number[]; message: string };
