// Code that runs INSIDE the benchmarked page (installed with page.addInitScript before any page script), identical
// for citelens and the pdf.js reference viewer. `installProbes` is sent to the page as source text, so it must not
// refer to anything outside its own body; use `probesScript()`, which also defines the `__name` helper that tsx
// (esbuild keepNames) inserts into transpiled functions.

export interface LongTask {
  start: number;
  duration: number;
}

export interface BenchProbes {
  longTasks: LongTask[];
  /** `timeStamp` (performance.now() base) of every trusted click, in order. */
  clicks: number[];
  /** First time (performance.now(), i.e. ms since navigation start) each watched condition held. */
  marks: Record<string, number>;
  /** Whether a canvas shows a rendered page: mostly white with some dark pixels, and laid out (not hidden). */
  painted(canvas: Element | null): boolean;
  /** Whether an element has a non-empty box that intersects the window and its nearest scroll container. */
  inView(el: Element | null): boolean;
  /** Check `predicate` every animation frame from now on; store the first time it holds as marks[name]. */
  watch(name: string, predicate: () => boolean): void;
}

export type BenchWindow = Window & { __bench: BenchProbes };

export function installProbes(): void {
  const probe = document.createElement('canvas');
  const longTasks: LongTask[] = [];
  const clicks: number[] = [];
  const marks: Record<string, number> = {};
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // longtask unsupported: the figures will show no long tasks, the bench notes it.
  }
  window.addEventListener('click', (e) => { if (e.isTrusted) clicks.push(e.timeStamp); }, true);

  const painted = (canvas: Element | null): boolean => {
    if (!(canvas instanceof HTMLCanvasElement) || !canvas.isConnected || canvas.width === 0 || canvas.height === 0) return false;
    const r = canvas.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    // Never touch the page canvas's own context (that could fix its attributes); copy it, scaled, into a probe.
    const w = Math.min(canvas.width, 400);
    const h = Math.max(1, Math.round((canvas.height * w) / canvas.width));
    probe.width = w;
    probe.height = h;
    const ctx = probe.getContext('2d', { willReadFrequently: true });
    if (!ctx) return false;
    ctx.clearRect(0, 0, w, h);
    ctx.drawImage(canvas, 0, 0, w, h);
    const data = ctx.getImageData(0, 0, w, h).data;
    let light = 0;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 200) continue;
      const lum = (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      if (lum > 235) light++;
      else if (lum < 180) dark++;
    }
    return light > w * h * 0.5 && dark > 0;
  };

  const inView = (el: Element | null): boolean => {
    if (!el || !el.isConnected) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/(auto|scroll)/.test(s.overflowY)) {
        const c = p.getBoundingClientRect();
        return r.bottom > c.top && r.top < c.bottom && r.right > c.left && r.left < c.right;
      }
    }
    return true;
  };

  const watch = (name: string, predicate: () => boolean): void => {
    delete marks[name];
    const tick = () => {
      let ok = false;
      try {
        ok = predicate();
      } catch {
        ok = false;
      }
      if (ok) marks[name] = performance.now();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };

  const bench: BenchProbes = { longTasks, clicks, marks, painted, inView, watch };
  (window as unknown as BenchWindow).__bench = bench;
  // First paint of page 1, from navigation start: `[data-page-number="1"] canvas` is the page-1 canvas in both
  // citelens (the page element carries data-page-number) and pdf.js (div.page[data-page-number]).
  watch('firstPaint', () => painted(document.querySelector('[data-page-number="1"] canvas')));
  // When the page-1 element exists: the document is open and the page list laid out, before any rendering.
  watch('pageShell', () => document.querySelector('[data-page-number="1"]') !== null);
}

/** The init script: `installProbes` as source, with the esbuild `__name` helper it may reference. */
export function probesScript(): string {
  return `(() => { const __name = (f) => f; (${installProbes.toString()})(); })();`;
}
