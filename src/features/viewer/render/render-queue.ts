import type { PDFPageProxy } from 'pdfjs-dist';
import { displaySize, type PageFrame } from '../../../core/coords/transform.ts';

// The viewer's own render queue, in three parts:
//  1. Layout math (pure): where every page placeholder sits, which pages are visible, which to mount. Placeholders
//     are absolutely positioned from this layout, so the DOM and the math can never disagree and scrolling to a
//     page or a highlight is plain arithmetic, for 10 pages or 1,000.
//  2. The render priority of each page (renderPriority), which render-scheduler.ts draws by.
//  3. Which painted pages keep their canvas (pdf.js's PDFPageViewBuffer): the most recently seen few.

/** Space around and between pages in the scroll container, in CSS px (shared by layout and fit computations). */
export const PAGE_PADDING = 16;
export const PAGE_GAP = 12;

/** A pdf.js page's geometry, as the layout and the coordinate transforms take it. */
export function frameOf(page: PDFPageProxy): PageFrame {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
  return { view: [x0, y0, x1, y1], rotate: page.rotate };
}

export interface PageLayout {
  count: number;
  tops: Float64Array;
  heights: Float64Array;
  widths: Float64Array;
  /** Total scrollable height, padding included. */
  height: number;
  /** Widest page, for the content width (horizontal scrolling when zoomed in). */
  maxWidth: number;
}

export function computeLayout(count: number, frameOf: (page: number) => PageFrame, scale: number, rotation: number, padding: number, gap: number): PageLayout {
  const tops = new Float64Array(count);
  const heights = new Float64Array(count);
  const widths = new Float64Array(count);
  let y = padding;
  let maxWidth = 0;
  // Most pages share a frame object (every page not yet loaded borrows page 1's): size each distinct frame once.
  let lastFrame: PageFrame | null = null;
  let size = { width: 0, height: 0 };
  for (let i = 0; i < count; i++) {
    const frame = frameOf(i + 1);
    if (frame !== lastFrame) {
      size = displaySize(frame, scale, rotation);
      lastFrame = frame;
    }
    tops[i] = y;
    heights[i] = size.height;
    widths[i] = size.width;
    maxWidth = Math.max(maxWidth, size.width);
    y += size.height + (i < count - 1 ? gap : 0);
  }
  return { count, tops, heights, widths, height: y + padding, maxWidth };
}

/** Index of the last page whose top is <= y (binary search: O(log n) per scroll event). */
function pageIndexAt(layout: PageLayout, y: number): number {
  let lo = 0;
  let hi = layout.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((layout.tops[mid] ?? 0) <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface VisibleRange {
  /** 1-based, inclusive. */
  first: number;
  last: number;
  /** The page covering the largest share of the viewport: the "current page". */
  mostVisible: number;
  /** Where to render ahead (1 = down, the default; aheadDirection): the next page that way renders before the one behind. */
  direction?: 1 | -1;
}

/**
 * The side the next page renders on: the way the reader last moved (`moved`, a still position keeps `previous`),
 * except at either end of the document, where there is nothing that way: at page 1 the page below, at the last page
 * the page above (pdf.js's viewer does the same), so a jump back to the start or to the end still has its
 * neighbour drawn ahead.
 */
export function aheadDirection(found: Pick<VisibleRange, 'first' | 'last'>, count: number, moved: number, previous: 1 | -1 = 1): 1 | -1 {
  const atStart = found.first <= 1;
  const atEnd = found.last >= count;
  if (atStart && !atEnd) return 1;
  if (atEnd && !atStart) return -1;
  return moved > 0 ? 1 : moved < 0 ? -1 : previous;
}

export function visibleRange(layout: PageLayout, scrollTop: number, viewportHeight: number): VisibleRange {
  if (layout.count === 0) return { first: 1, last: 0, mostVisible: 1 };
  const bottom = scrollTop + Math.max(1, viewportHeight);
  const firstIdx = pageIndexAt(layout, scrollTop);
  let lastIdx = firstIdx;
  let best = firstIdx;
  let bestCover = -1;
  for (let i = firstIdx; i < layout.count; i++) {
    const top = layout.tops[i] ?? 0;
    if (top >= bottom) break;
    const cover = Math.min(bottom, top + (layout.heights[i] ?? 0)) - Math.max(scrollTop, top);
    if (cover > bestCover + 0.5) {
      bestCover = cover;
      best = i;
    }
    lastIdx = i;
  }
  return { first: firstIdx + 1, last: lastIdx + 1, mostVisible: best + 1 };
}

/**
 * Pages to mount (canvas + text layer): the visible ones plus `ahead` pages in the scroll direction and `behind`
 * pages the other way.
 */
export function pagesToMount(range: VisibleRange, count: number, ahead: number, behind: number): Set<number> {
  const pages = new Set<number>();
  const down = (range.direction ?? 1) === 1;
  const from = Math.max(1, range.first - (down ? behind : ahead));
  const to = Math.min(count, range.last + (down ? ahead : behind));
  for (let p = from; p <= to; p++) pages.add(p);
  return pages;
}

/**
 * Where a page sits in a range for rendering: 0 = visible, then by distance from the visible pages, the pages ahead
 * in the scroll direction before those behind at the same distance (ahead 1, 3, 5…; behind 2, 4, 6…).
 */
export function renderPriority(page: number, range: VisibleRange, goal?: number | null): number {
  // A citation's page goes to the front of the queue: centring its passage often shows the page above it too, and
  // that page painting first would make the reader wait for a page they did not ask for.
  if (page >= range.first && page <= range.last) return page === goal ? -1 : 0;
  const below = page > range.last;
  const distance = below ? page - range.last : range.first - page;
  const ahead = below === ((range.direction ?? 1) === 1);
  return ahead ? 2 * distance - 1 : 2 * distance;
}

/** Pages on each side of the visible ones that have a text layer (when they are mounted). */
const TEXT_LAYER_PAGES = 2;

/**
 * Whether a mounted page at this render priority lays out its text layer: the visible pages and TEXT_LAYER_PAGES on
 * each side, where the reader selects and scrolls. A painted page kept farther away (the last jump's) keeps its
 * canvas, so it shows at once when the reader comes back, but not its text layer: a dense page's layer is thousands
 * of spans, and ten of them were most of the viewer's DOM. It is laid out again, from the cached text with no
 * worker request, when the page comes near.
 */
export function hasTextLayer(priority: number): boolean {
  return priority <= 2 * TEXT_LAYER_PAGES;
}

/** How many painted pages keep their canvas (pdf.js's DEFAULT_CACHE_SIZE rule): max(10, 2 × visible + 1). */
export function keptLimit(range: VisibleRange): number {
  return Math.max(10, 2 * Math.max(0, range.last - range.first + 1) + 1);
}

/**
 * The painted pages that keep their canvas, oldest first, after `page` (when given) was painted: visible pages
 * count as just seen, and the oldest pages beyond the limit are dropped (their canvas is freed when they unmount).
 * Visible pages are never dropped.
 */
export function keepPainted(order: readonly number[], range: VisibleRange, page?: number): number[] {
  const isVisible = (p: number) => p >= range.first && p <= range.last;
  const seen = page === undefined ? order : [...order.filter((p) => p !== page), page];
  // Visible pages count as most recently seen, so they are the last to go (and never go: limit > visible count).
  const next = [...seen.filter((p) => !isVisible(p)), ...seen.filter(isVisible)];
  const limit = keptLimit(range);
  return next.length > limit ? next.slice(next.length - limit) : next;
}
