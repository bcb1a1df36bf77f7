import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import type { Rotation } from '../../../core/coords/transform.ts';
import { pdfPageColors, type PageTheme } from './page-palette.ts';
import type { RenderScheduler, RenderTicket } from './render-scheduler.ts';

// One page drawn into a canvas of its own through the render queue: what PageCanvas shows, and what a citation jump
// starts early. A jump knows its page the moment it aims, while React mounts that page only after the scroll and a
// render or two (~6 ms): the drawing is asked of the worker at once and the page, once mounted, takes it over.

/**
 * Cap on canvas pixels (as pdf.js's maxCanvasPixels): at 400 % on a HiDPI screen a Letter page would need 31 M
 * pixels, 125 MB. Above the cap the bitmap is drawn at a lower resolution and stretched by CSS. Small devices (little
 * memory, a phone-sized screen) get a quarter of it.
 */
export function maxCanvasPixels(env: { deviceMemory?: number | undefined; screenPixels: number }): number {
  const small = (env.deviceMemory !== undefined && env.deviceMemory <= 4) || env.screenPixels <= 1_000_000;
  return small ? 4_194_304 : 16_777_216;
}

/** The bitmap's scale over CSS pixels: the device pixel ratio, lowered so the canvas stays under the cap. */
export function canvasOutputScale(cssWidth: number, cssHeight: number, dpr: number, maxPixels: number): number {
  return Math.min(dpr, Math.sqrt(maxPixels / Math.max(1, cssWidth * cssHeight)));
}

function currentMaxPixels(): number {
  const nav = navigator as Navigator & { deviceMemory?: number };
  return maxCanvasPixels({ deviceMemory: nav.deviceMemory, screenPixels: screen.width * screen.height });
}

export interface PageRenderSpec {
  scale: number;
  /** Absolute rotation: the page's /Rotate plus the user's extra rotation. */
  rotation: Rotation;
  theme: PageTheme;
}

export interface PageRender {
  readonly page: PDFPageProxy;
  readonly spec: PageRenderSpec;
  readonly canvas: HTMLCanvasElement;
  /** Settles when the canvas holds the page (rejects when cancelled or failed). */
  readonly done: Promise<void>;
  readonly ticket: RenderTicket;
  /**
   * Called when a request for the page's text slows its drawing least (at once if that time has come; never when the
   * drawing is cancelled first): with the drawing's own request while this viewer's pages build quickly
   * (RenderScheduler.quickBuilds), else once the worker has sent the whole drawing, or when it settles.
   */
  onTextTurn(listener: () => void): void;
}

function sameSpec(a: PageRenderSpec, b: PageRenderSpec): boolean {
  return a.scale === b.scale && a.rotation === b.rotation && a.theme === b.theme;
}

/** A page's canvas element. */
function pageCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  // The CSS size is the page element's size, so the bitmap always lines up with the text and highlight layers,
  // and an old bitmap (a zoom) is stretched to the new size until the sharp one replaces it.
  canvas.className = 'absolute inset-0 h-full w-full select-none';
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
}

/**
 * Sizes `canvas` for the page drawn as `spec` (at the device's pixel ratio, under the cap) and draws it; `prompt`: as
 * soon as the worker's drawing is in (drawPromptly), for a page the reader is waiting for.
 */
function drawPage(page: PDFPageProxy, spec: PageRenderSpec, canvas: HTMLCanvasElement, prompt = false): RenderTask {
  const viewport = page.getViewport({ scale: spec.scale, rotation: spec.rotation });
  const outputScale = canvasOutputScale(viewport.width, viewport.height, window.devicePixelRatio || 1, currentMaxPixels());
  canvas.width = Math.max(1, Math.floor(viewport.width * outputScale));
  canvas.height = Math.max(1, Math.floor(viewport.height * outputScale));
  const task = page.render({
    canvas,
    viewport,
    transform: outputScale !== 1 ? [outputScale, 0, 0, outputScale, 0, 0] : undefined,
    pageColors: pdfPageColors(spec.theme),
  });
  if (prompt) drawPromptly(task);
  return task;
}

/**
 * What pdf.js's render task keeps private and this file uses (drawPromptly, whenDrawingListed): pdfjs-dist is pinned,
 * and page-render.test.ts runs both on it.
 */
interface InternalRenderTask {
  _useRequestAnimationFrame?: unknown;
  operatorList?: { lastChunk?: unknown };
  operatorListChanged?: () => void;
}

function internalOf(task: RenderTask): InternalRenderTask | undefined {
  return (task as unknown as { _internalRenderTask?: InternalRenderTask })._internalRenderTask;
}

/**
 * Draws each part of the page as soon as the worker has sent it, instead of at the next animation frame, and yields
 * to the event loop between slices of a long drawing.
 *
 * pdf.js paces a drawing by animation frames: every chunk of the operator list is drawn in the frame after it arrives.
 * After a citation's click, the browser shows a frame as soon as the click's task ends (the scroll), and the worker's
 * drawing arrives just after that frame: the page then waited a whole frame (~16 ms) for the next one, although
 * nothing else was in the way. Drawn at once, a jump to a text page of bench-1000 was painted 17 ms (median of 30)
 * after the click instead of 21. pdf.js's own non-frame path continues in a microtask, which would draw a long page in
 * one task; each slice (pdf.js stops one after ~15 ms) yields to a task here, so input and frames get in.
 *
 * Only for the page a reader waits for (a citation's, a page asked for, page 1 on opening). Pages that scroll into
 * view keep pdf.js's pacing: drawn at once, far more of them painted during a fast scroll at device pixel ratio 2
 * (a blank page in 5 % of the frames instead of 70-90 %), and the frames were slower for it (p95 67 ms against
 * pdf.js's 50).
 *
 * The switch is not in pdf.js's public API (its print path uses it): pdfjs-dist is pinned and page-render.test.ts
 * runs this on it. Returns whether it took effect; without it the drawing is paced by frames, as before.
 */
export function drawPromptly(task: RenderTask): boolean {
  const internal = internalOf(task);
  if (!internal || typeof internal._useRequestAnimationFrame !== 'boolean') return false;
  internal._useRequestAnimationFrame = false;
  // Set from a continuation until the microtasks after it have run: a continuation asked for meanwhile comes from the
  // slice itself (pdf.js's time budget ran out), one asked for later from new data or loaded fonts.
  let inSlice = false;
  const run = (next: () => void) => {
    inSlice = true;
    next();
    queueMicrotask(() => (inSlice = false));
  };
  task.onContinue = (next: () => void) => (inSlice ? inNextTask(() => run(next)) : run(next));
  return true;
}

const nextTasks: (() => void)[] = [];
let taskChannel: MessageChannel | null = null;

/** Runs `fn` in a task of its own, without setTimeout's clamping to 4 ms when nested. */
function inNextTask(fn: () => void) {
  if (!taskChannel) {
    taskChannel = new MessageChannel();
    taskChannel.port1.onmessage = () => nextTasks.shift()?.();
  }
  nextTasks.push(fn);
  taskChannel.port2.postMessage(null);
}

/** Queues the page's drawing into a new canvas (sized only when its turn comes: a queued page holds no bitmap). */
export function startPageRender(page: PDFPageProxy, spec: PageRenderSpec, scheduler: RenderScheduler, priority: number, now = false): PageRender {
  const canvas = pageCanvas();
  const listeners: (() => void)[] = [];
  let textTurn = false;
  const markTextTurn = () => {
    if (textTurn) return;
    textTurn = true;
    for (const listener of listeners.splice(0)) listener();
  };
  let resolveDone: () => void = () => undefined;
  let rejectDone: (error: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  // Nobody may be listening yet (a render started early that is never taken): the failure is not unhandled.
  done.catch(() => undefined);
  // An attempt may be cancelled by the scheduler to make way for a citation's page and started again later; the
  // drawing fails as cancelled only when its owner cancels it.
  let drawing = false;
  let ownerCancelled = false;
  // Negative: the page the view was sent to (renderPriority), drawn promptly.
  let latestPriority = priority;
  const ticket = scheduler.schedule(
    {
      start: () => {
        const task = drawPage(page, spec, canvas, latestPriority < 0);
        drawing = true;
        const asked = performance.now();
        if (scheduler.quickBuilds) markTextTurn();
        whenDrawingListed(task, () => {
          scheduler.noteBuild(performance.now() - asked);
          markTextTurn();
        });
        task.promise.then(
          () => {
            drawing = false;
            markTextTurn();
            resolveDone();
          },
          (error: unknown) => {
            drawing = false;
            if (isCancelled(error) && !ownerCancelled) return;
            if (!isCancelled(error)) markTextTurn();
            rejectDone(error);
          },
        );
        return { done: task.promise, cancel: () => task.cancel() };
      },
    },
    priority,
    { now },
  );
  return {
    page,
    spec,
    canvas,
    done,
    ticket: {
      setPriority: (p) => {
        latestPriority = p;
        ticket.setPriority(p);
      },
      cancel: () => {
        ownerCancelled = true;
        ticket.cancel();
        // A job cancelled while it is not drawing (before its turn, or queued again) never settles through pdf.js.
        if (!drawing) rejectDone(Object.assign(new Error('Rendering cancelled'), { name: 'RenderingCancelledException' }));
      },
    },
    onTextTurn: (listener) => (textTurn ? listener() : listeners.push(listener)),
  };
}

/**
 * Calls `listener` (once) when pdf.js's worker has sent the task's whole operator list, what is left being the main
 * thread's painting. The worker is one thread: a page's text asked for while it still builds the drawing is
 * extracted between the drawing's slices, and on a page with images and many fonts that delays the drawing by half.
 * pdf.js tells its task of each chunk of the list (`operatorListChanged`, `lastChunk` on the last), but not in its
 * public API: pdfjs-dist is pinned, page-render.test.ts runs this on it, and without the hook it does nothing (the
 * drawing's end then stands in). Returns whether the hook is in.
 */
export function whenDrawingListed(task: RenderTask, listener: () => void): boolean {
  const internal = internalOf(task);
  const changed = internal?.operatorListChanged;
  if (!internal || typeof changed !== 'function') return false;
  let told = false;
  internal.operatorListChanged = () => {
    changed.call(internal);
    if (told || internal.operatorList?.lastChunk !== true) return;
    told = true;
    listener();
  };
  return true;
}

/**
 * Queues, as idle work, the worker's building of the page's drawing (its operator list) without drawing it: pdf.js
 * keeps a page's display list until page.cleanup(), and a later render() of the page draws from it with no request to
 * the worker, so a jump to the page costs only the painting. pdf.js fetches the display list only through render()
 * (getOperatorList() keeps its own, under another cache key): a render into a 1×1 canvas that lets no operation
 * through. The fonts the list needs load on the way.
 */
export function prepareDrawing(page: PDFPageProxy, scheduler: RenderScheduler, newCanvas = () => document.createElement('canvas')): RenderTicket {
  return scheduler.schedule({ start: () => buildDrawing(page, newCanvas) }, 0, { idle: true });
}

/**
 * The same, now and with no queue: the opening of a linked answer's document (pdf-preload.ts) has the worker build the
 * drawing of the page the viewer will show first while React still draws the viewer, which then paints it with no
 * request of its own.
 */
export function buildDrawing(page: PDFPageProxy, newCanvas = () => document.createElement('canvas')): { done: Promise<void>; cancel(): void } {
  const canvas = newCanvas();
  canvas.width = 1;
  canvas.height = 1;
  const task = page.render({ canvas, viewport: page.getViewport({ scale: 1 }), operationsFilter: () => false });
  const done = task.promise.finally(() => releaseCanvas(canvas));
  return { done, cancel: () => task.cancel() };
}

export function releaseCanvas(canvas: HTMLCanvasElement) {
  canvas.width = 0;
  canvas.height = 0;
  canvas.remove();
}

export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'RenderingCancelledException' || error.name === 'AbortException');
}

/**
 * Renders started ahead of their page (one viewer's): at most one at a time, the latest jump's. A page mounting with
 * the same drawing takes it; a newer one cancels the one nobody took.
 */
export class EarlyRenders {
  #pending: PageRender | null = null;

  start(page: PDFPageProxy, spec: PageRenderSpec, scheduler: RenderScheduler, priority: number): PageRender {
    this.clear();
    const render = startPageRender(page, spec, scheduler, priority, true);
    this.#pending = render;
    return render;
  }

  /** The early render of this page with this drawing, handed over (it is then the caller's to cancel). */
  take(page: PDFPageProxy, spec: PageRenderSpec): PageRender | null {
    const render = this.#pending;
    if (!render || render.page !== page || !sameSpec(render.spec, spec)) return null;
    this.#pending = null;
    return render;
  }

  clear(): void {
    const render = this.#pending;
    this.#pending = null;
    if (!render) return;
    render.ticket.cancel();
    if (!render.canvas.isConnected) releaseCanvas(render.canvas);
  }
}
