// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../core/model/types.ts';
import type { FromReviewWorker, ToReviewWorker } from './review-protocol.ts';
import { ReviewService } from './review-client.ts';
import type { ReviewedClaims } from './reviewed-claims.ts';

// A stand-in for the review worker: it records what the page sends and answers each review at once.
class FakeWorker extends EventTarget {
  readonly sent: ToReviewWorker[] = [];
  terminated = false;
  postMessage(message: ToReviewWorker) {
    this.sent.push(message);
    if (message.type !== 'review') return;
    const reply: FromReviewWorker = { type: 'done', job: message.job, also: [], value: { claims: [] } as unknown as ReviewedClaims };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {
    this.terminated = true;
  }
}

const answer = { id: 'a', text: 'A claim [1].', sources: [], documents: [] } as unknown as Answer;

describe('the review worker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends once idle, and a later review starts a new one that is sent the answer again', async () => {
    const workers: FakeWorker[] = [];
    const service = new ReviewService(() => {
      const w = new FakeWorker();
      workers.push(w);
      return w as unknown as Worker;
    }, 1_000);
    await service.review(answer, {}, []);
    await service.review(answer, {}, []);
    // Reviews close together share one worker, and the answer's text went over once.
    expect(workers).toHaveLength(1);
    expect(workers[0]!.sent.filter((m) => m.type === 'review' && m.answer !== undefined)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0]!.terminated).toBe(true);

    await service.review(answer, {}, []);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent).toEqual([expect.objectContaining({ type: 'review', answer })]);
  });

  it('is not ended while a review is running', async () => {
    let worker: FakeWorker | null = null;
    const service = new ReviewService(() => {
      worker = new FakeWorker();
      // This worker never answers: the review stays pending.
      worker.postMessage = (m) => void worker!.sent.push(m);
      return worker as unknown as Worker;
    }, 1_000);
    void service.review(answer, {}, []);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(worker!.terminated).toBe(false);
  });

  it("a review the worker replaced by a newer one gets the newer one's result, and none is left waiting", async () => {
    let worker: FakeWorker | null = null;
    const service = new ReviewService(() => {
      worker = new FakeWorker();
      // This worker holds the reviews back, as one busy with a long review does.
      worker.postMessage = (m) => void worker!.sent.push(m);
      return worker as unknown as Worker;
    }, 1_000);
    const older = service.review(answer, { a: 1 } as never, []);
    const newer = service.review(answer, { a: 2 } as never, []);
    const jobs = worker!.sent.flatMap((m) => (m.type === 'review' ? [m.job] : []));
    const latest = { claims: ['newest'] } as unknown as ReviewedClaims;
    worker!.dispatchEvent(new MessageEvent('message', { data: { type: 'done', job: jobs[1]!, also: [jobs[0]!], value: latest } satisfies FromReviewWorker }));
    expect(await older).toBe(latest);
    expect(await newer).toBe(latest);
    // nothing is pending any more: the idle worker ends
    await vi.advanceTimersByTimeAsync(1_000);
    expect(worker!.terminated).toBe(true);
  });
});
