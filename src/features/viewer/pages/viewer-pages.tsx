import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { normalizeRotation, type PageFrame } from '../../../core/coords/transform.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { PageBlocks } from './page-blocks.tsx';
import { EarlyRenders } from '../render/page-render.ts';
import { paletteStyle, type PageTheme } from '../render/page-palette.ts';
import { computeLayout, PAGE_GAP, PAGE_PADDING, type PageLayout } from '../render/render-queue.ts';
import { RenderScheduler } from '../render/render-scheduler.ts';
import { locateService } from '../locate/locate-client.ts';
import { createTextCache } from '../text-layer/text-cache.ts';
import { FindLayer } from '../find/find-layer.tsx';
import { HighlightLabelContext } from '../highlights/highlight-label.ts';
import { useFindSearch } from '../find/use-find-search.ts';
import { usePointerZoom } from '../shortcuts/use-pointer-zoom.ts';
import { TargetStatus } from '../target/target-status.tsx';
import { useCitationCheck } from '../citation-checks.ts';
import { useKeptPages } from './use-kept-pages.ts';
import { usePageFrames } from './use-page-frames.ts';
import { useScrollGoal } from './use-scroll-goal.ts';
import { useLocatedTarget, useTargetNavigation } from '../target/use-target-navigation.ts';
import { useViewerHost } from '../viewer-host.tsx';
import { useVisiblePages } from './use-visible-pages.ts';
import { referenceFrame, useScale, useViewerStore, useViewerStoreApi } from '../viewer-store.ts';
import { selectPageLabels } from '../sidebar/sidebar-slice.ts';
import { useLabelledTarget } from '../target/use-labelled-target.ts';
import { usePreparedPages } from '../render/use-prepared-pages.ts';
import { usePreparedQuotes } from '../target/use-prepared-quotes.ts';
import { useWorkerCleanup } from '../render/use-worker-cleanup.ts';
import { citedPagesInOrder, type PageCitation } from '../../../core/pages/cited-pages.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';
import { liftFirstPageHold } from '../../../lib/first-page-hold.ts';

// The scroll container of one open document: every page as a placeholder, the pages near the viewport (and the
// last few painted) mounted, the target's highlights, and the scrolling that brings a page or a region into view.
// The work is in hooks beside this file: page sizes (use-page-frames), mounted pages (use-kept-pages), visible
// pages and anchoring (use-visible-pages), scroll goals (use-scroll-goal), the target (use-target-navigation).
// What it reports (the page on screen, its text cache, the target anchored) goes to the host (viewer-host.tsx).

interface ViewerPagesProps {
  pdf: PDFDocumentProxy;
  /** Page 1's proxy when the document's opening already fetched it: page 1 then draws from the first render. */
  firstPage?: PDFPageProxy | null | undefined;
  documentKey: string;
  /** The target when it belongs to this document, else null. */
  target: HighlightTarget | null;
  initialPage: number | undefined;
  /** A step through the regions asked for from outside (see PdfViewerProps.regionStep). */
  regionStep?: { delta: 1 | -1; seq: number } | null;
  /** The render queue, shared with the sidebar's thumbnails; a queue of its own when absent. */
  scheduler?: RenderScheduler;
  /** The answer's citations of this document: their pages are made ready to draw in the background. */
  citations?: readonly PageCitation[] | undefined;
}

export function ViewerPages(props: ViewerPagesProps) {
  const { pdf, firstPage, documentKey, target: givenTarget, initialPage, regionStep, scheduler: sharedScheduler } = props;
  const store = useViewerStoreApi();
  // Read while rendering: the pane is keyed by the document's address, so its last report (its cache going) keeps its id.
  const { emit, documentId } = useViewerHost();
  const scrollRef = useRef<HTMLDivElement>(null);
  /** The pages container: every page placeholder is positioned inside it. */
  const pagesRef = useRef<HTMLDivElement>(null);
  // Both come from the same opening of the document, so they change together.
  const textCache = useMemo(() => createTextCache(pdf, firstPage ? [firstPage] : []), [pdf, firstPage]);
  const [ownScheduler] = useState(() => new RenderScheduler());
  const scheduler = sharedScheduler ?? ownScheduler;
  const pageCount = pdf.numPages;
  // A citation by printed page label gets its physical page once this document's labels are read.
  const labels = useViewerStore(selectPageLabels);
  const target = useLabelledTarget(givenTarget, labels, pageCount);

  const scale = useScale();
  const rotation = useViewerStore((s) => s.rotation);
  const t = useTranslate();
  const storeFrames = useViewerStore((s) => s.frames);
  const storeKey = useViewerStore((s) => s.documentKey);
  // Until openDocument ran, the store may still hold the previous document's frames: never use them.
  const frames = storeKey === documentKey ? storeFrames : EMPTY_FRAMES;
  const activeRegion = useViewerStore((s) => s.activeRegion);
  const pageRequest = useViewerStore((s) => s.pageRequest);
  const pageTheme = useViewerStore((s) => s.pageTheme);

  // Handed out once per cache.
  useEffect(() => {
    emit({ kind: 'text-cache', documentId, cache: textCache });
    return () => emit({ kind: 'text-cache', documentId, cache: null });
  }, [emit, documentId, textCache]);

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
  // Every commit: the pages it mounted have queued their drawings in their own layout effects (children's run
  // first), so the best of them starts now, not after the renders React still does in this task (~10 ms on open).
  useLayoutEffect(() => scheduler.flush());
  // After useVisiblePages: its re-centring on a new layout runs first, then the pointer's anchor wins.
  usePointerZoom(scrollRef, pagesRef, layout, sync);
  useFindSearch(textCache);
  const { mounted, onPainted, anyPainted } = useKeptPages(range, pageCount, `${scale}:${rotation}`);
  // Once a page is on screen: the sidebar's thumbnails may start (selectPagesPainted), and the locator's worker,
  // ready for the first quote and the review's checks (a quote searched before then starts it itself). Neither is
  // in the way of the first paint.
  useEffect(() => {
    if (!anyPainted) return;
    store.getState().setPainted(documentKey);
    // What the page held back for page 1 (the review panel, the claims' checks) may load now.
    liftFirstPageHold();
    locateService();
  }, [anyPainted, store, documentKey]);
  const citations = props.citations ?? NO_CITATIONS;
  const citedPages = useMemo(() => citedPagesInOrder(citations, labels ?? null, pageCount), [citations, labels, pageCount]);
  const cleanups = useWorkerCleanup(textCache, scheduler);
  usePreparedPages(textCache, scheduler, citedPages, anyPainted, cleanups);
  usePreparedQuotes(textCache, citations, anyPainted);
  const onFrame = useCallback((page: number, frame: PageFrame) => store.getState().setFrame(page, frame, documentKey), [store, documentKey]);

  // Fit width fits the widest page on screen (a wider page among narrower ones is not cut at the pane's edge); a jump
  // fits the page it goes to first, so the highlight lands at its final scale. A smaller scale shows more pages, never
  // fewer, so the widest on screen stays the widest and a change settles at once.
  useEffect(() => {
    const pages: number[] = [];
    for (let p = range.first; p <= Math.min(range.last, range.first + MAX_FIT_PAGES - 1); p++) pages.push(p);
    if (pages.length > 0) store.getState().setFitPages(pages);
  }, [range.first, range.last, store]);
  useEffect(() => {
    store.getState().setCurrentPage(range.mostVisible);
    emit({ kind: 'page-changed', page: range.mostVisible });
  }, [range.mostVisible, store, emit]);

  // A jump to a page that is not mounted starts its drawing with the scroll to it (useScrollGoal's onGoal), before the
  // re-render that mounts the page (which then takes the drawing over): the worker is asked ~6 ms sooner. A mounted
  // page draws as it is.
  const [earlyRenders] = useState(() => new EarlyRenders());
  useEffect(() => () => earlyRenders.clear(), [earlyRenders]);
  const renderEarly = (page: number) => {
    const proxy = textCache.loadedPage(page);
    if (!proxy || mounted.has(page)) return;
    const spec = { scale, rotation: normalizeRotation(proxy.rotate + rotation), theme: pageTheme };
    earlyRenders.start(proxy, spec, scheduler, -2).onTextTurn(() => scheduler.holdForCitation(textCache.prefetchText(page)));
  };
  // The open citation's verdict from the page's checks; the reader may ask for a source's own boxes where they do not
  // hold its quote (the words found instead are drawn by default), for this citation only.
  const check = useCitationCheck(target?.sourceId);
  const [givenBoxesFor, setGivenBoxesFor] = useState<number | null>(null);
  const showGivenBoxes = !!target && givenBoxesFor === target.nonce;
  const toggleBoxes = useCallback(() => setGivenBoxesFor(showGivenBoxes ? null : (target?.nonce ?? null)), [showGivenBoxes, target]);
  const { current, goal: targetGoal } = useLocatedTarget(target, textCache, check, showGivenBoxes);
  const { aim, flashSeq, goalPage } = useScrollGoal({ scrollRef, pagesRef, layout, frames, scale, rotation, sync, targetGoal, onGoal: renderEarly });
  useEffect(() => {
    if (goalPage !== null) store.getState().setFitPages([goalPage]);
  }, [goalPage, store]);
  const regionRequest = useViewerStore((s) => s.regionRequest);
  const { passages, highlightsByPage } = useTargetNavigation({
    store,
    target,
    current,
    textCache,
    rotation,
    initialPage,
    pageRequest,
    regionStep,
    regionRequest,
    aim,
  });

  const markerKey = target?.markerKey ?? '';
  const highlightLabel = useMemo(() => ({ markerKey, regions: passages }), [markerKey, passages]);

  // The scroll goal's page and the highlighted pages need their size now (even when not mounted, to project the
  // boxes); every other page's is learned in the background once a page has painted.
  const wanted = useMemo(() => (goalPage ? [goalPage, ...highlightsByPage.keys()] : [...highlightsByPage.keys()]), [goalPage, highlightsByPage]);
  usePageFrames(store, documentKey, textCache, wanted, anyPainted);

  return (
    <div className="relative h-full">
      <div
        ref={scrollRef}
        data-viewer-scroll=""
        tabIndex={0}
        // A region, so its name is allowed (a div with no role may not carry aria-label) and it is a place to jump to.
        role="region"
        aria-label={t('viewer.pages')}
        className="h-full overflow-auto bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 [scrollbar-gutter:stable]"
      >
        <div
          ref={pagesRef}
          className="relative"
          data-page-theme={pageTheme}
          style={pagesStyle(layout, scale, pageTheme)}
        >
          <HighlightLabelContext value={highlightLabel}>
            <PageBlocks
              layout={layout}
              frames={frames}
              mounted={mounted}
              range={range}
              goalPage={goalPage}
              highlightsByPage={highlightsByPage}
              scale={scale}
              userRotation={rotation}
              textCache={textCache}
              scheduler={scheduler}
              earlyRenders={earlyRenders}
              onFrame={onFrame}
              onPainted={onPainted}
              sourceId={target?.sourceId ?? ''}
              activeRegion={activeRegion}
              flashKey={`${target?.nonce ?? 0}:${flashSeq}`}
            />
          </HighlightLabelContext>
          <FindLayer layout={layout} frames={frames} mounted={mounted} scale={scale} rotation={rotation} scrollRef={scrollRef} pagesRef={pagesRef} />
        </div>
      </div>
      <TargetStatus located={current} check={check} onToggleBoxes={toggleBoxes} />
    </div>
  );
}

/**
 * The pages container's size, and what pdf.js's TextLayer CSS reads (pdf_viewer.css sets these on each .page).
 * They are set once here and inherited by every page, not set on each of (maybe 1,000) placeholders. User unit is
 * not applied by our canonical transforms either, so both layers agree. The page palette's mark colours too.
 */
function pagesStyle(layout: PageLayout, scale: number, pageTheme: PageTheme): CSSProperties {
  return {
    ...paletteStyle(pageTheme),
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
/** The visible pages the fit modes look at, at most (a tiny zoom may show dozens). */
const MAX_FIT_PAGES = 12;

const NO_CITATIONS: readonly PageCitation[] = [];
