import type { Box } from '../../core/model/types.ts';

// A cited passage may cover several rectangles (one per line fragment) and several pages. Each rectangle is a
// region the user steps through with Previous/Next, and the viewer scrolls to and flashes the first one, so the
// order must be READING order: the start of the quote first. Sorting by position cannot give that (a quote that
// runs from the foot of the left column to the top of the right one would start at its end, and a right-to-left
// line reads from its right end), so:
//  - rectangles from the quote locator keep the order it returns (its text index is in reading order across
//    columns, right-to-left lines and pages);
//  - boxes given by a provider keep the order the provider listed them in, only grouped by page (stable), since
//    the viewer steps through pages forwards.

/** Provider-given boxes as regions: by page, and in the provider's order within a page. */
export function orderGivenBoxes<T extends Box>(boxes: readonly T[]): T[] {
  // Array.prototype.sort is stable, so boxes of one page keep their listed order.
  return [...boxes].sort((a, b) => a.page - b.page);
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
