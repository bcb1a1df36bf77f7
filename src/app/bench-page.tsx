import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentRef } from '../core/model/types.ts';
import type { HighlightTarget } from '../core/model/highlight-target.ts';
import type { PageCitation } from '../core/pages/cited-pages.ts';
import { dropFirstPage } from '../features/viewer/first-page-paint.ts';
import { PdfViewer } from '../features/viewer/pdf-viewer.tsx';
import type { InitialView } from '../features/viewer/viewer-store.ts';
import { PAGE_PAINTED_EVENT } from '../features/viewer/page-render.ts';
import type { AnchorResult } from '../features/viewer/viewer-pages.tsx';
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
} from './bench-api.ts';

// `/bench?file=URL&scale=S[&cited=P,Q,…]`: the real PDF viewer alone (no answer pane), filling the window, driven through
// `window.__bench` v1 (bench-api.ts) by scripts/bench.ts or anyone's harness. A jump is a HighlightTarget with a new
// nonce, exactly what a citation click hands the viewer; the highlight is a box (no quote search). Loaded lazily by
// main.tsx, so it costs the app's own first paint nothing. `scale` is CSS px per PDF point (1 = the zoom menu's
// 100 %); without it the viewer fits the width. `cited`: pages an answer would cite, which the viewer then prepares in
// the background as it does an answer's (use-prepared-pages.ts); without it no page is cited, as in pdf.js's viewer.
// `open=0`: no document until `__bench.open()` (nor any worker: bench-main.ts starts none then).

const DOC_ID = 'bench';
/** One document: nothing to switch to (a stable function, so the viewer's memoised toolbar is not redrawn per jump). */
const noDocumentChange = () => undefined;

/** What the page's React tree tells the bench API, and how the API reaches back into it. */
interface Controller {
  connect(setTarget: (target: HighlightTarget | null) => void, setOpen: (open: boolean) => void): () => void;
  pageChanged(page: number): void;
  documentLoaded(numPages: number): void;
  anchored(result: AnchorResult): void;
}

function createBench(params: URLSearchParams): { api: BenchApi; controller: Controller } {
  const counts = countWorkerRequests();
  const waitFor = createWaiter();
  let nonce = 0;
  let resolveLoaded: (v: { numPages: number }) => void = () => undefined;
  /** Ready for a jump: the viewer has the document (`loaded`). Page 1 may be on screen sooner (first-page-paint.ts). */
  let readyAt = Number.NaN;
  const loaded = new Promise<{ numPages: number }>((resolve) => (resolveLoaded = resolve));
  let resolveSettled: (t: number) => void = () => undefined;
  const settled = new Promise<number>((resolve) => (resolveSettled = resolve));
  let setTarget: (target: HighlightTarget | null) => void = () => undefined;
  let setOpen: (open: boolean) => void = () => undefined;
  let currentPage = 1;
  let numPages = 0;
  const anchorWaiters = new Map<string, (result: AnchorResult) => void>();
  const controller: Controller = {
    connect: (target, open) => {
      setTarget = target;
      setOpen = open;
      return () => {
        setTarget = () => undefined;
        setOpen = () => undefined;
      };
    },
    pageChanged: (page) => (currentPage = page),
    documentLoaded: (n) => {
      numPages = n;
      readyAt = performance.now();
      resolveLoaded({ numPages: n });
      watchSizes();
    },
    anchored: (result) => anchorWaiters.get(result.sourceId)?.(result),
  };
  // `settled`: the viewer marks its scroll container `data-sizes-known` once every page's size is known. Watched from
  // the moment the document is open (its sizes are learned after that, in the background), by an observer of that
  // one attribute, which no other change wakes, and let go once it is seen.
  let watching = false;
  function watchSizes() {
    if (watching) return;
    watching = true;
    const known = () => document.querySelector('[data-viewer-scroll][data-sizes-known]') !== null;
    if (known()) return resolveSettled(performance.now());
    const observer = new MutationObserver(() => {
      if (!known()) return;
      observer.disconnect();
      resolveSettled(performance.now());
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-sizes-known'] });
  }
  const scroll = () => document.querySelector<HTMLElement>('[data-viewer-scroll]');
  const pageEl = (page: number) => scroll()?.querySelector(`[data-page-number="${page}"]`) ?? null;
  // A page's paint is the viewer's own PAGE_PAINTED_EVENT (as the reference's is pdf.js's `pagerendered`), while
  // its canvas is still there (a page whose canvas was freed is not painted any more).
  const paintedAt = new Map<number, number>();
  document.addEventListener(PAGE_PAINTED_EVENT, (e) => {
    const { page, at } = (e as CustomEvent<{ page: number; at?: number }>).detail;
    paintedAt.set(page, at ?? performance.now());
  });
  const painted = (page: number) => {
    const at = paintedAt.get(page);
    if (at === undefined) return null;
    const canvas = pageEl(page)?.querySelector('canvas');
    return canvas && canvas.width > 0 && canvas.height > 0 ? at : null;
  };
  const highlighted = (page: number, sourceId: string) => {
    const mark = pageEl(page)?.querySelector(`[data-highlight][data-source-id="${sourceId}"]`) ?? null;
    return inView(mark, scroll());
  };
  const textReady = (page: number) => {
    const layer = pageEl(page)?.querySelector('.textLayer');
    return layer && layer.childElementCount > 0 && highlighted(page, 'bench') ? performance.now() : null;
  };
  const jump = (page: number) => {
    // Not painted now: only a paint after the start counts (an evicted page keeps its old time).
    if (painted(page) === null) paintedAt.delete(page);
    nonce += 1;
    const box = { page, ...BENCH_BOX };
    // At a click's priority: React renders a click's update in the click's own task, before the next frame. Set
    // from outside an event it would wait for a scheduler task, and a jump to a painted page could be timed at a
    // frame that does not show it yet.
    flushSync(() => setTarget({ sourceId: 'bench', markerKey: '1', documentId: DOC_ID, page, boxes: [box], nonce }));
  };
  const firstPaint = waitFor(() => painted(1), 10 * 60_000).then((t) => t ?? Number.NaN);
  const api: BenchApi = {
    version: 1,
    name: 'citelens',
    firstPaint,
    loaded,
    settled,
    jumpTo: createJump({ painted, textReady, jump }, waitFor),
    whenPageRendered: (page, timeoutMs = 30_000) => waitFor(() => painted(page), timeoutMs),
    currentPage: () => currentPage,
    numPages: () => numPages,
    extra: () => ({ ...summarizeCounts(counts), readyAt, scale: params.get('scale') ?? 'fit-width', scaleApplied: scaleApplied(params) }),
    findQuote: async (quote, { timeoutMs = 60_000 } = {}) => {
      nonce += 1;
      const sourceId = `bench-find-${nonce}`;
      const found = new Promise<AnchorResult>((resolve) => anchorWaiters.set(sourceId, resolve));
      const t0 = performance.now();
      setTarget({ sourceId, markerKey: '1', documentId: DOC_ID, quote, nonce });
      const result = await Promise.race([found, new Promise<null>((r) => setTimeout(() => r(null), timeoutMs))]);
      anchorWaiters.delete(sourceId);
      if (!result?.found) return { t0, ms: null };
      const t = await waitFor(() => (highlighted(result.page, sourceId) ? performance.now() : null), Math.max(1, timeoutMs - (performance.now() - t0)));
      return { t0, ms: t === null ? null : t - t0 };
    },
    close: async () => {
      setTarget(null); // a document opened again starts at page 1, not at the last jump
      setOpen(false);
      paintedAt.clear();
      await nextFrame();
      await nextFrame();
    },
    open: async () => {
      setOpen(true);
      const t = await waitFor(() => painted(1), 60_000);
      if (t === null) throw new Error('page 1 was not painted within 60 s of opening');
    },
    // Counted like the reference's: its scroll container and the pages in it (pdf.js's #viewerContainer). Our toolbar
    // (44 elements, hidden on this page) is left out, as the reference has none.
    elements: () => ({ scroll: scroll(), viewer: scroll() }),
  };
  return { api, controller };
}

/** The zoom the viewer was asked to start at took: the toolbar's Zoom menu (hidden here) shows it. */
function scaleApplied(params: URLSearchParams): boolean {
  const s = params.get('scale');
  if (!s) return true;
  const select = document.querySelector<HTMLSelectElement>('[data-viewer] select[aria-label="Zoom"]');
  return !!select && Number(select.value) === Number(s);
}

/**
 * `scale` from the URL, and no sidebar (the reference has none): the viewer starts that way, so its first render is
 * the one measured, as pdf.js's viewer is given its scale before its pages are laid out.
 */
function initialViewOf(params: URLSearchParams): InitialView {
  const scale = Number(params.get('scale'));
  return params.get('scale') && Number.isFinite(scale) && scale > 0 ? { scale, sidebar: false } : { sidebar: false };
}

/** `cited=P,Q`: one source citing those pages, under marker 1. */
function citationsOf(params: URLSearchParams): PageCitation[] {
  const pages = (params.get('cited') ?? '').split(',').map(Number).filter((p) => Number.isInteger(p) && p > 0);
  return pages.length ? [{ sourceId: 'bench-cited', markers: ['1'], pages }] : [];
}

export function BenchPage() {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const [bench] = useState(() => createBench(params));
  const [initialView] = useState(() => initialViewOf(params));
  const [citations] = useState(() => citationsOf(params));
  const [target, setTarget] = useState<HighlightTarget | null>(null);
  // `open=0`: the page starts with no document (the heap before opening is measured there); `open()` opens it.
  const [open, setOpen] = useState(() => params.get('open') !== '0');
  const file = params.get('file');
  const [documents] = useState<DocumentRef[]>(() =>
    file ? [{ id: DOC_ID, title: 'Benchmark document', url: new URL(file, window.location.href).href }] : [],
  );

  useEffect(() => {
    const { controller, api } = bench;
    const disconnect = controller.connect(setTarget, setOpen);
    const w = window as BenchWindow;
    w.__bench = api;
    return () => {
      disconnect();
      if (w.__bench === api) delete w.__bench;
    };
  }, [bench]);

  if (!file) return <p className="p-4 text-sm">Add <code>?file=URL</code> (and optionally <code>&amp;scale=1</code>).</p>;
  return (
    <div className="bench-page h-dvh w-full overflow-hidden">
      {/* The toolbar would take height from the scroll container, which must fill the window as pdf.js's does. */}
      <style>{'.bench-page [role="toolbar"][aria-label="PDF viewer controls"] { display: none; }'}</style>
      {open && (
        <PdfViewer
          documents={documents}
          documentId={DOC_ID}
          onDocumentChange={noDocumentChange}
          target={target}
          onPageChange={bench.controller.pageChanged}
          onTextCache={(_id, cache) => {
            if (cache) bench.controller.documentLoaded(cache.pdf.numPages);
          }}
          onAnchored={bench.controller.anchored}
          // Page 1 drawn before the viewer arrived (bench-main.ts) must not hide the viewer's account of a failure.
          onLoadFailed={dropFirstPage}
          warmLocator={false}
          initialView={initialView}
          citations={citations}
        />
      )}
    </div>
  );
}
