import type { Box } from '../../core/model/types.ts';

// A cited passage may cover several rectangles (one per line) and several pages. Each rectangle is a region the
// user can step through; regions are ordered by page, then by line (top to bottom), then left to right, in
// canonical coordinates, so the order does not change when the user rotates the view.

/** Lines whose tops differ by less than this (in points) are the same line. */
const SAME_LINE_EPSILON = 2;

export function orderRegions(boxes: readonly Box[]): Box[] {
  return [...boxes].sort((a, b) => {
    if (a.page !== b.page) return a.page - b.page;
    if (Math.abs(a.y0 - b.y0) > SAME_LINE_EPSILON) return a.y0 - b.y0;
    return a.x0 - b.x0;
  });
}

/** Keep only boxes that can be drawn: on an existing page, finite and non-empty. Never draw a wrong highlight. */
export function drawableBoxes(boxes: readonly Box[] | undefined, pageCount: number): Box[] {
  if (!boxes) return [];
  return boxes.filter(
    (b) =>
      Number.isInteger(b.page) &&
      b.page >= 1 &&
      b.page <= pageCount &&
      [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite) &&
      b.x1 > b.x0 &&
      b.y1 > b.y0,
  );
}

export function clampRegion(region: number | undefined, count: number): number {
  if (count === 0) return 0;
  const r = Math.trunc(region ?? 0);
  return Math.min(count - 1, Math.max(0, Number.isFinite(r) ? r : 0));
}
