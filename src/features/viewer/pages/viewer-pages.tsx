import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import type { PageFrame } from '../../../core/coords/transform.ts';
import type { HighlightTarget } from '../../../core/model/highlight-target.ts';
import { PageBlocks } from './page-blocks.tsx';
import { paletteStyle, type PageTheme } from '../render/page-palette.ts';
import { computeLayout, PAGE_GAP, PAGE_PADDING, type PageLayout } from '../render/render-queue.ts';
import { RenderScheduler } from '../render/render-scheduler.ts';
import { createTextCache } from '../text-layer/text-cache.ts';
import { FindLayer } from '../find/find-layer.tsx';
import { HighlightLabelContext } from '../highlights/highlight-label.ts';
import { useFindSearch } from '../find/use-find-search.ts';
import { usePointerZoom } from '../shortcuts/use-pointer-zoom.ts';
import { TargetStatus } from '../target/target-status.tsx';
import { useCitationCheck } from '../citation-checks.ts';
import { useKeptPages } from './use-kept-pages.ts';
import { useEarlyRenders } from './use-early-renders.ts';
import { usePagesView } from './use-pages-view.ts';
import { useFirstPaint, useTextCacheHandout, useViewportSize, useVisibleReports } from './use-page-reports.ts';
import { usePageFrames } from './use-page-frames.ts';
import { useScrollGoal } from './use-scroll-goal.ts';
import { useLocatedTarget, useTargetNavigation } from '../target/use-target-navigation.ts';
import { useViewerHost } from '../viewer-host.tsx';
import { useVisiblePages } from './use-visible-pages.ts';
import { referenceFrame, useViewerStoreApi } from '../viewer-store.ts';
import { useLabelledTarget } from '../target/use-labelled-target.ts';
import { useGivenBoxes } from '../target/use-given-boxes.ts';
import { usePreparedPages } from '../render/use-prepared-pages.ts';
import { usePreparedQuotes } from '../target/use-prepared-quotes.ts';
import { useWorkerCleanup } from '../render/use-worker-cleanup.ts';
import { citedPagesInOrder, type PageCitation } from '../../../core/pages/cited-pages.ts';
import { useTranslate } from '../../../i18n/use-translate.ts';

// The scroll container of one open document: every page as a placeholder, the pages near the viewport (and the
// last few painted) mounted, the target's highlights, and the scrolling that brings a page or a region into view.
// The work is in hooks beside this file: page sizes (use-page-frames), mounted pages (use-kept-pages), visible
// pages and anchoring (use-visible-pages), scroll goals (use-scroll-goal), what the pages report (use-page-reports),
// drawing a page ahead of a jump (use-early-renders), the target (use-target-navigation).
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
  const { labels, scale, rotation, frames, activeRegion, pageRequest, regionRequest, pageTheme } = usePagesView(documentKey);
  const target = useLabelledTarget(givenTarget, labels, pageCount);
  const t = useTranslate();

  useTextCacheHandout(emit, documentId, textCache);
  useViewportSize(scrollRef, store);

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
  useFirstPaint(anyPainted, store, documentKey);
  const citations = props.citations ?? NO_CITATIONS;
  const citedPages = useMemo(() => citedPagesInOrder(citations, labels ?? null, pageCount), [citations, labels, pageCount]);
  const cleanups = useWorkerCleanup(textCache, scheduler);
  usePreparedPages(textCache, scheduler, citedPages, anyPainted, cleanups);
  usePreparedQuotes(textCache, citations, anyPainted);
  const onFrame = useCallback((page: number, frame: PageFrame) => store.getState().setFrame(page, frame, documentKey), [store, documentKey]);

  useVisibleReports(range, store, emit);
  const { earlyRenders, renderEarly } = useEarlyRenders({ textCache, scheduler, mounted, scale, rotation, pageTheme });
  // The open citation's verdict from the page's checks, and the reader's choice of the source's own boxes.
  const check = useCitationCheck(target?.sourceId);
  const { showGivenBoxes, toggleBoxes } = useGivenBoxes(target);
  const { current, goal: targetGoal } = useLocatedTarget(target, textCache, check, showGivenBoxes);
  const { aim, flashSeq, goalPage } = useScrollGoal({ scrollRef, pagesRef, layout, frames, scale, rotation, sync, targetGoal, onGoal: renderEarly });
  useEffect(() => {
    if (goalPage !== null) store.getState().setFitPages([goalPage]);
  }, [goalPage, store]);
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
        <div ref={pagesRef} className="relative" data-page-theme={pageTheme} style={pagesStyle(layout, scale, pageTheme)}>
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

const NO_CITATIONS: readonly PageCitation[] = [];
