import { memo, useEffect, useState } from 'react';
import type { PageFrame, Rotation } from '../../../core/coords/transform.ts';
import type { PageHighlight } from '../highlights/highlight-layer.tsx';
import type { EarlyRenders } from '../render/page-render.ts';
import { PageView } from './page-view.tsx';
import { renderPriority, type PageLayout, type VisibleRange } from '../render/render-queue.ts';
import type { RenderScheduler } from '../render/render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { useAfterPagesPainted } from './use-after-pages-painted.ts';

// Every page has a placeholder, but a scroll step changes only a few of them (the mounted window moves by a page).
// Re-rendering 1,000 placeholder elements per scroll step is wasted work (and ~300 ms per step in React's dev
// build), so pages are grouped in blocks that re-render only when something about their own pages changed.
//
// Opening a document must not cost time proportional to its page count either: creating, styling and laying out
// 1,000 placeholders in the task that shows the document was its longest task (~220 ms, 2 cores). So the first
// render has only the blocks the user can see (the mounted pages' and the highlighted pages'); the others are
// added a few at a time in later tasks, when the main thread is idle and a page has painted (the idle moments
// while page 1 draws are pdf.js's: 100 placeholders each cost it a few ms). The scroll height is the layout's from the
// start, so a block that is not there yet changes nothing the user can see or scroll to.

const BLOCK_SIZE = 100;
/** Blocks added per background step: 100 placeholders, a couple of ms. */
const BLOCKS_PER_STEP = 1;

interface SharedProps {
  layout: PageLayout;
  frames: ReadonlyMap<number, PageFrame>;
  mounted: ReadonlySet<number>;
  range: VisibleRange;
  /** The page the view was last sent to (a citation's, a page request's): it paints before the other visible pages. */
  goalPage: number | null;
  highlightsByPage: ReadonlyMap<number, PageHighlight[]>;
  scale: number;
  userRotation: Rotation;
  textCache: DocumentTextCache;
  scheduler: RenderScheduler;
  earlyRenders: EarlyRenders;
  onFrame(page: number, frame: PageFrame): void;
  /** A page's canvas finished painting (the kept-pages buffer counts it). */
  onPainted(page: number): void;
  sourceId: string;
  activeRegion: number;
  flashKey: string;
}

export function PageBlocks(props: SharedProps) {
  const count = props.layout.count;
  const blockCount = Math.ceil(count / BLOCK_SIZE);
  // Blocks 0..filled-1 are always rendered; `filled` grows in the background until every block is.
  const [filled, setFilled] = useState(0);
  const fill = useAfterPagesPainted();
  useEffect(() => {
    if (!fill || filled >= blockCount) return;
    return whenIdle(() => setFilled((f) => f + BLOCKS_PER_STEP));
  }, [fill, filled, blockCount]);

  const needed = new Set<number>();
  for (const p of props.mounted) needed.add(blockOf(p));
  for (const p of props.highlightsByPage.keys()) needed.add(blockOf(p));

  const blocks = [];
  for (let b = 0; b < blockCount; b++) {
    if (b >= filled && !needed.has(b)) continue;
    const from = b * BLOCK_SIZE + 1;
    const to = Math.min(count, from + BLOCK_SIZE - 1);
    blocks.push(<PageBlock key={from} from={from} to={to} {...props} />);
  }
  return <>{blocks}</>;
}

function blockOf(page: number): number {
  return Math.floor((page - 1) / BLOCK_SIZE);
}

/** Runs `fn` in a task of its own once the main thread is idle (soon in any case); returns a cancel function. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 100 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/** The priority handed to a page that is not mounted (and does not draw). */
const UNMOUNTED = Number.POSITIVE_INFINITY;

interface PageBlockProps extends SharedProps {
  from: number;
  to: number;
}

const PageBlock = memo(function PageBlock(props: PageBlockProps) {
  const { from, to, layout, frames, mounted, range, highlightsByPage } = props;
  const blockTop = layout.tops[from - 1] ?? 0;
  const blockBottom = (layout.tops[to - 1] ?? 0) + (layout.heights[to - 1] ?? 0);
  const pages = [];
  for (let p = from; p <= to; p++) {
    const hasHighlights = highlightsByPage.has(p);
    const isMounted = mounted.has(p);
    pages.push(
      <PageView
        key={p}
        pageNumber={p}
        top={(layout.tops[p - 1] ?? 0) - blockTop}
        width={layout.widths[p - 1] ?? 0}
        height={layout.heights[p - 1] ?? 0}
        mounted={isMounted}
        // Only a mounted page draws, so only its priority is passed: every other page's changes with each scroll
        // step and jump, and would re-render all the block's placeholders for nothing.
        priority={isMounted ? renderPriority(p, range, props.goalPage) : UNMOUNTED}
        frame={frames.get(p)}
        scale={props.scale}
        userRotation={props.userRotation}
        textCache={props.textCache}
        scheduler={props.scheduler}
        earlyRenders={props.earlyRenders}
        onFrame={props.onFrame}
        onPainted={props.onPainted}
        highlights={highlightsByPage.get(p)}
        sourceId={hasHighlights ? props.sourceId : ''}
        activeRegion={hasHighlights ? props.activeRegion : -1}
        flashKey={hasHighlights ? props.flashKey : ''}
      />,
    );
  }
  // The block is a box of its own, and its pages are placed inside it: adding a block lays out its 100 pages, not
  // every page already there (the browser places all the positioned children of a box whenever it lays it out).
  return (
    <div className="viewer-page-block" style={{ top: blockTop, height: blockBottom - blockTop }}>
      {pages}
    </div>
  );
}, sameBlock);

/** Equal when nothing that any page of this block renders from has changed. */
function sameBlock(a: PageBlockProps, b: PageBlockProps): boolean {
  if (
    a.from !== b.from ||
    a.to !== b.to ||
    a.scale !== b.scale ||
    a.userRotation !== b.userRotation ||
    a.textCache !== b.textCache ||
    a.scheduler !== b.scheduler ||
    a.earlyRenders !== b.earlyRenders ||
    a.onFrame !== b.onFrame ||
    a.onPainted !== b.onPainted
  ) {
    return false;
  }
  let highlighted = false;
  for (let p = a.from; p <= a.to; p++) {
    const i = p - 1;
    if (a.layout.tops[i] !== b.layout.tops[i] || a.layout.heights[i] !== b.layout.heights[i] || a.layout.widths[i] !== b.layout.widths[i]) {
      return false;
    }
    if (a.frames.get(p) !== b.frames.get(p)) return false;
    const isMounted = a.mounted.has(p);
    if (isMounted !== b.mounted.has(p)) return false;
    if (isMounted && renderPriority(p, a.range, a.goalPage) !== renderPriority(p, b.range, b.goalPage)) return false;
    if (a.highlightsByPage.get(p) !== b.highlightsByPage.get(p)) return false;
    highlighted ||= a.highlightsByPage.has(p);
  }
  // What names and animates a highlight matters only to a block that shows one: a new citation (a new source id, a
  // new flash) re-renders its own pages' blocks, not the 5,000 placeholders of a long document.
  return !highlighted || (a.sourceId === b.sourceId && a.activeRegion === b.activeRegion && a.flashKey === b.flashKey);
}
