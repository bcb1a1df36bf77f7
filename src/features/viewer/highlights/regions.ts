import type { Box } from '../../../core/model/types.ts';

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
    (b) => Number.isInteger(b.page) && b.page >= 1 && b.page <= pageCount && [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite) && b.x1 > b.x0 && b.y1 > b.y0,
  );
}

export function clampRegion(region: number | undefined, count: number): number {
  if (count === 0) return 0;
  const r = Math.trunc(region ?? 0);
  return Math.min(count - 1, Math.max(0, Number.isFinite(r) ? r : 0));
}

/**
 * Which passage each rectangle (in reading order) belongs to, 0-based: the lines of one stretch of text, each right
 * under the one before (or on the same line), on one page. The next column, a jump back up the page, or another page
 * starts a new passage. A reader steps through passages ("Region 2 of 2" is the quote's part in the next column),
 * not lines ("5 regions" used to mean the 5 lines of one sentence). Vertical text's columns run side by side at the
 * same height, so they read as one passage too.
 */
export function passageIndexes(boxes: readonly Box[]): number[] {
  const out: number[] = [];
  let passage = -1;
  let prev: Box | undefined;
  for (const box of boxes) {
    if (!prev || !continuesPassage(prev, box)) passage++;
    out.push(passage);
    prev = box;
  }
  return out;
}

function continuesPassage(a: Box, b: Box): boolean {
  if (a.page !== b.page) return false;
  const line = Math.max(a.y1 - a.y0, b.y1 - b.y0, 1);
  // the same line (a quote split around a link or a font change), or a column of vertical text beside the last
  if (Math.abs(b.y0 - a.y0) < line * 0.5) return true;
  // the next line: below the last one, a line's height or so away (a paragraph's spacing included), and overlapping it
  // across the page (a line of the next column starts higher up, so it is never "below")
  const below = b.y0 > a.y0 && b.y0 - a.y1 < line * 1.5;
  const overlaps = Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) - line;
  return below && overlaps;
}

/** Where each passage starts among the rectangles (the first rectangle of each). */
export function passageStarts(passageOf: readonly number[]): number[] {
  const starts: number[] = [];
  passageOf.forEach((p, i) => {
    if (starts[p] === undefined) starts[p] = i;
  });
  return starts;
}
