import { describe, expect, it } from 'vitest';
import { RenderScheduler, type RenderJob } from './render-queue.ts';

/** A job that records when it starts and finishes when the test says so. */
function job(name: string, log: string[]) {
  let finish!: () => void;
  const j: RenderJob & { finish(): void } = {
    start: () => {
      log.push(`start ${name}`);
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      return { done, cancel: () => finish() };
    },
    finish: () => finish(),
  };
  return j;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('RenderScheduler background jobs', () => {
  it('runs thumbnails only when no page is waiting, one at a time, leaving a slot for pages', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const thumbs = [job('t1', log), job('t2', log)];
    thumbs.forEach((t, i) => s.schedule(t, 1000 + i, { background: true }));
    const page = job('p1', log);
    s.schedule(page, 5);
    await tick();
    // The page starts first although it was queued last, and while it runs no thumbnail takes the last free slot.
    expect(log).toEqual(['start p1']);
    page.finish();
    await tick();
    expect(log).toEqual(['start p1', 'start t1']);
    // A page arriving while a thumbnail runs gets the free slot at once.
    const p2 = job('p2', log);
    s.schedule(p2, 0);
    await tick();
    expect(log).toEqual(['start p1', 'start t1', 'start p2']);
    thumbs[0]!.finish();
    await tick();
    expect(log).not.toContain('start t2');
    p2.finish();
    await tick();
    expect(log.at(-1)).toBe('start t2');
  });

  it('still runs page jobs two at a time by priority', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const jobs = [job('a', log), job('b', log), job('c', log)];
    s.schedule(jobs[0]!, 3);
    s.schedule(jobs[1]!, 1);
    s.schedule(jobs[2]!, 2);
    await tick();
    expect(log).toEqual(['start b', 'start c']);
  });
});
