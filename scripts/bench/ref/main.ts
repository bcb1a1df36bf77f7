// The reference: pdf.js's own viewer components (PDFViewer + EventBus + PDFLinkService + PDFFindController) on the
// same PDF, at pdf.js's viewer's DEFAULT loading options (pdfjs-defaults.ts), exposing the
// same `window.__bench` v1 (src/app/bench/bench-api.ts) as citelens's /bench page: a jump is `scrollPageIntoView`, and the
// equivalent of our highlight is a div over the same box, added to the page when the jump starts.
//   /?file=URL&scale=S[&open=0]   (S in CSS px per PDF point, like /bench; pdf.js's own scale 1 is 4/3 of that;
//   open=0: no document until `__bench.open()`, as on /bench)
import * as pdfjsLib from 'pdfjs-dist';
import 'pdfjs-dist/web/pdf_viewer.css';
import {
  BENCH_BOX,
  countWorkerRequests,
  createJump,
  createWaiter,
  inView,
  nextFrame,
  summarizeCounts,
  type BenchApi,
  type BenchWindow,
} from '../../../src/app/bench/bench-api.ts';
import { markOver, type RefPageView } from './mark.ts';
import { pdfjsViewerDefaults } from './pdfjs-defaults.ts';

// pdf_viewer.mjs reads `globalThis.pdfjsLib` when it is evaluated, so it is imported only after this assignment.
(globalThis as unknown as { pdfjsLib: typeof pdfjsLib }).pdfjsLib = pdfjsLib;
pdfjsLib.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

// pdf.js's viewer's own defaults (the worker is pdf.js's own, from workerSrc above): not citelens's options, which
// turned auto-fetch off and made pdf.js's viewer look lighter and its every-page-size figure wrong.
const OPTIONS = pdfjsViewerDefaults(import.meta.env.BASE_URL);

async function main(): Promise<void> {
  const counts = countWorkerRequests();
  const { EventBus, PDFLinkService, PDFFindController, PDFViewer, FindState } = await import('pdfjs-dist/web/pdf_viewer.mjs');
  const params = new URLSearchParams(location.search);
  const file = params.get('file');
  if (!file) throw new Error('?file= is required');
  const container = document.getElementById('viewerContainer') as HTMLDivElement;

  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const findController = new PDFFindController({ eventBus, linkService });
  const viewer = new PDFViewer({ container, viewer: document.getElementById('viewer') as HTMLDivElement, eventBus, linkService, findController });
  linkService.setViewer(viewer);

  const rendered = new Map<number, number>();
  const textRendered = new Map<number, number>();
  eventBus.on('pagerendered', (e: { pageNumber: number }) => rendered.set(e.pageNumber, performance.now()));
  eventBus.on('textlayerrendered', (e: { pageNumber: number }) => textRendered.set(e.pageNumber, performance.now()));
  const scale = Number(params.get('scale'));
  eventBus.on('pagesinit', () => {
    // pdf.js's scale 1 draws a point as 96/72 CSS px; ours (and /bench's `scale`) as 1.
    viewer.currentScaleValue = scale > 0 ? String(scale * 0.75) : 'page-width';
  });
  let settle: (t: number) => void = () => undefined;
  const settled = new Promise<number>((resolve) => (settle = resolve));
  eventBus.on('pagesloaded', () => settle(performance.now()));
  // Ready for a jump: the viewer has laid out its pages (before that, scrollPageIntoView has nothing to scroll to).
  let readyAt = Number.NaN;
  eventBus.on('pagesinit', () => (readyAt = performance.now()));

  const waitFor = createWaiter();
  type PageView = RefPageView & { renderingState: number };
  const pageView = (page: number) => viewer.getPageView(page - 1) as PageView | undefined;
  // A page's paint is pdf.js's own `pagerendered`; one painted before (and still painted) counts as cached.
  const painted = (page: number) => {
    const view = pageView(page);
    const canvas = view?.div.querySelector('canvas');
    if (!view || view.renderingState !== 3 || !canvas || canvas.width === 0) return null;
    return rendered.get(page) ?? performance.now();
  };
  const highlightOf = (page: number) => pageView(page)?.div.querySelector<HTMLElement>('[data-bench-highlight]') ?? null;
  const textReady = (page: number) => {
    const t = textRendered.get(page);
    return t !== undefined && inView(highlightOf(page), container) ? performance.now() : null;
  };
  // The highlight: a div over the same box, in the page's own coordinates. pdf.js empties a page's div when it
  // renders it again, so the div is put back as soon as the page is drawn (as our viewer draws its highlight).
  const marks = new Map<number, HTMLDivElement>();
  const placeMark = (page: number) => {
    const view = pageView(page);
    const mark = marks.get(page);
    if (view && mark && !mark.isConnected) view.div.append(mark);
  };
  eventBus.on('pagerendered', (e: { pageNumber: number }) => placeMark(e.pageNumber));
  const jump = (page: number) => {
    const view = pageView(page);
    if (!view) return;
    if (view.renderingState !== 3) {
      // Not painted now: only what happens after the start counts (an evicted page keeps its old event times).
      rendered.delete(page);
      textRendered.delete(page);
    }
    for (const old of marks.values()) old.remove();
    marks.clear();
    const { mark, destArray } = markOver(view, [BENCH_BOX.x0, BENCH_BOX.y0, BENCH_BOX.x1, BENCH_BOX.y1]);
    viewer.scrollPageIntoView({ pageNumber: page, destArray });
    marks.set(page, mark);
    placeMark(page);
  };
  const jumpTo = createJump({ painted, textReady, jump }, waitFor);

  let numPages = 0;
  let loadedResolve: (v: { numPages: number }) => void = () => undefined;
  const loaded = new Promise<{ numPages: number }>((resolve) => (loadedResolve = resolve));
  const firstPaint = waitFor(() => rendered.get(1) ?? null, 10 * 60_000).then((t) => t ?? Number.NaN);
  let loadingTask: ReturnType<typeof pdfjsLib.getDocument> | null = null;

  const api: BenchApi = {
    version: 1,
    name: 'pdf.js viewer',
    firstPaint,
    loaded,
    settled,
    jumpTo,
    whenPageRendered: (page, timeoutMs = 30_000) => waitFor(() => painted(page), timeoutMs),
    currentPage: () => viewer.currentPageNumber,
    numPages: () => numPages,
    extra: () => ({ ...summarizeCounts(counts), readyAt }),
    findQuote: async (query, { timeoutMs = 60_000 } = {}) => {
      const t0 = performance.now();
      let found: (t: number) => void = () => undefined;
      const isFound = new Promise<number>((resolve) => (found = resolve));
      const onState = (e: { state: number }) => {
        if (e.state === FindState.FOUND) found(performance.now());
      };
      eventBus.on('updatefindcontrolstate', onState);
      // type "again" is what Enter in pdf.js's find bar sends: no typing debounce.
      eventBus.dispatch('find', {
        source: null,
        type: 'again',
        query,
        caseSensitive: false,
        entireWord: false,
        highlightAll: true,
        findPrevious: false,
        matchDiacritics: false,
      });
      const t = await Promise.race([isFound, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs))]);
      eventBus.off('updatefindcontrolstate', onState);
      if (t === null) return { t0, ms: null };
      const shown = await waitFor(
        () => (inView(container.querySelector('.textLayer .highlight.selected'), container) ? performance.now() : null),
        Math.max(1, timeoutMs - (performance.now() - t0)),
      );
      return { t0, ms: shown === null ? null : shown - t0 };
    },
    close: async () => {
      viewer.setDocument(null as never);
      linkService.setDocument(null, null);
      await loadingTask?.destroy();
      loadingTask = null;
      rendered.clear();
      textRendered.clear();
      for (const mark of marks.values()) mark.remove();
      marks.clear();
      await nextFrame();
      await nextFrame();
    },
    open: async () => {
      await openDocument();
      const t = await waitFor(() => painted(1), 60_000);
      if (t === null) throw new Error('page 1 was not painted within 60 s of opening');
    },
    elements: () => ({ scroll: container, viewer: container }),
  };
  (window as BenchWindow).__bench = api;

  // `open=0`: no document (nor worker: pdf.js starts one per loading task) until `__bench.open()`.
  if (params.get('open') !== '0') await openDocument();

  async function openDocument(): Promise<void> {
    const task = pdfjsLib.getDocument({ url: new URL(file!, location.href).href, ...OPTIONS });
    loadingTask = task;
    const pdf = await task.promise;
    numPages = pdf.numPages;
    loadedResolve({ numPages });
    viewer.setDocument(pdf);
    linkService.setDocument(pdf, null);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  document.body.dataset.error = String(e);
});
