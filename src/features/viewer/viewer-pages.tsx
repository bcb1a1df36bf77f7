import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { boxesCenter, canonicalToView, type PageFrame } from '../../core/coords/transform.ts';
import type { Box } from '../../core/model/types.ts';
import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { PageHighlight } from './highlight-layer.tsx';
import { PageBlocks } from './page-blocks.tsx';
import { clampRegion } from './regions.ts';
import { computeLayout, pagesToMount, RenderScheduler, type PageLayout } from './render-queue.ts';
import { createTextCache, type DocumentTextCache } from './text-cache.ts';
import { FindLayer } from './find/find-layer.tsx';
import { useFindSearch } from './find/use-find-search.ts';
import { usePointerZoom } from './shortcuts/use-pointer-zoom.ts';
import { TargetStatus } from './target-status.tsx';
import { useTargetRects } from './use-target-rects.ts';
import { useVisiblePages } from './use-visible-pages.ts';
import { PAGE_GAP, PAGE_PADDING, referenceFrame, useScale, useViewerStore, useViewerStoreApi } from './viewer-store.ts';
import { selectPageLabels } from './sidebar-slice.ts';
import { useLabelledTarget } from './use-labelled-target.ts';

/** Breathing room left of a highlight brought into view horizontally. */
const H_MARGIN = 24;

// The scroll container of one open document: every page as a placeholder, the pages near the viewport mounted,
// the target's highlights, and the scrolling that brings a page or a highlight region into view.

/** Pages mounted beyond the visible ones, on each side. */
const MOUNT_BUFFER = 1;

interface ViewerPagesProps {
  pdf: PDFDocumentProxy;
  documentKey: string;
  /** The target when it belongs to this document, else null. */
  target: HighlightTarget | null;
  initialPage: number | undefined;
  onPageChange?(page: number): void;
  onRegionChange?(region: number): void;
  /** A step through the regions asked for from outside (see PdfViewerProps.regionStep). */
  regionStep?: { delta: 1 | -1; seq: number } | null;
  onTextCache?: ((cache: DocumentTextCache | null) => void) | undefined;
  onAnchored?: ((result: AnchorResult) => void) | undefined;
  /** The render queue, shared with the sidebar's thumbnails; a queue of its own when absent. */
  scheduler?: RenderScheduler;
}

/** What became of a target in this document: where its highlight was drawn, or that it was not located. */
export interface AnchorResult {
  sourceId: string;
  found: boolean;
  /** The locator's score (1 = exact); null for boxes the answer gave, and when not found. */
  score: number | null;
  /** The page of the first region; the hinted page when not found. */
  page: number;
}

/** Where to scroll next: a page's top, or a box centred in the viewport. */
interface ScrollGoal {
  page: number;
  box: Box | null;
  seq: number;
}

export function ViewerPages({ pdf, documentKey, target: givenTarget, initialPage, onPageChange, onRegionChange, regionStep, onTextCache, onAnchored, scheduler: sharedScheduler }: ViewerPagesProps) {
  const store = useViewerStoreApi();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** The pages container: every page placeholder is positioned inside it. */
  const pagesRef = useRef<HTMLDivElement>(null);
  const textCache = useMemo(() => createTextCache(pdf), [pdf]);
  const [ownScheduler] = useState(() => new RenderScheduler(2));
  const scheduler = sharedScheduler ?? ownScheduler;
  const pageCount = pdf.numPages;
  // A citation by printed page label gets its physical page once this document's labels are read.
  const target = useLabelledTarget(givenTarget, useViewerStore(selectPageLabels), pageCount);

  const scale = useScale();
  const rotation = useViewerStore((s) => s.rotation);
  const storeFrames = useViewerStore((s) => s.frames);
  const storeKey = useViewerStore((s) => s.documentKey);
  // Until openDocument ran, the store may still hold the previous document's frames: never use them.
  const frames = storeKey === documentKey ? storeFrames : EMPTY_FRAMES;
  const activeRegion = useViewerStore((s) => s.activeRegion);
  const pageRequest = useViewerStore((s) => s.pageRequest);

  // Handed out once per cache; the callback's identity may change every render, the cache does not.
  const onTextCacheRef = useRef(onTextCache);
  onTextCacheRef.current = onTextCache;
  useEffect(() => {
    onTextCacheRef.current?.(textCache);
    return () => onTextCacheRef.current?.(null);
  }, [textCache]);

  const onFrame = useCallback((page: number, frame: PageFrame) => store.getState().setFrame(page, frame), [store]);

  useLayoutEffect(() => {
    store.getState().openDocument(documentKey, pageCount);
    // Page 1's size is every unknown page's size: it is the only size fetched before pages come into view.
    let cancelled = false;
    textCache.getFrame(1).then(
      (frame) => !cancelled && store.getState().setFrame(1, frame),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [store, documentKey, pageCount, textCache]);

  // Fit modes follow the container size: a pane resize rescales, and highlights follow because they are projected.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => store.getState().setViewport(el.clientWidth, el.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [store]);

  const layout = useMemo(() => {
    const fallback = referenceFrame({ frames });
    return computeLayout(pageCount, (p) => frames.get(p) ?? fallback, scale, rotation, PAGE_PADDING, PAGE_GAP);
  }, [pageCount, frames, scale, rotation]);

  const { range, sync } = useVisiblePages(scrollRef, layout);
  // After useVisiblePages: its re-centring on a new layout runs first, then the pointer's anchor wins.
  usePointerZoom(scrollRef, pagesRef, layout, sync);
  useFindSearch(textCache);
  const mounted = useMemo(() => pagesToMount(range, pageCount, MOUNT_BUFFER), [range, pageCount]);

  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;
  useEffect(() => {
    store.getState().setCurrentPage(range.mostVisible);
    onPageChangeRef.current?.(range.mostVisible);
  }, [range.mostVisible, store]);

  // ---- target → rectangles → regions -------------------------------------------------------------------------
  const located = useTargetRects(target, textCache);
  const current = located.kind !== 'idle' && target && located.target.nonce === target.nonce ? located : null;
  const regions = current?.kind === 'found' ? current.rects : EMPTY_BOXES;

  // Reported once per settled target (found or not), for the embedding portal's `anchored` message.
  const onAnchoredRef = useRef(onAnchored);
  onAnchoredRef.current = onAnchored;
  useEffect(() => {
    if (!current || current.kind === 'locating') return;
    const { sourceId } = current.target;
    if (current.kind === 'found') onAnchoredRef.current?.({ sourceId, found: true, score: current.score, page: current.rects[0]?.page ?? 1 });
    else onAnchoredRef.current?.({ sourceId, found: false, score: null, page: current.page });
  }, [current]);

  const [goal, setGoal] = useState<ScrollGoal | null>(null);
  const goalSeq = useRef(0);
  const [flashSeq, setFlashSeq] = useState(0);
  const aim = useCallback((page: number, box: Box | null, flash = true) => {
    setGoal({ page, box, seq: ++goalSeq.current });
    if (box && flash) setFlashSeq((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!current || !target) return;
    if (current.kind === 'found') {
      const region = clampRegion(target.region, current.rects.length);
      store.getState().setActiveRegion(region);
      const box = current.rects[region];
      if (box) aim(box.page, box);
    } else if (current.kind === 'not-found') {
      aim(current.page, null);
    }
  }, [current, target, store, aim]);

  // A rotation moves the highlight to another part of the page (the centre anchor cannot follow it): bring the
  // active region back to the centre, without flashing again.
  const lastRotation = useRef(rotation);
  useEffect(() => {
    if (lastRotation.current === rotation) return;
    lastRotation.current = rotation;
    const box = regions[store.getState().activeRegion];
    if (box) aim(box.page, box, false);
  }, [rotation, regions, store, aim]);

  // Deep link: open the requested page once, when there is no target to show instead.
  const initialDone = useRef(false);
  useEffect(() => {
    if (initialDone.current) return;
    initialDone.current = true;
    if (!target && initialPage && initialPage > 1 && initialPage <= pageCount) aim(initialPage, null);
  }, [target, initialPage, pageCount, aim]);

  // Toolbar/keyboard page requests; one made for a previous document (before this one mounted) is not ours.
  const requestAtMount = useRef(store.getState().pageRequest?.seq);
  useEffect(() => {
    if (pageRequest && pageRequest.seq !== requestAtMount.current) aim(pageRequest.page, null);
  }, [pageRequest, aim]);

  const stepRegion = useCallback(
    (delta: number) => {
      const next = clampRegion(store.getState().activeRegion + delta, regions.length);
      store.getState().setActiveRegion(next);
      const box = regions[next];
      if (box) aim(box.page, box);
      onRegionChange?.(next);
    },
    [regions, store, aim, onRegionChange],
  );

  // A step asked for before this document mounted (or before its regions were found) is not replayed later.
  const stepAtMount = useRef(regionStep?.seq);
  const stepRef = useRef(stepRegion);
  stepRef.current = stepRegion;
  useEffect(() => {
    if (!regionStep || regionStep.seq === stepAtMount.current) return;
    stepAtMount.current = regionStep.seq;
    stepRef.current(regionStep.delta);
  }, [regionStep]);

  // Perform the scroll before paint, once the goal page's own size is known (its frame positions the box).
  const doneSeq = useRef(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !goal || goal.seq === doneSeq.current) return;
    const frame = frames.get(goal.page);
    if (!frame) {
      textCache.getFrame(goal.page).then((f) => store.getState().setFrame(goal.page, f), () => undefined);
      return;
    }
    doneSeq.current = goal.seq;
    const top = layout.tops[goal.page - 1] ?? 0;
    if (goal.box) {
      const centre = boxesCenter([goal.box], frame, scale, rotation);
      el.scrollTop = top + centre.y - el.clientHeight / 2;
      // Horizontally, move as little as needed to show the whole line fragment, and its start when it is wider than
      // the viewer: people read from the line's start, and centring a wide line would hide it.
      const view = canonicalToView(goal.box, frame, scale, rotation);
      // The page's own offset, from the layout (its element may not be in the DOM yet, see PageBlocks):
      // placeholders are centred, `left: calc(50% - width / 2)`, in the pages container.
      const pageLeft = (pagesRef.current?.clientWidth ?? 0) / 2 - (layout.widths[goal.page - 1] ?? 0) / 2;
      const left = pageLeft + view.left;
      const right = left + view.width;
      el.scrollLeft = Math.min(left - H_MARGIN, Math.max(el.scrollLeft, right + H_MARGIN - el.clientWidth));
    } else {
      el.scrollTop = top - PAGE_GAP / 2;
    }
    sync();
  }, [goal, frames, layout, scale, rotation, textCache, store, sync]);

  // ---- highlights per page ---------------------------------------------------------------------------------------
  const highlightsByPage = useMemo(() => {
    const map = new Map<number, PageHighlight[]>();
    regions.forEach((box, region) => {
      const list = map.get(box.page) ?? [];
      list.push({ box, region });
      map.set(box.page, list);
    });
    return map;
  }, [regions]);

  // Highlighted pages need their frame even when not mounted, to project the boxes.
  useEffect(() => {
    for (const page of highlightsByPage.keys()) {
      if (!frames.has(page)) textCache.getFrame(page).then((f) => store.getState().setFrame(page, f), () => undefined);
    }
  }, [highlightsByPage, frames, textCache, store]);

  return (
    <div className="relative h-full">
      <div
        ref={scrollRef}
        data-viewer-scroll=""
        tabIndex={0}
        aria-label="PDF pages"
        className="h-full overflow-auto bg-slate-100 outline-none [scrollbar-gutter:stable]"
      >
        <div
          ref={pagesRef}
          className="relative"
          style={pagesStyle(layout, scale)}
        >
          <PageBlocks
            layout={layout}
            frames={frames}
            mounted={mounted}
            range={range}
            highlightsByPage={highlightsByPage}
            scale={scale}
            userRotation={rotation}
            textCache={textCache}
            scheduler={scheduler}
            onFrame={onFrame}
            sourceId={target?.sourceId ?? ''}
            activeRegion={activeRegion}
            flashKey={`${target?.nonce ?? 0}:${flashSeq}`}
          />
          <FindLayer layout={layout} frames={frames} mounted={mounted} scale={scale} rotation={rotation} scrollRef={scrollRef} pagesRef={pagesRef} />
        </div>
      </div>
      <TargetStatus located={current} regionCount={regions.length} activeRegion={activeRegion} onStep={stepRegion} />
    </div>
  );
}

/**
 * The pages container's size, and what pdf.js's TextLayer CSS reads (pdf_viewer.css sets these on each .page).
 * They are set once here and inherited by every page, not set on each of (maybe 1,000) placeholders. User unit is
 * not applied by our canonical transforms either, so both layers agree.
 */
function pagesStyle(layout: PageLayout, scale: number): CSSProperties {
  return {
    height: layout.height,
    width: `max(100%, ${layout.maxWidth + 2 * PAGE_PADDING}px)`,
    '--scale-factor': String(scale),
    '--user-unit': '1',
    '--total-scale-factor': 'calc(var(--scale-factor) * var(--user-unit))',
    '--scale-round-x': '1px',
    '--scale-round-y': '1px',
  } as CSSProperties;
}

const EMPTY_FRAMES: ReadonlyMap<number, PageFrame> = new Map<number, PageFrame>();
const EMPTY_BOXES: Box[] = [];
