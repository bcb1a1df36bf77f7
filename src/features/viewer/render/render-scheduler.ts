// A small priority scheduler for canvas renders: one page paints at a time, visible pages first, then the next page in
// the scroll direction (render-queue.ts renderPriority), the way pdf.js's PDFRenderingQueue renders the highest-priority
// view next. Without it, a fast scroll or a zoom on a dense document starts many heavy renders in parallel and the
// visible page paints last; with two at a time, a citation's target page waits for another page's paint.

export interface RenderJob {
  /**
   * Starts the work; the returned cancel must stop it (pdf.js RenderTask.cancel). May be called again after a cancel
   * the job's owner did not ask for (a citation's page preempted it): `done` is the one attempt's.
   */
  start(): { done: Promise<unknown>; cancel(): void };
}

export interface RenderTicket {
  setPriority(priority: number): void;
  /** Dequeues a waiting job, or cancels a running one. Safe to call more than once. */
  cancel(): void;
}

interface Entry {
  job: RenderJob;
  priority: number;
  seq: number;
  running: { cancel(): void } | null;
  finished: boolean;
  background: boolean;
  /** Work done ahead for later (a cited page's drawing, prepared): only while nothing else runs or waits. */
  idle: boolean;
  /** Cancelled to make way for a citation's page: queued again when its drawing has stopped. */
  preempted: boolean;
}

/** A page drawing the worker builds within this time is light: text pages take 5–25 ms, pages of scans 100 and more. */
const QUICK_BUILD_MS = 50;

export class RenderScheduler {
  readonly #slots: number;
  readonly #waiting: Entry[] = [];
  #seq = 0;
  #holds = 0;
  #lastBuildMs = 0;
  /** The jobs running: a page, and a thumbnail beside it. */
  readonly #active = new Set<Entry>();

  /**
   * `slots`: jobs running at once, pages and thumbnails together. Pages paint ONE at a time whatever the slots (a
   * page started early would hold back the page the user jumps to); a thumbnail may run beside a page.
   */
  constructor(slots = 2) {
    this.#slots = Math.max(1, slots);
  }

  /**
   * `background` jobs (thumbnails) never take the last free slot, and run only when no page job waits (they are
   * ranked after every page job), so a page that scrolls into view starts at once. `idle` jobs (work ahead: a cited
   * page's drawing prepared, use-prepared-pages.ts) run one at a time, only while nothing else runs or waits and nothing
   * holds the queue; any other job cancels a running one, which is queued again (the worker is one thread).
   */
  schedule(job: RenderJob, priority: number, options: { background?: boolean; idle?: boolean; now?: boolean } = {}): RenderTicket {
    const idle = options.idle === true;
    const entry: Entry = {
      job,
      priority,
      seq: this.#seq++,
      running: null,
      finished: false,
      background: options.background === true || idle,
      idle,
      preempted: false,
    };
    this.#waiting.push(entry);
    // A citation's page makes way for itself (see #preempt); any job that is not idle work makes idle work step aside.
    const citation = priority < 0 && !entry.background;
    if (!idle) this.#preempt((e) => e.idle || (citation && !e.background && e.priority >= 0));
    // Jobs are picked a microtask later, so that all the pages one render mounts compete by priority; a job that is
    // the point of the moment (a citation's page, `now`) starts at once when nothing is painting.
    if (options.now) this.#pump();
    else queueMicrotask(() => this.#pump());
    return {
      setPriority: (p) => {
        entry.priority = p;
      },
      cancel: () => {
        if (entry.finished) return;
        entry.finished = true;
        const i = this.#waiting.indexOf(entry);
        if (i >= 0) this.#waiting.splice(i, 1);
        // A running job's slot is released when its promise settles (a cancelled RenderTask rejects). One cancel per
        // attempt: pdf.js ends the drawing again on a second one, which throws once the owner has freed the canvas.
        if (!entry.preempted) entry.running?.cancel();
      },
    };
  }

  /**
   * Starts what may start now instead of a microtask later: for the end of a commit that mounted pages (they have
   * all been scheduled by then), whose microtask would otherwise wait for React's further renders in the same task.
   */
  flush(): void {
    this.#pump();
  }

  /**
   * Holds back every page but a citation's (priority < 0) and the thumbnails until `until` settles, or for `maxMs` at
   * most: for the citation's text, which the worker would otherwise extract between the slices of the next page's
   * drawing (on a complex page, by 300 ms and more). A page that is light to draw gives its text in a few ms.
   */
  holdForCitation(until: Promise<unknown>, maxMs = 1000): void {
    this.#holds++;
    let held = true;
    const end = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.#holds--;
      this.#pump();
    };
    const timer = setTimeout(end, maxMs);
    void until.then(end, end);
  }

  /** How long the worker took to build the last page's drawing (its whole operator list), from its request. */
  noteBuild(ms: number): void {
    this.#lastBuildMs = ms;
  }

  /**
   * Whether pages build quickly here (the last one under QUICK_BUILD_MS; true until one is known). A citation's text
   * is then asked with its drawing, and comes with the paint; on a document of slow pages (images, many fonts) it is
   * asked once the drawing is built, or the worker would build both at once and the drawing would come later.
   */
  get quickBuilds(): boolean {
    return this.#lastBuildMs < QUICK_BUILD_MS;
  }

  /** Jobs waiting and running, for tests and the benchmark page. */
  get stats(): { waiting: number; running: number } {
    return { waiting: this.#waiting.length, running: this.#active.size };
  }

  #pageRunning(): boolean {
    for (const entry of this.#active) if (!entry.background) return true;
    return false;
  }

  #pump(): void {
    while (this.#active.size < this.#slots && this.#waiting.length > 0) {
      // Highest priority (lowest number) first; ties in arrival order. The queue holds a handful of mounted
      // pages, so a linear scan is cheaper than keeping a heap ordered under priority changes.
      let bestIdx = 0;
      for (let i = 1; i < this.#waiting.length; i++) {
        if (before(this.#waiting[i]!, this.#waiting[bestIdx]!)) bestIdx = i;
      }
      const best = this.#waiting[bestIdx]!;
      // A page waits for the page being painted; a thumbnail waits while any page waits (`best` is then a page)
      // and never takes the last free slot.
      if (!best.background && this.#pageRunning()) break;
      if (best.background && this.#active.size >= this.#slots - 1) break;
      // `best` is idle only when nothing else waits: it still waits for whatever runs, a thumbnail included.
      if (best.idle && this.#active.size > 0) break;
      if (this.#holds > 0 && (best.background || best.priority >= 0)) break;
      this.#waiting.splice(bestIdx, 1);
      this.#run(best);
    }
  }

  /**
   * A citation's page does not wait for the page being painted (the jump's old neighbourhood, most often off screen
   * after it): that drawing is cancelled and queued again behind it. pdf.js keeps a cancelled page's operator list
   * coming for 100 ms, so a page that is still wanted and starts again soon reuses the worker's work. Idle work steps
   * aside the same way for any job.
   */
  #preempt(which: (entry: Entry) => boolean): void {
    for (const entry of this.#active) {
      // Not one its owner has cancelled already (it is only waiting for pdf.js to settle, its canvas maybe freed).
      if (!which(entry) || entry.preempted || entry.finished) continue;
      entry.preempted = true;
      entry.running?.cancel();
    }
  }

  #run(entry: Entry): void {
    this.#active.add(entry);
    const release = (requeue: boolean) => {
      this.#active.delete(entry);
      entry.running = null;
      // Preempted and still wanted (its owner has not cancelled it): back in the queue, to start again.
      if (requeue && entry.preempted && !entry.finished) {
        entry.preempted = false;
        this.#waiting.push(entry);
      } else {
        entry.finished = true;
      }
    };
    let started: { done: Promise<unknown>; cancel(): void };
    try {
      started = entry.job.start();
    } catch {
      release(false);
      return;
    }
    entry.running = started;
    void started.done.then(
      () => {
        release(false);
        this.#pump();
      },
      () => {
        release(true);
        this.#pump();
      },
    );
  }
}

/** Page jobs before background jobs, and those before idle ones; then the lower priority number; then arrival order. */
function before(a: Entry, b: Entry): boolean {
  if (a.background !== b.background) return !a.background;
  if (a.idle !== b.idle) return !a.idle;
  return a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq);
}
