import { describe, expect, it, vi } from 'vitest';
import { aheadDirection, hasTextLayer, keepPainted, keptLimit, pagesToMount, renderPriority, type VisibleRange } from './render-queue.ts';
import { RenderScheduler, type RenderJob } from './render-scheduler.ts';

/** A job that records when it starts, is cancelled and finishes; it finishes when the test says so. */
function job(name: string, log: string[]) {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  const j: RenderJob & { finish(): void } = {
    start: () => {
      log.push(`start ${name}`);
      const done = new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      return {
        done,
        cancel: () => {
          log.push(`cancel ${name}`);
          // A cancelled pdf.js RenderTask rejects.
          fail(Object.assign(new Error('cancelled'), { name: 'RenderingCancelledException' }));
        },
      };
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
});

describe('RenderScheduler idle jobs', () => {
  it('prepares ahead only while nothing else runs or waits, one job at a time, pages and thumbnails first', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const idle = [job('i1', log), job('i2', log)];
    idle.forEach((j) => s.schedule(j, 0, { idle: true }));
    const thumb = job('t1', log);
    s.schedule(thumb, 1000, { background: true });
    const page = job('p1', log);
    s.schedule(page, 5);
    await tick();
    expect(log).toEqual(['start p1']);
    page.finish();
    await tick();
    expect(log).toEqual(['start p1', 'start t1']);
    thumb.finish();
    await tick();
    expect(log).toEqual(['start p1', 'start t1', 'start i1']);
    idle[0]!.finish();
    await tick();
    expect(log.at(-1)).toBe('start i2');
  });

  it('steps aside for any other job and starts again after it, but stays dropped once its owner cancels it', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const idle = job('i1', log);
    const ticket = s.schedule(idle, 0, { idle: true });
    await tick();
    expect(log).toEqual(['start i1']);
    // A page scrolled into view: the worker is one thread, so the work ahead is cancelled, not run beside it.
    const page = job('p1', log);
    s.schedule(page, 3);
    await tick();
    expect(log).toEqual(['start i1', 'cancel i1', 'start p1']);
    page.finish();
    await tick();
    expect(log.at(-1)).toBe('start i1');
    // The same for a thumbnail and for a citation's page; a cancel by its owner is final.
    s.schedule(job('c1', log), -1, { now: true });
    await tick();
    expect(log.slice(-2)).toEqual(['cancel i1', 'start c1']);
    ticket.cancel();
    await tick();
    expect(log.filter((l) => l === 'start i1')).toHaveLength(2);
  });

  it('waits while a citation holds the queue for its text', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    let release!: () => void;
    s.holdForCitation(new Promise<void>((r) => (release = r)));
    s.schedule(job('i1', log), 0, { idle: true });
    await tick();
    expect(log).toEqual([]);
    release();
    await tick();
    expect(log).toEqual(['start i1']);
  });
});

describe('RenderScheduler pages', () => {
  it('paints one page at a time, the highest priority next', async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const [a, b, c] = [job('a', log), job('b', log), job('c', log)];
    s.schedule(a, 3);
    s.schedule(b, 1);
    s.schedule(c, 2);
    await tick();
    expect(log).toEqual(['start b']);
    expect(s.stats).toEqual({ waiting: 2, running: 1 });
    b.finish();
    await tick();
    expect(log).toEqual(['start b', 'start c']);
    c.finish();
    await tick();
    expect(log).toEqual(['start b', 'start c', 'start a']);
  });

  it("starts a citation's page at once (`now`) when nothing paints, and queues it behind another citation's", async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const [a, b, c] = [job('a', log), job('b', log), job('c', log)];
    s.schedule(a, -1, { now: true });
    expect(log).toEqual(['start a']);
    s.schedule(b, 0);
    s.schedule(c, -2, { now: true });
    expect(log).toEqual(['start a']);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'start c']);
  });

  it('cancels a drawing once: not again for a citation once its owner has cancelled it, nor for its owner once preempted', async () => {
    // pdf.js ends a drawing again on every cancel, which throws once the owner has freed the canvas (night pages).
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const a = job('a', log);
    s.schedule(a, 0, { now: true }).cancel();
    s.schedule(job('c', log), -1, { now: true });
    await tick();
    expect(log).toEqual(['start a', 'cancel a', 'start c']);
    const log2: string[] = [];
    const s2 = new RenderScheduler(2);
    const bTicket = s2.schedule(job('b', log2), 0, { now: true });
    s2.schedule(job('d', log2), -1, { now: true });
    bTicket.cancel();
    await tick();
    expect(log2).toEqual(['start b', 'cancel b', 'start d']);
  });

  it("cancels the page being painted for a citation's page, and paints it again after, unless it was dropped", async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    const [a, b, c] = [job('a', log), job('b', log), job('c', log)];
    const aTicket = s.schedule(a, 0, { now: true });
    s.schedule(b, 1);
    await tick();
    s.schedule(c, -2, { now: true });
    await tick();
    expect(log).toEqual(['start a', 'cancel a', 'start c']);
    c.finish();
    await tick();
    expect(log).toEqual(['start a', 'cancel a', 'start c', 'start a']);
    // Dropped while queued again (it scrolled away): it does not start a third time.
    const d = job('d', log);
    s.schedule(d, -1, { now: true });
    await tick();
    expect(log.slice(-2)).toEqual(['cancel a', 'start d']);
    aTicket.cancel();
    d.finish();
    await tick();
    expect(log.slice(-1)).toEqual(['start b']);
    expect(log.filter((l) => l === 'start a')).toHaveLength(2);
  });

  it('flush() starts the best of the pages a commit queued at once, not a microtask later', () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    // A commit mounting pages 1 (visible) and 2 (below): their layout effects queue them in tree order.
    s.schedule(job('p1', log), 0);
    s.schedule(job('p2', log), 1);
    expect(log).toEqual([]);
    s.flush();
    expect(log).toEqual(['start p1']);
    s.flush();
    expect(log).toEqual(['start p1']);
  });

  it('puts a page whose priority rose (a citation jump made it visible) before the others', async () => {
    const log: string[] = [];
    const s = new RenderScheduler();
    const [running, near, target] = [job('running', log), job('near', log), job('target', log)];
    s.schedule(running, 0);
    s.schedule(near, 1);
    const ticket = s.schedule(target, 9);
    await tick();
    ticket.setPriority(0);
    running.finish();
    await tick();
    expect(log).toEqual(['start running', 'start target']);
  });

  it('drops a waiting page that scrolled away and cancels a running one, freeing the slot', async () => {
    const log: string[] = [];
    const s = new RenderScheduler();
    const [a, b, c] = [job('a', log), job('b', log), job('c', log)];
    const ta = s.schedule(a, 0);
    const tb = s.schedule(b, 1);
    s.schedule(c, 2);
    await tick();
    tb.cancel();
    ta.cancel();
    ta.cancel(); // twice is harmless
    await tick();
    expect(log).toEqual(['start a', 'cancel a', 'start c']);
    expect(s.stats).toEqual({ waiting: 0, running: 1 });
  });

  it('ignores the cancel of a finished job', async () => {
    const log: string[] = [];
    const s = new RenderScheduler();
    const a = job('a', log);
    const t = s.schedule(a, 0);
    await tick();
    a.finish();
    await tick();
    t.cancel();
    expect(log).toEqual(['start a']);
    expect(s.stats).toEqual({ waiting: 0, running: 0 });
  });
});

const range = (first: number, last: number, direction: 1 | -1 = 1): VisibleRange => ({ first, last, mostVisible: first, direction });

describe('RenderScheduler holding pages back for a citation', () => {
  it("starts the other pages and the thumbnails once the citation's text is in, the next citation's page at once", async () => {
    const log: string[] = [];
    const s = new RenderScheduler(2);
    let textIn!: () => void;
    s.holdForCitation(new Promise<void>((r) => (textIn = r)));
    s.schedule(job('thumb', log), 1000, { background: true });
    s.schedule(job('ahead', log), 1);
    s.schedule(job('visible', log), 0);
    const next = job('next citation', log);
    s.schedule(next, -1);
    await tick();
    expect(log).toEqual(['start next citation']);
    next.finish();
    await tick();
    expect(log).toEqual(['start next citation']);
    textIn();
    await tick();
    // Then as ever: one page at a time, the best first (the thumbnail waits for the pages).
    expect(log).toEqual(['start next citation', 'start visible']);
  });

  it('tells whether pages build quickly from the last one, quick until one is known', () => {
    const s = new RenderScheduler();
    expect(s.quickBuilds).toBe(true);
    s.noteBuild(180);
    expect(s.quickBuilds).toBe(false);
    s.noteBuild(12);
    expect(s.quickBuilds).toBe(true);
  });

  it('lets go after its time limit, so a text that never comes holds nothing for good; a failed one lets go too', async () => {
    vi.useFakeTimers();
    try {
      const log: string[] = [];
      const s = new RenderScheduler(2);
      s.holdForCitation(new Promise(() => undefined), 500);
      s.schedule(job('thumb', log), 1000, { background: true });
      await vi.advanceTimersByTimeAsync(499);
      expect(log).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(log).toEqual(['start thumb']);
    } finally {
      vi.useRealTimers();
    }
    const log: string[] = [];
    const s = new RenderScheduler(2);
    s.holdForCitation(Promise.reject(new Error('no text')));
    s.schedule(job('ahead', log), 1);
    await tick();
    expect(log).toEqual(['start ahead']);
  });
});

describe('renderPriority', () => {
  it('ranks visible pages first, then the next page in the scroll direction, then the one behind', () => {
    const down = range(10, 11, 1);
    expect(renderPriority(10, down)).toBe(0);
    expect(renderPriority(11, down)).toBe(0);
    expect(renderPriority(12, down)).toBeLessThan(renderPriority(9, down));
    expect(renderPriority(9, down)).toBeLessThan(renderPriority(13, down));
    const up = range(10, 11, -1);
    expect(renderPriority(9, up)).toBeLessThan(renderPriority(12, up));
    // The page a jump went to paints before the other visible pages (centring its passage often shows the page
    // above), and only while it is visible.
    expect(renderPriority(11, down, 11)).toBeLessThan(renderPriority(10, down, 11));
    expect(renderPriority(13, down, 13)).toBe(renderPriority(13, down));
  });
});

describe('pagesToMount', () => {
  it('adds the pages ahead in the scroll direction and behind it to the visible ones, as many as asked', () => {
    expect([...pagesToMount(range(10, 11, 1), 100, 1, 0)]).toEqual([10, 11, 12]);
    expect([...pagesToMount(range(10, 11, -1), 100, 1, 0)]).toEqual([9, 10, 11]);
    expect([...pagesToMount(range(10, 11, 1), 100, 1, 1)]).toEqual([9, 10, 11, 12]);
    // Clamped to the document.
    expect([...pagesToMount(range(1, 1, -1), 1, 1, 0)]).toEqual([1]);
  });
});

describe('aheadDirection', () => {
  it('follows the last move, and keeps it while the view stands still', () => {
    expect(aheadDirection({ first: 40, last: 41 }, 100, 250)).toBe(1);
    expect(aheadDirection({ first: 40, last: 41 }, 100, -250)).toBe(-1);
    expect(aheadDirection({ first: 40, last: 41 }, 100, 0, -1)).toBe(-1);
    expect(aheadDirection({ first: 40, last: 41 }, 100, 0)).toBe(1);
  });

  it('at either end of the document renders the only neighbour there is, as pdf.js does', () => {
    // A jump back to page 1 moved up, but there is nothing above it: the page below is drawn ahead.
    expect(aheadDirection({ first: 1, last: 2 }, 100, -90_000, -1)).toBe(1);
    expect(pagesToMount({ first: 1, last: 2, mostVisible: 1, direction: aheadDirection({ first: 1, last: 2 }, 100, -90_000) }, 100, 1, 0)).toEqual(
      new Set([1, 2, 3]),
    );
    // A jump to the last page moved down: the page above it is drawn ahead.
    expect(aheadDirection({ first: 100, last: 100 }, 100, 90_000, 1)).toBe(-1);
    expect(renderPriority(99, { first: 100, last: 100, mostVisible: 100, direction: -1 })).toBe(1);
    // The whole document in view: nothing is ahead, the last move stays.
    expect(aheadDirection({ first: 1, last: 3 }, 3, -10, 1)).toBe(-1);
  });
});

describe('hasTextLayer', () => {
  it('gives a text layer to the visible pages and two pages on each side, not to a kept page farther away', () => {
    const r = range(10, 11, 1);
    const withText = [];
    for (let p = 1; p <= 20; p++) if (hasTextLayer(renderPriority(p, r))) withText.push(p);
    expect(withText).toEqual([8, 9, 10, 11, 12, 13]);
    // A citation's page (priority -1) always has one: its quote highlight and selection are what the reader came for.
    expect(hasTextLayer(renderPriority(11, r, 11))).toBe(true);
  });
});

describe('keepPainted', () => {
  it('keeps at most max(10, 2 × visible + 1) painted pages, dropping the least recently seen', () => {
    let order: number[] = [];
    for (let p = 1; p <= 30; p++) order = keepPainted(order, range(p, p), p);
    expect(order).toHaveLength(10);
    expect(order).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(keptLimit(range(1, 8))).toBe(17);
  });

  it('never drops a visible page, and counts visible pages as just seen', () => {
    let order = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    // Page 1 is on screen again: it becomes the most recent, so a new page pushes out page 2 instead.
    order = keepPainted(order, range(1, 1));
    order = keepPainted(order, range(1, 1), 11);
    expect(order).toContain(1);
    expect(order).not.toContain(2);
    expect(order).toHaveLength(10);
  });
});
