// `window.__bench`, version 1: the hooks through which any harness drives a viewer page the same way (issue "Scale
// and speed", docs/benchmarks.md). Shared, DOM-only, by citelens's /bench page (bench-page.tsx) and the pdf.js
// reference page (scripts/bench/ref), so both are timed by the very same waiting code; each page says only what
// "painted" and "text ready" mean for its own markup.

export interface BenchJumpResult {
  page: number;
  /** performance.now() when the jump started. */
  t0: number;
  /** performance.now() when the measurement ended (text ready, or the timeout). */
  end: number;
  /** t0 → the target page's canvas drawn; null on timeout. */
  paintMs: number | null;
  /** t0 → its text layer rendered and the highlight visible; null on timeout. */
  textMs: number | null;
  /** The page was already painted: it counts at the next animation frame. */
  cached: boolean;
}

export interface BenchApi {
  version: 1;
  name: string;
  /** performance.now() at which page 1's canvas was first seen showing the page (showsInk). */
  firstPaint: Promise<number>;
  loaded: Promise<{ numPages: number }>;
  /** Resolves when every page's size is known (when the viewer can tell). */
  settled?: Promise<number>;
  jumpTo(page: number, options?: { timeoutMs?: number }): Promise<BenchJumpResult>;
  whenPageRendered(page: number, timeoutMs?: number): Promise<number | null>;
  currentPage(): number;
  numPages(): number;
  extra?(): Record<string, unknown>;
  // Extensions used by scripts/bench.ts (not part of v1; a harness must not rely on them).
  /** A quote-only jump without a page hint (citelens: the locator; pdf.js: its find controller). ms to highlight. */
  findQuote?(quote: string, options?: { timeoutMs?: number }): Promise<{ t0: number; ms: number | null }>;
  /** Close the document (the viewer goes away); resolves two frames later. */
  close?(): Promise<void>;
  /** Open the document again after close(), or first with `open=0` in the URL; resolves once its page 1 is painted. */
  open?(): Promise<void>;
  /** The scroll container and the viewer element (whose DOM nodes are counted). */
  elements?(): { scroll: HTMLElement | null; viewer: Element | null };
}

export type BenchWindow = Window & { __bench?: BenchApi };

/** What one viewer page tells the shared code. Each returns a timestamp (performance.now()) or null when not yet. */
export interface BenchViewerHooks {
  painted(page: number): number | null;
  textReady(page: number): number | null;
  /** Start a jump as a citation click does. */
  jump(page: number): void;
}

type Waiter = { check: () => number | null; resolve: (t: number | null) => void; timer: number };

/** Waits on conditions, checked after every DOM change (a MutationObserver) and every animation frame. */
export function createWaiter(root: Node = document.documentElement) {
  const waiters = new Set<Waiter>();
  let frame = 0;
  const observer = new MutationObserver(() => run());
  const run = () => {
    for (const w of waiters) {
      let t: number | null;
      try {
        t = w.check();
      } catch {
        t = null;
      }
      if (t !== null) finish(w, t);
    }
  };
  const finish = (w: Waiter, t: number | null) => {
    waiters.delete(w);
    clearTimeout(w.timer);
    w.resolve(t);
    if (waiters.size === 0) {
      observer.disconnect();
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
  const tick = () => {
    run();
    frame = waiters.size > 0 ? requestAnimationFrame(tick) : 0;
  };
  return function waitFor(check: () => number | null, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const first = check();
      if (first !== null) return resolve(first);
      const w: Waiter = { check, resolve, timer: 0 };
      w.timer = window.setTimeout(() => finish(w, null), timeoutMs);
      if (waiters.size === 0) {
        observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['width', 'height', 'hidden'] });
        frame = requestAnimationFrame(tick);
      }
      waiters.add(w);
    });
  };
}

export const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/** The shared jump measurement: paint first, then text + highlight, both from the same t0. */
export function createJump(hooks: BenchViewerHooks, waitFor: ReturnType<typeof createWaiter>) {
  return async (page: number, options: { timeoutMs?: number } = {}): Promise<BenchJumpResult> => {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const cached = hooks.painted(page) !== null;
    const t0 = performance.now();
    hooks.jump(page);
    const painted = cached ? await nextFrame() : await waitFor(() => hooks.painted(page), timeoutMs);
    const left = Math.max(1, timeoutMs - (performance.now() - t0));
    const text = await waitFor(() => hooks.textReady(page), left);
    const textAt = text === null ? null : cached ? Math.max(text, painted ?? text) : text;
    return {
      page,
      t0,
      end: performance.now(),
      paintMs: painted === null ? null : painted - t0,
      textMs: textAt === null ? null : Math.max(0, textAt - t0),
      cached,
    };
  };
}

/**
 * Whether one of the page element's canvases shows the page: a dark pixel in a small copy of it (pdf.js's hidden and
 * empty canvases do not count). What "painted" means on both bench pages: read on screen, never told by the viewer.
 */
export function showsInk(pageEl: Element | null): boolean {
  for (const canvas of Array.from(pageEl?.querySelectorAll('canvas') ?? [])) {
    if (canvas.width === 0 || canvas.height === 0 || canvas.hidden || !canvas.isConnected) continue;
    const sample = document.createElement('canvas');
    sample.width = 48;
    sample.height = Math.max(1, Math.round((canvas.height * 48) / canvas.width));
    const ctx = sample.getContext('2d', { willReadFrequently: true });
    if (!ctx) continue;
    ctx.drawImage(canvas, 0, 0, sample.width, sample.height);
    const d = ctx.getImageData(0, 0, sample.width, sample.height).data;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 200 && d[i]! < 160) return true;
  }
  return false;
}

/** Whether an element's box meets its scroll container's visible box (and the window). */
export function inView(el: Element | null, container: Element | null): boolean {
  if (!el || !el.isConnected) return false;
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false;
  if (!container) return true;
  const c = container.getBoundingClientRect();
  return r.bottom > c.top && r.top < c.bottom && r.right > c.left && r.left < c.right;
}

export interface WorkerRequestCounts {
  /** pdf.js GetTextContent requests per page (1-based). */
  text: Map<number, number>;
  /** pdf.js GetOperatorList requests per page: renders (thumbnails included). */
  render: Map<number, number>;
}

/**
 * Counts the pdf.js worker requests the page sends (Worker.prototype.postMessage), the same way for both viewers and
 * without touching either: call before the first document is opened.
 */
let installedCounts: WorkerRequestCounts | null = null;

export function countWorkerRequests(): WorkerRequestCounts {
  if (installedCounts) return installedCounts;
  const counts: WorkerRequestCounts = { text: new Map(), render: new Map() };
  installedCounts = counts;
  const original = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postMessage(this: Worker, message: unknown, ...rest: unknown[]) {
    const m = message as { action?: unknown; data?: { pageIndex?: unknown } } | null;
    if (m && typeof m === 'object' && typeof m.data?.pageIndex === 'number') {
      const map = m.action === 'GetTextContent' ? counts.text : m.action === 'GetOperatorList' ? counts.render : null;
      map?.set(m.data.pageIndex + 1, (map.get(m.data.pageIndex + 1) ?? 0) + 1);
    }
    return (original as (...a: unknown[]) => void).call(this, message, ...rest);
  } as typeof Worker.prototype.postMessage;
  return counts;
}

/** Text requests per page that had one, for extra(): total, pages, and the most any page had. */
export function summarizeCounts(counts: WorkerRequestCounts): Record<string, number> {
  const text = [...counts.text.values()];
  return {
    textRequests: text.reduce((a, b) => a + b, 0),
    pagesWithText: text.length,
    maxTextRequestsPerPage: Math.max(0, ...text),
    renderRequests: [...counts.render.values()].reduce((a, b) => a + b, 0),
    pagesRendered: counts.render.size,
  };
}

/** The box every bench jump highlights (canonical: PDF points from the CropBox's top-left, y down): a line's worth near the top. */
export const BENCH_BOX = { x0: 72, y0: 112, x1: 400, y1: 140 } as const;
