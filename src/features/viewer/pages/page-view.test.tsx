// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { PDFPageProxy } from 'pdfjs-dist';
import { PageView } from './page-view.tsx';
import { RenderScheduler } from '../render/render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { ViewerStoreProvider, useViewerStoreApi, type ViewerStore } from '../viewer-store.ts';
import type { StoreApi } from 'zustand';
import { canvasOutputScale, EarlyRenders, maxCanvasPixels } from '../render/page-render.ts';

// The text layer draws through pdf.js, which jsdom cannot load: a stand-in that renders nothing.
vi.mock('react-pdf', () => ({
  pdfjs: {
    TextLayer: class {
      render() {
        return Promise.resolve();
      }
      cancel() {}
    },
  },
}));

afterEach(cleanup);

/** A page whose renders finish (or are cancelled) when the test says so, and which records cleanups. */
function fakePage() {
  const renders: { finish(): void; listAll(): void; cancelled: boolean; pageColors: unknown; framePaced(): boolean }[] = [];
  const page = {
    view: [0, 0, 612, 792],
    rotate: 0,
    getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale }),
    render: (params: { pageColors?: unknown }) => {
      let finish!: () => void;
      let fail!: (e: Error) => void;
      const promise = new Promise<void>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      // As pdf.js's RenderTask: its internal half is told of each chunk of the operator list (`operatorListChanged`),
      // which has `lastChunk` once the worker has sent all of it (page-render.ts, whenDrawingListed).
      // Paced by animation frames unless switched off (page-render.ts, drawPromptly).
      const internal = { operatorList: { lastChunk: false }, operatorListChanged: () => undefined as void, _useRequestAnimationFrame: true };
      const task = {
        _internalRenderTask: internal,
        promise,
        cancel: () => {
          entry.cancelled = true;
          fail(Object.assign(new Error('cancelled'), { name: 'RenderingCancelledException' }));
        },
      };
      const entry = {
        finish,
        listAll: () => {
          internal.operatorList.lastChunk = true;
          internal.operatorListChanged();
        },
        cancelled: false,
        pageColors: params.pageColors,
        framePaced: () => internal._useRequestAnimationFrame,
      };
      renders.push(entry);
      return task;
    },
    cleanup: vi.fn(() => true),
  };
  return { page, renders };
}

function fakeCache(page: unknown, loaded = false) {
  const getTextContent = vi.fn((_page: number) => Promise.resolve({ items: [], styles: {} }));
  const cache = {
    getPage: () => Promise.resolve(page as PDFPageProxy),
    loadedPage: () => (loaded ? (page as PDFPageProxy) : undefined),
    getTextContent,
    // The real cache asks the worker once per page, whichever of the two asks first.
    prefetchText: vi.fn((page: number) => getTextContent(page).then(() => undefined)),
    // As the real cache frees a page nobody keeps (text-cache.test.ts).
    freeDrawing: () => (page as { cleanup(): void }).cleanup(),
  } as unknown as DocumentTextCache;
  return { cache, getTextContent };
}

function renderPage(
  page: unknown,
  onPainted = vi.fn(),
  extra: { textCache?: DocumentTextCache; scheduler?: RenderScheduler; earlyRenders?: EarlyRenders; priority?: number } = {},
) {
  const props = {
    pageNumber: 3,
    top: 0,
    width: 612,
    height: 792,
    mounted: true,
    priority: extra.priority ?? 0,
    frame: undefined,
    scale: 1,
    userRotation: 0 as const,
    textCache: extra.textCache ?? fakeCache(page).cache,
    scheduler: extra.scheduler ?? new RenderScheduler(),
    earlyRenders: extra.earlyRenders,
    onFrame: vi.fn(),
    onPainted,
    highlights: undefined,
    sourceId: '',
    activeRegion: -1,
    flashKey: '',
  };
  const store: { current: StoreApi<ViewerStore> | null } = { current: null };
  function GrabStore() {
    store.current = useViewerStoreApi();
    return null;
  }
  const tree = (p: typeof props) => (
    <ViewerStoreProvider>
      <GrabStore />
      <PageView {...p} />
    </ViewerStoreProvider>
  );
  const result = render(tree(props));
  return {
    ...result,
    onPainted,
    store,
    /** Renders the page again with new props (the viewer scrolling, say). */
    update: (patch: Partial<typeof props>) => result.rerender(tree({ ...props, ...patch })),
  };
}

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('a mounted page', () => {
  it('reports its paint, and on unmount frees its canvas and cleans the page up', async () => {
    const { page, renders } = fakePage();
    const { container, unmount, onPainted } = renderPage(page);
    await flush();
    expect(renders).toHaveLength(1);
    renders[0]!.finish();
    await flush();
    expect(onPainted).toHaveBeenCalledWith(3);
    const canvas = container.querySelector('canvas')!;
    expect(canvas.width * canvas.height).toBeGreaterThan(0);
    unmount();
    expect(canvas.width * canvas.height).toBe(0);
    expect(page.cleanup).toHaveBeenCalledTimes(1);
  });

  it('cancels a render that has not painted when the page unmounts, and still cleans it up', async () => {
    const { page, renders } = fakePage();
    const { container, unmount, onPainted } = renderPage(page);
    await flush();
    unmount();
    await flush();
    expect(renders[0]!.cancelled).toBe(true);
    expect(onPainted).not.toHaveBeenCalled();
    expect(container.querySelector('canvas')).toBeNull();
    expect(page.cleanup).toHaveBeenCalledTimes(1);
  });
});

/** The text, asked for already, is laid out only once the drawing is on screen. */
async function expectTextAfterThePaint(container: HTMLElement, render: { finish(): void }) {
  expect(container.querySelector('.textLayer')).toBeNull();
  render.finish();
  await flush();
  expect(container.querySelector('canvas')).not.toBeNull();
  expect(container.querySelector('.textLayer')).not.toBeNull();
}

describe('text and drawing order', () => {
  it("asks for a citation's page text with its drawing, and lays the text out after the paint", async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page);
    // Another page is painting: this one waits its turn and must not ask the worker for anything meanwhile.
    const scheduler = new RenderScheduler();
    let release!: () => void;
    scheduler.schedule({ start: () => ({ done: new Promise<void>((r) => (release = r)), cancel: () => undefined }) }, -5);
    // Priority -1: the page a citation or a page request sent the view to.
    const { container } = renderPage(page, vi.fn(), { textCache: text.cache, scheduler, priority: -1 });
    await flush();
    expect(renders).toHaveLength(0);
    expect(text.getTextContent).not.toHaveBeenCalled();
    release();
    await flush();
    expect(renders).toHaveLength(1);
    expect(text.getTextContent).toHaveBeenCalledWith(3);
    await expectTextAfterThePaint(container, renders[0]!);
  });

  it('asks for it once the worker has built the drawing where pages build slowly (images, many fonts)', async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page);
    const scheduler = new RenderScheduler();
    scheduler.noteBuild(180);
    const { container } = renderPage(page, vi.fn(), { textCache: text.cache, scheduler, priority: -1 });
    await flush();
    expect(renders).toHaveLength(1);
    // The worker is still building the drawing: a text request now would be served between its slices.
    expect(text.getTextContent).not.toHaveBeenCalled();
    renders[0]!.listAll();
    expect(text.getTextContent).toHaveBeenCalledWith(3);
    await expectTextAfterThePaint(container, renders[0]!);
  });

  it("holds the other pages' drawings back until the citation's text is in", async () => {
    const { page, renders } = fakePage();
    let textArrives!: () => void;
    const text = fakeCache(page);
    vi.mocked(text.cache.prefetchText).mockImplementation(() => new Promise<void>((r) => (textArrives = r)));
    const scheduler = new RenderScheduler();
    renderPage(page, vi.fn(), { textCache: text.cache, scheduler, priority: -1 });
    await flush();
    renders[0]!.finish();
    await flush();
    const below = vi.fn(() => ({ done: new Promise<void>(() => undefined), cancel: () => undefined }));
    scheduler.schedule({ start: below }, 0);
    await flush();
    expect(below).not.toHaveBeenCalled();
    textArrives();
    await flush();
    expect(below).toHaveBeenCalledTimes(1);
  });

  it("gives way to a citation's page while it paints, then paints after it", async () => {
    const { page, renders } = fakePage();
    const scheduler = new RenderScheduler();
    const onPainted = vi.fn();
    const { container } = renderPage(page, onPainted, { textCache: fakeCache(page).cache, scheduler, priority: 0 });
    await flush();
    expect(renders).toHaveLength(1);
    let citationDone!: () => void;
    scheduler.schedule({ start: () => ({ done: new Promise<void>((r) => (citationDone = r)), cancel: () => undefined }) }, -2, { now: true });
    await flush();
    expect(renders[0]!.cancelled).toBe(true);
    expect(container.querySelector('canvas')).toBeNull();
    citationDone();
    await flush();
    expect(renders).toHaveLength(2);
    renders[1]!.finish();
    await flush();
    expect(container.querySelector('canvas')).not.toBeNull();
    expect(onPainted).toHaveBeenCalledTimes(1);
  });

  it("asks for a citation's page text when the drawing is done, if pdf.js never said the worker had sent it all", async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page);
    const scheduler = new RenderScheduler();
    scheduler.noteBuild(180);
    renderPage(page, vi.fn(), { textCache: text.cache, scheduler, priority: -1 });
    await flush();
    expect(text.cache.prefetchText).not.toHaveBeenCalled();
    renders[0]!.finish();
    await flush();
    // Asked as the citation's (which holds the page ahead back), not only by the text layer after the paint.
    expect(text.cache.prefetchText).toHaveBeenCalledWith(3);
  });

  it('asks for any other page text only once the page has painted, so the worker builds the drawing alone', async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page);
    const { container } = renderPage(page, vi.fn(), { textCache: text.cache, priority: 0 });
    await flush();
    expect(renders).toHaveLength(1);
    expect(text.getTextContent).not.toHaveBeenCalled();
    renders[0]!.finish();
    await flush();
    expect(text.getTextContent).toHaveBeenCalledTimes(1);
    expect(text.getTextContent).toHaveBeenCalledWith(3);
    expect(container.querySelector('.textLayer')).not.toBeNull();
  });

  it('drops the text layer of a painted page that scrolls farther than two pages away, keeping its canvas', async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page);
    const { container, update } = renderPage(page, vi.fn(), { textCache: text.cache, priority: 0 });
    await flush();
    renders[0]!.finish();
    await flush();
    expect(container.querySelector('.textLayer')).not.toBeNull();
    // Three pages below the viewport (priority 2 × 3 - 1): kept for its canvas only.
    update({ priority: 5 });
    await flush();
    expect(container.querySelector('.textLayer')).toBeNull();
    const canvas = container.querySelector('canvas')!;
    expect(canvas.width * canvas.height).toBeGreaterThan(0);
    // Coming back near: the layer is laid out again, with no second drawing, once the frame that shows the kept
    // canvas (and a highlight) has gone out: not in the task of the jump itself.
    update({ priority: 1 });
    await flush();
    expect(container.querySelector('.textLayer')).toBeNull();
    await act(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    await flush();
    expect(container.querySelector('.textLayer')).not.toBeNull();
    expect(renders).toHaveLength(1);
  });

  it('takes over the drawing a citation jump started before it mounted, instead of drawing twice', async () => {
    const { page, renders } = fakePage();
    const text = fakeCache(page, true);
    const scheduler = new RenderScheduler();
    const early = new EarlyRenders();
    early.start(page as unknown as PDFPageProxy, { scale: 1, rotation: 0, theme: 'paper' }, scheduler, -2);
    // Started at once, before any page mounted.
    expect(renders).toHaveLength(1);
    const onPainted = vi.fn();
    const { container } = renderPage(page, onPainted, { textCache: text.cache, scheduler, earlyRenders: early });
    await flush();
    expect(renders).toHaveLength(1);
    renders[0]!.finish();
    await flush();
    expect(onPainted).toHaveBeenCalledWith(3);
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
  });

  it('cancels an early drawing nobody took when the next jump starts another', () => {
    const a = fakePage();
    const b = fakePage();
    const scheduler = new RenderScheduler();
    const early = new EarlyRenders();
    early.start(a.page as unknown as PDFPageProxy, { scale: 1, rotation: 0, theme: 'paper' }, scheduler, -2);
    early.start(b.page as unknown as PDFPageProxy, { scale: 1, rotation: 0, theme: 'paper' }, scheduler, -2);
    expect(a.renders[0]!.cancelled).toBe(true);
    // A page at another zoom does not take it.
    expect(early.take(b.page as unknown as PDFPageProxy, { scale: 2, rotation: 0, theme: 'paper' })).toBeNull();
    expect(early.take(b.page as unknown as PDFPageProxy, { scale: 1, rotation: 0, theme: 'paper' })).not.toBeNull();
  });
});

describe('drawing pace', () => {
  it('draws the page the view was sent to as soon as its drawing is in; a page scrolled into view keeps pdf.js’s frames', async () => {
    const scrolled = fakePage();
    renderPage(scrolled.page, vi.fn(), { priority: 0 });
    await flush();
    expect(scrolled.renders[0]!.framePaced()).toBe(true);
    cleanup();

    const cited = fakePage();
    renderPage(cited.page, vi.fn(), { priority: -1 });
    await flush();
    expect(cited.renders[0]!.framePaced()).toBe(false);
  });

  it('draws promptly a queued page that became the goal before its turn came', async () => {
    const { page, renders } = fakePage();
    const scheduler = new RenderScheduler();
    let release!: () => void;
    scheduler.schedule({ start: () => ({ done: new Promise<void>((r) => (release = r)), cancel: () => undefined }) }, -5);
    const view = renderPage(page, vi.fn(), { scheduler, priority: 1 });
    await flush();
    view.update({ priority: -1 });
    release();
    await flush();
    expect(renders).toHaveLength(1);
    expect(renders[0]!.framePaced()).toBe(false);
  });
});

describe('night pages', () => {
  it('repaint the page with pdf.js page colours, keeping the white bitmap until the night one is ready', async () => {
    const { page, renders } = fakePage();
    const { container, store } = renderPage(page);
    await flush();
    expect(renders[0]!.pageColors).toBeUndefined();
    renders[0]!.finish();
    await flush();
    const white = container.querySelector('canvas');
    act(() => store.current!.getState().setPageTheme('night'));
    await flush();
    expect(renders).toHaveLength(2);
    expect(renders[1]!.pageColors).toEqual({ background: '#1a1b1e', foreground: '#dcdad5' });
    expect(container.querySelector('canvas')).toBe(white);
    renders[1]!.finish();
    await flush();
    expect(container.querySelectorAll('canvas')).toHaveLength(1);
    expect(container.querySelector('canvas')).not.toBe(white);
  });
});

describe('canvas size', () => {
  it('stays under the pixel cap at 400 % on a HiDPI screen, and is lower on small devices', () => {
    const max = maxCanvasPixels({ deviceMemory: 8, screenPixels: 2560 * 1440 });
    const w = 612 * 4;
    const h = 792 * 4;
    const s = canvasOutputScale(w, h, 2, max);
    expect(w * s * h * s).toBeLessThanOrEqual(max + 1);
    expect(s).toBeLessThan(2);
    // A normal zoom keeps the full device resolution.
    expect(canvasOutputScale(612, 792, 2, max)).toBe(2);
    expect(maxCanvasPixels({ deviceMemory: 2, screenPixels: 2560 * 1440 })).toBeLessThan(max);
    expect(maxCanvasPixels({ screenPixels: 390 * 844 })).toBeLessThan(max);
  });
});
