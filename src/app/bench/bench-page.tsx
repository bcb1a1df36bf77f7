import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentRef } from '../../core/model/types.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { PageCitation } from '../../core/pages/cited-pages.ts';
import { PdfViewer } from '../../features/viewer/pdf-viewer.tsx';
import type { AnchorResult, ViewerEvent } from '../../features/viewer/viewer-host.tsx';
import {
  BENCH_BOX,
  countWorkerRequests,
  createJump,
  createWaiter,
  inView,
  nextFrame,
  showsInk,
  summarizeCounts,
  type BenchApi,
  type BenchWindow,
} from './bench-api.ts';

// `/bench?file=URL[&cited=P,Q,…]` (served only with CITELENS_BENCH=1): the real PDF viewer alone (no answer pane),
// filling the window, as the app draws it (fit width, its sidebar as the pane's width decides), driven through
// `window.__bench` v1 (bench-api.ts) by scripts/bench-viewer.ts or anyone's harness. A diagnostic, not a target: the
// targets are the answer route's (scripts/bench.ts). The viewer has no hook for it: a page is painted when its canvas
// shows ink, a jump is a HighlightTarget with a new nonce (what a citation click hands the viewer; the highlight is a
// box, no quote search). `cited`: pages an answer would cite, which the viewer then prepares in the background as it
// does an answer's (use-prepared-pages.ts). `open=0`: no document until `__bench.open()` (nor any worker).

const DOC_ID = 'bench';

/** What the page's React tree tells the bench API, and how the API reaches back into it. */
interface Controller {
  connect(setTarget: (target: HighlightTarget | null) => void, setOpen: (open: boolean) => void): () => void;
  pageChanged(page: number): void;
  documentLoaded(numPages: number): void;
  anchored(result: AnchorResult): void;
}

/** The viewer's events the bench listens to. One document and no answer: nothing to switch to, no region to keep. */
function benchEvent(controller: Controller, event: ViewerEvent): void {
  switch (event.kind) {
    case 'page-changed':
      controller.pageChanged(event.page);
      return;
    case 'text-cache':
      if (event.cache) controller.documentLoaded(event.cache.pdf.numPages);
      return;
    case 'anchored':
      controller.anchored(event.result);
      return;
    case 'region-changed':
    case 'load-failed':
    case 'open-document':
    case 'step-region':
    case 'step-citation':
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

function createBench(): { api: BenchApi; controller: Controller } {
  const counts = countWorkerRequests();
  const waitFor = createWaiter();
  let nonce = 0;
  let resolveLoaded: (v: { numPages: number }) => void = () => undefined;
  /** Ready for a jump: the viewer has the document (`loaded`). */
  let readyAt = Number.NaN;
  const loaded = new Promise<{ numPages: number }>((resolve) => (resolveLoaded = resolve));
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
    },
    anchored: (result) => anchorWaiters.get(result.sourceId)?.(result),
  };
  const scroll = () => document.querySelector<HTMLElement>('[data-viewer-scroll]');
  const pageEl = (page: number) => scroll()?.querySelector(`[data-page-number="${page}"]`) ?? null;
  // A page's paint is what is on screen: its canvas shows the page (showsInk), read when first seen. The time it was
  // first seen is kept while the canvas stays (a page whose canvas was freed is not painted any more).
  const paintedAt = new Map<number, number>();
  const painted = (page: number) => {
    if (!showsInk(pageEl(page))) {
      paintedAt.delete(page);
      return null;
    }
    let at = paintedAt.get(page);
    if (at === undefined) paintedAt.set(page, (at = performance.now()));
    return at;
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
    jumpTo: createJump({ painted, textReady, jump }, waitFor),
    whenPageRendered: (page, timeoutMs = 30_000) => waitFor(() => painted(page), timeoutMs),
    currentPage: () => currentPage,
    numPages: () => numPages,
    extra: () => ({ ...summarizeCounts(counts), readyAt }),
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

/** `cited=P,Q`: one source citing those pages, under marker 1. */
function citationsOf(params: URLSearchParams): PageCitation[] {
  const pages = (params.get('cited') ?? '')
    .split(',')
    .map(Number)
    .filter((p) => Number.isInteger(p) && p > 0);
  return pages.length ? [{ sourceId: 'bench-cited', markers: ['1'], pages }] : [];
}

export function BenchPage() {
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const [bench] = useState(() => createBench());
  const [citations] = useState(() => citationsOf(params));
  const [target, setTarget] = useState<HighlightTarget | null>(null);
  // `open=0`: the page starts with no document (the heap before opening is measured there); `open()` opens it.
  const [open, setOpen] = useState(() => params.get('open') !== '0');
  const file = params.get('file');
  const [documents] = useState<DocumentRef[]>(() => (file ? [{ id: DOC_ID, title: 'Benchmark document', url: new URL(file, window.location.href).href }] : []));

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

  if (!file)
    return (
      <p className="p-4 text-sm">
        Add <code>?file=URL</code>.
      </p>
    );
  return (
    <div className="bench-page h-dvh w-full overflow-hidden">
      {/* The toolbar would take height from the scroll container, which must fill the window as pdf.js's does. */}
      <style>{'.bench-page [role="toolbar"][aria-label="PDF viewer controls"] { display: none; }'}</style>
      {open && (
        <PdfViewer documents={documents} documentId={DOC_ID} target={target} citations={citations} onEvent={(event) => benchEvent(bench.controller, event)} />
      )}
    </div>
  );
}
