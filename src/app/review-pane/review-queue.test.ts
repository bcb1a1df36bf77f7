// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ReviewQueue } from './review-queue.ts';

interface Review {
  job: number;
  doc: number;
}

/** A queue whose tasks run only when the test says so, as the worker's would after its current review. */
function harness() {
  const tasks: (() => void)[] = [];
  const ran: { job: number; also: readonly number[] }[] = [];
  const queue = new ReviewQueue<Review>({
    run: (review, also) => ran.push({ job: review.job, also }),
    schedule: (fn) => tasks.push(fn),
  });
  const runAll = () => {
    while (tasks.length > 0) tasks.shift()!();
  };
  return { queue, ran, tasks, runAll };
}

describe('the review worker queue', () => {
  it('runs only the newest waiting review of an answer, and it answers for the ones it replaced', () => {
    const { queue, ran, runAll } = harness();
    queue.push({ job: 1, doc: 7 });
    queue.push({ job: 2, doc: 7 });
    queue.push({ job: 3, doc: 7 });
    runAll();
    expect(ran).toEqual([{ job: 3, also: [1, 2] }]);
  });

  it('keeps each answer its own newest review, in the order the answers first asked', () => {
    const { queue, ran, runAll } = harness();
    queue.push({ job: 1, doc: 1 });
    queue.push({ job: 2, doc: 2 });
    queue.push({ job: 3, doc: 1 });
    runAll();
    expect(ran).toEqual([
      { job: 3, also: [1] },
      { job: 2, also: [] },
    ]);
  });

  it('a review that came while another ran runs after it, on its own', () => {
    const { queue, ran, runAll } = harness();
    queue.push({ job: 1, doc: 1 });
    runAll();
    queue.push({ job: 2, doc: 1 });
    runAll();
    expect(ran).toEqual([
      { job: 1, also: [] },
      { job: 2, also: [] },
    ]);
  });

  it('a dropped answer runs nothing', () => {
    const { queue, ran, runAll } = harness();
    queue.push({ job: 1, doc: 1 });
    queue.drop(1);
    runAll();
    expect(ran).toEqual([]);
  });

  it('answers every job exactly once, and the answer of a job is never older than it (property)', () => {
    const op = fc.oneof(fc.record({ push: fc.integer({ min: 1, max: 3 }) }), fc.constant({ tick: true }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const { queue, ran, tasks, runAll } = harness();
        let job = 0;
        // a tick runs one scheduled task: reviews come in while others wait and while one runs
        for (const o of ops) {
          if ('push' in o) queue.push({ job: ++job, doc: o.push });
          else tasks.shift()?.();
        }
        runAll();
        const answered = ran.flatMap((r) => [r.job, ...r.also]).sort((a, b) => a - b);
        expect(answered).toEqual(Array.from({ length: job }, (_, i) => i + 1));
        for (const r of ran) for (const a of r.also) expect(a).toBeLessThan(r.job);
      }),
    );
  });
});
