// The answer route benchmark's in-page probe, the same code in citelens's app and in the pdf.js reference page
// (page.addInitScript, before any page script): it reads only what is on screen, through the one markup both share
// (`[data-page-number="N"]` holding the page's canvas) and the highlight each draws. The product has no hook for it.
//
// A page counts as painted at the first animation frame at which its canvas in the viewer's scroll box shows ink (a
// dark pixel of a downscaled copy); a highlight as shown once it is in view on that painted page. Times are
// performance.now() at that frame's callback; a click's start is its `click` event's timeStamp (the input's time).
// `installRouteProbe` is sent as source text: it must not refer to anything outside its own body.

export interface Watch {
  /** The page had ink and was in view when the watch was armed (a page already drawn). */
  drawnAtStart: boolean;
  /** The start: the click's timeStamp after arming, or 0 (navigation) for a watch armed at load. */
  t0: number | null;
  painted: number | null;
  shown: number | null;
}

export interface TimedEntry {
  start: number;
  duration: number;
}

export interface RouteProbe {
  /** Every long task of the page's main thread since navigation (PerformanceObserver 'longtask'). */
  longTasks: TimedEntry[];
  /** Arms a watch of `page` (and its highlight when `highlight`), from the next click on (or from navigation). */
  arm(page: number, highlight: boolean, fromNavigation?: boolean): void;
  /** The armed watch's result once its page is painted (and highlighted), or at `timeoutMs` after arming. */
  result(timeoutMs: number): Promise<Watch>;
}

export type RouteProbeWindow = Window & { __route: RouteProbe };

export function installRouteProbe(armAtLoad: { page: number; highlight: boolean } | null): void {
  const SCROLLERS = '[data-viewer-scroll], #viewerContainer';
  const HIGHLIGHTS = '[data-highlight], [data-bench-highlight], .textLayer .highlight.selected';
  const sample = document.createElement('canvas');
  const visibleIn = (el: Element, box: DOMRect) => {
    const r = el.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1 && r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
  };
  const pageOf = (page: number) => {
    for (const scroller of document.querySelectorAll(SCROLLERS)) {
      const el = scroller.querySelector(`[data-page-number="${page}"]`);
      if (el) return { el, box: scroller.getBoundingClientRect() };
    }
    return null;
  };
  const inked = (canvas: HTMLCanvasElement) => {
    if (canvas.width === 0 || canvas.hidden || !canvas.isConnected) return false;
    sample.width = 64;
    sample.height = Math.max(1, Math.round((canvas.height * 64) / canvas.width));
    const ctx = sample.getContext('2d', { willReadFrequently: true });
    if (!ctx) return false;
    ctx.drawImage(canvas, 0, 0, sample.width, sample.height);
    const d = ctx.getImageData(0, 0, sample.width, sample.height).data;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 200 && d[i]! < 160) return true;
    return false;
  };
  /** `inView`: on screen in the scroll box; else drawn anywhere (a page kept drawn out of view counts as drawn). */
  const paintedNow = (page: number, inView = true) => {
    const p = pageOf(page);
    if (!p) return false;
    return Array.from(p.el.querySelectorAll('canvas')).some((c) => (!inView || visibleIn(c, p.box)) && inked(c));
  };
  const highlightedNow = (page: number) => {
    const p = pageOf(page);
    return !!p && Array.from(p.el.querySelectorAll(HIGHLIGHTS)).some((h) => visibleIn(h, p.box));
  };

  interface Armed {
    page: number;
    highlight: boolean;
    watch: Watch;
    armedAt: number;
    done: Promise<void>;
    finish(): void;
  }
  let armed: Armed | null = null;
  let frame = 0;
  const tick = () => {
    frame = 0;
    const a = armed;
    if (!a) return;
    const now = performance.now();
    if (a.watch.t0 !== null) {
      if (a.watch.painted === null && paintedNow(a.page)) a.watch.painted = now;
      if (a.watch.painted !== null && (!a.highlight || highlightedNow(a.page))) {
        a.watch.shown = now;
        a.finish();
        return;
      }
    }
    frame = requestAnimationFrame(tick);
  };
  const arm = (page: number, highlight: boolean, fromNavigation = false) => {
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const drawnAtStart = !fromNavigation && paintedNow(page, false);
    armed = { page, highlight, armedAt: performance.now(), done, finish, watch: { drawnAtStart, t0: fromNavigation ? 0 : null, painted: null, shown: null } };
    if (!frame) frame = requestAnimationFrame(tick);
  };
  window.addEventListener(
    'click',
    (e) => {
      if (armed && armed.watch.t0 === null && e.isTrusted) armed.watch.t0 = e.timeStamp;
    },
    true,
  );
  const longTasks: TimedEntry[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task timing: no entries, and the table shows 0.
  }
  const probe: RouteProbe = {
    longTasks,
    arm,
    result: async (timeoutMs) => {
      const a = armed;
      if (!a) throw new Error('no watch armed');
      const left = Math.max(1, timeoutMs - (performance.now() - a.armedAt));
      await Promise.race([a.done, new Promise((r) => setTimeout(r, left))]);
      if (armed === a) armed = null;
      return { ...a.watch };
    },
  };
  (window as unknown as RouteProbeWindow).__route = probe;
  if (armAtLoad) arm(armAtLoad.page, armAtLoad.highlight, true);
}

/** The init script: tsx's `__name` helper, then the probe, armed at load when `armAtLoad` is given. */
export function routeProbeScript(armAtLoad: { page: number; highlight: boolean } | null): string {
  return `(() => { globalThis.__name = (f) => f; const __name = globalThis.__name; (${installRouteProbe.toString()})(${JSON.stringify(armAtLoad)}); })();`;
}
