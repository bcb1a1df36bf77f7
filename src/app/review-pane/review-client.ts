import workerUrl from './review-worker.ts?worker&url';
import type { ParsedMarkdown } from '../../core/markdown/parse-answer-markdown.ts';
import type { Answer } from '../../core/model/types.ts';
import type { ReviewChecks } from '../../core/review/types.ts';
import type { FromReviewWorker, ToReviewWorker } from './review-protocol.ts';
import type { ReviewedClaims } from './reviewed-claims.ts';
import { startBundledWorker } from '../../lib/start-worker.ts';

// The main thread's side of the review worker (review-worker.ts), started on first use, one per page, and ended once
// it has been idle a few seconds. Each answer object is a document of the worker's: its text goes over once, and the
// worker keeps the model it built until the answer is garbage collected here (or the worker ends). When the worker
// cannot start or fails, every pending and later job rejects and the caller reviews on the main thread
// (review-result.ts). A job that a newer one for the same answer replaced while it waited (review-queue.ts) gets the
// newer one's result: its caller shows the latest review anyway.

const startReviewWorker = () => startBundledWorker(workerUrl);

interface Pending {
  resolve(value: ReviewedClaims): void;
  reject(error: Error): void;
}

/**
 * How long the worker stays once it has nothing to do: a page that reviews again soon (new checks) reuses it with the
 * models it keeps; a page left with no answer (the answer list) lets it go, and its memory with it.
 */
const IDLE_MS = 3_000;

export class ReviewService {
  private worker: Worker | null = null;
  /** The worker could not start or failed: the caller reviews on the main thread from now on. */
  private failed = false;
  private readonly pending = new Map<number, Pending>();
  /** The answers the current worker has a model of. A new worker knows none, so each is sent again. */
  private docs = new WeakMap<Answer, number>();
  private readonly closer = new FinalizationRegistry<number>((doc) => this.send({ type: 'close', doc }));
  private idle: ReturnType<typeof setTimeout> | null = null;
  private nextJob = 1;
  private nextDoc = 1;

  constructor(
    private readonly start: () => Worker,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** `markdown`: the parse the page itself draws, handed over when the worker could not make the same one itself. */
  review(answer: Answer, checks: ReviewChecks, storeOrigins: readonly string[], markdown?: ParsedMarkdown): Promise<ReviewedClaims> {
    if (!this.started()) return Promise.reject(new Error('no review worker'));
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    const job = this.nextJob++;
    let doc = this.docs.get(answer);
    const first = doc === undefined;
    if (doc === undefined) {
      doc = this.nextDoc++;
      this.docs.set(answer, doc);
      this.closer.register(answer, doc);
    }
    return new Promise<ReviewedClaims>((resolve, reject) => {
      this.pending.set(job, { resolve, reject });
      this.send({ type: 'review', job, doc, ...(first && { answer, ...(markdown && { markdown }) }), checks, storeOrigins });
    });
  }

  private started(): boolean {
    if (this.worker || this.failed) return this.worker !== null;
    try {
      const worker = this.start();
      worker.addEventListener('message', (event: MessageEvent<FromReviewWorker>) => this.receive(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        this.fail(new Error(`the review worker failed: ${event.message}`));
      });
      this.worker = worker;
    } catch (e) {
      this.fail(e instanceof Error ? e : new Error(String(e)));
    }
    return this.worker !== null;
  }

  private send(message: ToReviewWorker): void {
    this.worker?.postMessage(message);
  }

  private receive(message: FromReviewWorker): void {
    switch (message.type) {
      case 'ready':
        return;
      case 'done':
        for (const job of [message.job, ...message.also]) this.pending.get(job)?.resolve(message.value);
        this.settled([message.job, ...message.also]);
        return;
      case 'failed':
        for (const job of [message.job, ...message.also]) this.pending.get(job)?.reject(new Error(message.message));
        this.settled([message.job, ...message.also]);
        return;
      default: {
        const never: never = message;
        return never;
      }
    }
  }

  private settled(jobs: readonly number[]): void {
    for (const job of jobs) this.pending.delete(job);
    if (this.pending.size === 0 && this.idle === null) this.idle = setTimeout(() => this.stopIdle(), this.idleMs);
  }

  private stopIdle(): void {
    this.idle = null;
    if (this.pending.size > 0) return;
    this.worker?.terminate();
    this.worker = null;
    this.docs = new WeakMap();
  }

  private fail(error: Error): void {
    this.failed = true;
    if (this.idle !== null) clearTimeout(this.idle);
    this.idle = null;
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}

let shared: ReviewService | null | undefined;

/** The page's review worker, or null where there are no workers (Node, jsdom). */
export function reviewService(): ReviewService | null {
  if (shared === undefined) shared = typeof Worker === 'undefined' ? null : new ReviewService(startReviewWorker);
  return shared;
}
