// Code that runs INSIDE the benchmarked page (page.addInitScript, before any page script), identical for citelens and
// the pdf.js reference: long tasks and long animation frames, and a watcher for "page 1 painted" on any page (used
// for the app's own route, which has no window.__bench). `installProbes` is sent as source text, so it must not
// refer to anything outside its own body; `probesScript()` also defines the global `__name` helper that tsx
// (esbuild keepNames) inserts into transpiled functions, which every page.evaluate callback of the bench needs.

export interface TimedEntry {
  start: number;
  duration: number;
  /** long-animation-frame only: the part of it that blocked input. */
  blocking?: number;
}

export interface BenchProbes {
  longTasks: TimedEntry[];
  frames: TimedEntry[];
  /** performance.now() when a page-1 canvas first showed a page, or null. */
  firstCanvas: number | null;
}

export type ProbeWindow = Window & { __probes: BenchProbes };

export function installProbes(): void {
  const probes: BenchProbes = { longTasks: [], frames: [], firstCanvas: null };
  (window as unknown as ProbeWindow).__probes = probes;
  const observe = (type: string, into: TimedEntry[]) => {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const blocking = (e as PerformanceEntry & { blockingDuration?: number }).blockingDuration;
          into.push({ start: e.startTime, duration: e.duration, ...(blocking !== undefined && { blocking }) });
        }
      }).observe({ type, buffered: true });
    } catch {
      // Unsupported entry type: no entries, and the table shows 0.
    }
  };
  observe('longtask', probes.longTasks);
  observe('long-animation-frame', probes.frames);
  const probe = document.createElement('canvas');
  const tick = () => {
    const canvas = document.querySelector('[data-page-number="1"] canvas');
    if (canvas instanceof HTMLCanvasElement && canvas.width > 0 && canvas.isConnected && !canvas.hidden) {
      probe.width = 80;
      probe.height = Math.max(1, Math.round((canvas.height * 80) / canvas.width));
      const ctx = probe.getContext('2d', { willReadFrequently: true });
      if (ctx) {
        ctx.drawImage(canvas, 0, 0, probe.width, probe.height);
        const d = ctx.getImageData(0, 0, probe.width, probe.height).data;
        let dark = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 200 && d[i]! < 200) dark++;
        if (dark > 0) {
          probes.firstCanvas = performance.now();
          return;
        }
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The init script: the global `__name` helper, then `installProbes`. */
export function probesScript(): string {
  return `(() => { globalThis.__name = (f) => f; const __name = globalThis.__name; (${installProbes.toString()})(); })();`;
}
