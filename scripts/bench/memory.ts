// The bench's memory sessions (issue "Scale and speed", Memory): the heap before a document is opened and after it is
// closed, and memory while scrolling through a long document. Driven through `window.__bench` like the rest (drive.ts).
import type { BenchWindow } from '../../src/app/bench/bench-api.ts';
import { heaps } from './cdp.ts';
import { AFTER_CLOSE_MS, benchUrl, farJumps, newSession, openViewer, scrollInSteps, steadyFigures, type Env, type Steady, type Viewer } from './drive.ts';

export interface HeapCycles {
  /** Main + workers, in bytes, before any document was opened (the page and its code loaded). */
  before: number;
  /** The same after each open → scroll → jumps → close. */
  closed: number[];
}

/**
 * "After closing, the heap returns to where it was": the page starts with no document (`open=0`), then `cycles` times
 * opens the document, scrolls through it (20 steps, 100 ms apart), makes 5 far jumps and closes it; the JS heaps
 * (main + workers, after GC) are read before the first opening and after each closing.
 */
export async function heapCycles(env: Env, viewer: Viewer, file: string, numPages: number, cycles: number): Promise<HeapCycles> {
  const s = await newSession(env, viewer);
  try {
    await s.page.goto(`${benchUrl(env, viewer, file)}&open=0`);
    await s.page.waitForFunction(() => !!(window as BenchWindow).__bench, null, { polling: 50 });
    await s.page.waitForTimeout(AFTER_CLOSE_MS);
    const total = async () => {
      const h = await heaps(env.browser, s.page);
      return h.main + h.workers;
    };
    const before = await total();
    const closed: number[] = [];
    for (let c = 0; c < cycles; c++) {
      await s.page.evaluate(() => (window as BenchWindow).__bench!.open!());
      await scrollInSteps(s.page, 0, 1, 20, 100);
      await farJumps(s.page, 5, numPages, c * 101);
      await s.page.evaluate(() => (window as BenchWindow).__bench!.close!());
      await s.page.waitForTimeout(AFTER_CLOSE_MS);
      closed.push(await total());
    }
    return { before, closed };
  } finally {
    await s.context.close();
  }
}

export interface MemorySample {
  /** The page in view when the sample was read. */
  page: number;
  figures: Steady;
}

/**
 * "Scrolling through 5,000 pages leaves memory flat": from page 1 to the last, in `samples` legs of 50 scroll steps
 * 60 ms apart (so pages along the way are drawn), reading the live canvases, DOM nodes and heaps after each leg.
 */
export async function scrollMemory(env: Env, viewer: Viewer, file: string, samples: number, timeout: number): Promise<MemorySample[]> {
  const o = await openViewer(env, viewer, file, timeout);
  try {
    const out: MemorySample[] = [{ page: 1, figures: await steadyFigures(env.browser, o.page) }];
    for (let leg = 1; leg <= samples; leg++) {
      await scrollInSteps(o.page, (leg - 1) / samples, leg / samples, 50, 60);
      const page = await o.page.evaluate(() => (window as BenchWindow).__bench!.currentPage());
      await o.page.evaluate((n) => (window as BenchWindow).__bench!.whenPageRendered(n, 20_000), page);
      await o.page.waitForTimeout(500);
      out.push({ page, figures: await steadyFigures(env.browser, o.page) });
    }
    return out;
  } finally {
    await o.context.close();
  }
}
