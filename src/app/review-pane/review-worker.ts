import type { ReviewChecks } from '../../core/review/types.ts';
import type { FromReviewWorker, ToReviewWorker } from './review-protocol.ts';
import { answerReviewer, type ReviewedClaims } from './reviewed-claims.ts';

// The review worker: a long answer's model (Markdown parse, claims) and its review rules, off the main thread
// (10,000 claims cost seconds of script that froze the tab before the answer could paint). review-client.ts starts it.

interface WorkerScope {
  postMessage(message: FromReviewWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToReviewWorker>) => void): void;
}

const scope = self as unknown as WorkerScope;
const reviewers = new Map<number, (checks: ReviewChecks, storeOrigins: readonly string[]) => ReviewedClaims>();

scope.addEventListener('message', ({ data }) => {
  switch (data.type) {
    case 'close':
      reviewers.delete(data.doc);
      return;
    case 'review': {
      try {
        let reviewer = reviewers.get(data.doc);
        if (!reviewer) {
          if (!data.answer) throw new Error(`no answer for document ${data.doc}`);
          reviewer = answerReviewer(data.answer, data.markdown);
          reviewers.set(data.doc, reviewer);
        }
        scope.postMessage({ type: 'done', job: data.job, value: reviewer(data.checks, data.storeOrigins) });
      } catch (e) {
        scope.postMessage({ type: 'failed', job: data.job, message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    default: {
      const never: never = data;
      return never;
    }
  }
});
scope.postMessage({ type: 'ready' });
