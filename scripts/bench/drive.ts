// The in-browser half of the viewer benchmark: one function per kind of session, each driving a page only through
// `window.__bench` v1 (+ the extensions in src/app/bench/bench-api.ts) and the probes, the same way for both viewers.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { BenchJumpResult, BenchWindow } from '../../src/app/bench/bench-api.ts';
import { WORKERS_IDLE_MS } from '../../src/features/viewer/document/worker-lifetime.ts';
import { heaps } from './cdp.ts';
import { probesScript, type ProbeWindow, type TimedEntry } from './probes.ts';

export type Viewer = 'citelens' | 'reference';

export interface Env {
  browser: Browser;
  /** Base URLs, ending in '/'. */
  citelens: string;
  reference: string;
  dpr: number;
  viewport: { width: number; height: number };
  scale: number;
  errors: string[];
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** `cited`: pages an answer cites (citelens's /bench `cited=`; pdf.js's viewer has no such notion). */
export function benchUrl(env: Env, viewer: Viewer, file: string, cited: readonly number[] = []): string {
  // No scale (0): citelens's /bench fits the width as the app does, and the reference takes pdf.js's 'page-width'.
  const q = `file=${encodeURIComponent(file)}${env.scale ? `&scale=${env.scale}` : ''}`;
  return viewer === 'citelens' ? `${env.citelens}bench?${q}${cited.length ? `&cited=${cited.join(',')}` : ''}` : `${env.reference}?${q}`;
}

export async function newSession(env: Env, label: string): Promise<Session> {
  // A fresh context per session: cold HTTP cache, fresh heap, for both viewers alike.
  const context = await env.browser.newContext({ viewport: env.viewport, deviceScaleFactor: env.dpr });
  const page = await context.newPage();
  page.on('pageerror', (e) => env.errors.push(`${label}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') env.errors.push(`${label} console: ${m.text()}`);
  });
  await page.addInitScript({ content: probesScript() });
  return { context, page };
}

export interface Blocking {
  longest: number;
  tbt: number;
  longestFrame: number;
}

/** Long tasks and long animation frames that overlap [from, to] (performance.now() of the page). */
export async function blocking(page: Page, from: number, to: number): Promise<Blocking> {
  const { longTasks, frames } = await page.evaluate(() => (window as unknown as ProbeWindow).__probes);
  const overlap = (e: TimedEntry) => e.start < to && e.start + e.duration > from;
  const tasks = longTasks.filter(overlap);
  return {
    longest: Math.max(0, ...tasks.map((t) => t.duration)),
    tbt: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
    longestFrame: Math.max(0, ...frames.filter(overlap).map((f) => f.duration)),
  };
}

export interface Opened extends Session {
  firstPaint: number;
  /** When the viewer can take a jump (`extra().readyAt`: citelens has the document, pdf.js's viewer its `pagesinit`). */
  readyAt: number;
  numPages: number;
  open: Blocking;
}

/** Navigate to the viewer page and wait for page 1 painted; "open" blocking spans navigation → first paint + 2 s. */
export async function openViewer(env: Env, viewer: Viewer, file: string, timeout: number, cited: readonly number[] = []): Promise<Opened> {
  const s = await newSession(env, viewer);
  try {
    await s.page.goto(benchUrl(env, viewer, file, cited), { waitUntil: 'commit' });
    await s.page.waitForFunction(() => !!(window as BenchWindow).__bench, null, { timeout, polling: 50 });
    const firstPaint = await s.page.evaluate(() => (window as BenchWindow).__bench!.firstPaint);
    const { numPages } = await s.page.evaluate(() => (window as BenchWindow).__bench!.loaded);
    const readyAt = await s.page.evaluate(() => Number((window as BenchWindow).__bench!.extra?.().readyAt));
    await s.page.waitForTimeout(2000);
    return { ...s, firstPaint, readyAt, numPages, open: await blocking(s.page, 0, firstPaint + 2000) };
  } catch (e) {
    await s.context.close();
    throw e;
  }
}

export interface Jumps {
  results: BenchJumpResult[];
  blocking: Blocking;
}

/** Jumps one after another, 300 ms apart (a reader's pace), each waited for up to `timeoutMs`. */
export async function jumps(page: Page, pages: number[], timeoutMs: number): Promise<Jumps> {
  const results: BenchJumpResult[] = [];
  for (const p of pages) {
    results.push(await page.evaluate(([n, t]) => (window as BenchWindow).__bench!.jumpTo(n!, { timeoutMs: t! }), [p, timeoutMs]));
    await page.waitForTimeout(300);
  }
  const from = results[0]!.t0;
  const to = results.at(-1)!.end;
  return { results, blocking: await blocking(page, from, to) };
}

/**
 * `settled` (every page's size known, performance.now() since navigation) if it has resolved by now, else null: read
 * after the jumps, so it costs the run no waiting.
 */
export function settledSoFar(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const settled = (window as BenchWindow).__bench?.settled;
    return settled ? Promise.race([settled, new Promise<null>((resolve) => setTimeout(() => resolve(null), 0))]) : null;
  });
}

export interface Scroll {
  frameP95: number;
  blankShare: number;
  frames: number;
}

/** Scroll from page `from` through `count` pages in `ms`, one step per animation frame; frame times and blank frames. */
export async function scrollThrough(page: Page, from: number, count: number, ms: number): Promise<Scroll> {
  return page.evaluate(
    async ([from, count, ms]) => {
      const api = (window as BenchWindow).__bench!;
      const scroll = api.elements!().scroll!;
      const box = scroll.getBoundingClientRect();
      const pageEl = (n: number) => scroll.querySelector<HTMLElement>(`[data-page-number="${n}"]`);
      const y = (el: HTMLElement) => el.getBoundingClientRect().top - box.top + scroll.scrollTop;
      const start = pageEl(from!)!;
      const end = pageEl(from! + count!)!;
      const y0 = y(start);
      const y1 = y(end);
      scroll.scrollTop = y0;
      await new Promise((r) => setTimeout(r, 1000));
      // A frame is blank when a page in view shows no canvas (none yet, an empty one, or pdf.js's hidden one).
      const blank = (around: number) => {
        for (let n = Math.max(1, around - 3); n <= around + 3; n++) {
          const el = pageEl(n);
          if (!el) continue;
          const r = el.getBoundingClientRect();
          if (r.bottom <= box.top || r.top >= box.bottom) continue;
          const shown = Array.from(el.querySelectorAll('canvas')).some((c) => c.width > 0 && c.height > 0 && !c.hidden);
          if (!shown) return true;
        }
        return false;
      };
      const times: number[] = [];
      let blanks = 0;
      const t0 = performance.now();
      let last = t0;
      await new Promise<void>((resolve) => {
        const tick = (now: number) => {
          times.push(now - last);
          last = now;
          const f = Math.min(1, (now - t0) / ms!);
          if (blank(from! + Math.round(f * count!))) blanks++;
          scroll.scrollTop = y0 + (y1 - y0) * f;
          if (f < 1) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const sorted = times.slice(1).sort((a, b) => a - b);
      const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
      return { frameP95: p95, blankShare: blanks / Math.max(1, times.length), frames: times.length };
    },
    [from, count, ms],
  );
}

export interface Steady {
  canvases: number;
  canvasBytes: number;
  domNodes: number;
  heapMain: number;
  heapWorkers: number;
  workers: number;
}

export async function steadyFigures(browser: Browser, page: Page): Promise<Steady> {
  const dom = await page.evaluate(() => {
    const els = (window as BenchWindow).__bench?.elements?.();
    // Live canvases: main-viewer canvases with pixels (the whole page after closing, when the viewer is gone).
    const canvases = Array.from((els?.scroll ?? document).querySelectorAll('canvas')).filter((c) => c.width * c.height > 0);
    return {
      canvases: canvases.length,
      canvasBytes: canvases.reduce((s, c) => s + c.width * c.height * 4, 0),
      domNodes: els?.viewer ? els.viewer.getElementsByTagName('*').length + 1 : 0,
    };
  });
  const h = await heaps(browser, page);
  return { ...dom, heapMain: h.main, heapWorkers: h.workers, workers: h.workerCount };
}

/** How long after closing the figures are read: past the grace in which citelens keeps its workers for the next document. */
export const AFTER_CLOSE_MS = WORKERS_IDLE_MS + 1000;

/**
 * Scrolls the viewer from `from` to `to` (fractions of its scroll range) in `steps` steps `gapMs` apart, so that pages
 * along the way get their turn to draw.
 */
export async function scrollInSteps(page: Page, from: number, to: number, steps: number, gapMs: number): Promise<void> {
  for (let i = 1; i <= steps; i++) {
    await page.evaluate(
      (f) => {
        const el = (window as BenchWindow).__bench!.elements!().scroll!;
        el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
      },
      from + ((to - from) * i) / steps,
    );
    await page.waitForTimeout(gapMs);
  }
}

/** `count` far jumps, one after the other, each waited for: pages 397 apart (plus `shift`), around the document. */
export async function farJumps(page: Page, count: number, numPages: number, shift = 0): Promise<void> {
  for (let k = 1; k <= count; k++) {
    const p = ((k * 397 + shift) % numPages) + 1;
    await page.evaluate((n) => (window as BenchWindow).__bench!.jumpTo(n, { timeoutMs: 10_000 }), p);
  }
}

/** A full scroll (50 steps, 100 ms apart) and 20 jumps, then the steady state; then close, and the same again. */
export async function steadyState(
  browser: Browser,
  page: Page,
  numPages: number,
): Promise<{ after: Steady; closed: Steady; textPerPage: number; maxTextPerPage: number }> {
  await scrollInSteps(page, 0, 1, 50, 100);
  await page.evaluate((n) => (window as BenchWindow).__bench!.whenPageRendered(n, 20_000), numPages);
  await farJumps(page, 20, numPages);
  await page.waitForTimeout(1000);
  const after = await steadyFigures(browser, page);
  const extra = (await page.evaluate(() => (window as BenchWindow).__bench!.extra?.() ?? {})) as Record<string, number>;
  await page.evaluate(() => (window as BenchWindow).__bench!.close!());
  await page.waitForTimeout(AFTER_CLOSE_MS);
  const closed = await steadyFigures(browser, page);
  return {
    after,
    closed,
    textPerPage: extra.pagesRendered ? extra.textRequests! / extra.pagesRendered : Number.NaN,
    maxTextPerPage: extra.maxTextRequestsPerPage ?? Number.NaN,
  };
}

/** Whole-document text indexing: a quote-only search without a page hint for the last page's own line. */
export async function indexing(page: Page, quote: string, numPages: number): Promise<{ pagesPerSecond: number | null; blocking: Blocking }> {
  const r = await page.evaluate((q) => (window as BenchWindow).__bench!.findQuote!(q, { timeoutMs: 120_000 }), quote);
  const b = await blocking(page, r.t0, r.t0 + (r.ms ?? 120_000));
  return { pagesPerSecond: r.ms === null ? null : numPages / (r.ms / 1000), blocking: b };
}
