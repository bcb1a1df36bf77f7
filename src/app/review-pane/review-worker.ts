import type { ReviewChecks } from '../../core/review/types.ts';
import type { FromReviewWorker, ToReviewWorker } from './review-protocol.ts';
import { ReviewQueue } from './review-queue.ts';
import { answerReviewer, type ReviewedClaims } from './reviewed-claims.ts';

// The review worker: a long answer's model (Markdown parse, claims) and its review rules, off the main thread
// (10,000 claims cost seconds of script that froze the tab before the answer could paint). review-client.ts starts it.

interface WorkerScope {
  postMessage(message: FromReviewWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToReviewWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const reviewers = new Map<number, (checks: ReviewChecks, storeOrigins: readonly string[]) => ReviewedClaims>();

type ReviewMessage = Extract<ToReviewWorker, { type: 'review' }>;

function review(data: ReviewMessage, also: readonly number[]): void {
  try {
    let reviewer = reviewers.get(data.doc);
    if (!reviewer) {
      // The page sends an answer's text with its first job only; a newer job that replaced that one takes it over.
      const first = data.answer ? data : firstOf.get(data.doc);
      if (!first?.answer) throw new Error(`no answer for document ${data.doc}`);
      reviewer = answerReviewer(first.answer, first.markdown);
      reviewers.set(data.doc, reviewer);
      firstOf.delete(data.doc);
    }
    scope.postMessage({ type: 'done', job: data.job, also, value: reviewer(data.checks, data.storeOrigins) });
  } catch (e) {
    scope.postMessage({ type: 'failed', job: data.job, also, message: e instanceof Error ? e.message : String(e) });
  }
}

const queue = new ReviewQueue<ReviewMessage>({ run: review, schedule: (fn) => void setTimeout(fn, 0) });
/** Each answer's first job (the one that carries its text), kept until its model is built. */
const firstOf = new Map<number, ReviewMessage>();

scope.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'close':
      reviewers.delete(data.doc);
      firstOf.delete(data.doc);
      queue.drop(data.doc);
      return;
    case 'review': {
      if (data.answer) firstOf.set(data.doc, data);
      queue.push(data);
      return;
    }
    default: {
      const never: never = data;
      return never;
    }
  }
});
scope.postMessage({ type: 'ready' });
