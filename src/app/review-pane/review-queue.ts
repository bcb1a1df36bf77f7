// The review worker's queue: one review at a time, and of the reviews waiting for the same answer only the newest
// runs. A 10,000-claim review takes the worker close to a minute under load, and the checks come in meanwhile (one
// new review per located citation): run one after another, the panel showed results already outdated for minutes.
// A waiting review that a newer one replaces is answered with the newer one's result (`also`), so its caller is
// never left waiting and never falls back to reviewing on the main thread. Pure: the worker gives it its clock.

export interface QueuedReview {
  job: number;
  doc: number;
}

export interface ReviewQueueHooks<T extends QueuedReview> {
  /** Runs one review; `also` are the jobs it answers for besides its own (the ones it replaced). */
  run(review: T, also: readonly number[]): void;
  /** Runs `fn` as a task of its own, after the messages already waiting (setTimeout in the worker). */
  schedule(fn: () => void): void;
}

export class ReviewQueue<T extends QueuedReview> {
  /** Per answer, the review waiting to run and the older ones it answers for. */
  private readonly waiting = new Map<number, { review: T; also: number[] }>();
  private scheduled = false;

  constructor(private readonly hooks: ReviewQueueHooks<T>) {}

  push(review: T): void {
    const older = this.waiting.get(review.doc);
    // Map order is insertion order: a replaced review keeps its answer's turn rather than going to the back.
    this.waiting.set(review.doc, { review, also: older ? [...older.also, older.review.job] : [] });
    this.wake();
  }

  /** The answer is gone: nothing of it runs (nobody waits for it: its reviews held it alive while pending). */
  drop(doc: number): void {
    this.waiting.delete(doc);
  }

  get size(): number {
    return this.waiting.size;
  }

  private wake(): void {
    if (this.scheduled || this.waiting.size === 0) return;
    this.scheduled = true;
    // Not at once: the messages that came in while the last review ran are read first, so a review they replace
    // does not run.
    this.hooks.schedule(() => {
      this.scheduled = false;
      const next = this.waiting.entries().next();
      if (next.done) return;
      const [doc, { review, also }] = next.value;
      this.waiting.delete(doc);
      try {
        this.hooks.run(review, also);
      } finally {
        this.wake();
      }
    });
  }
}
