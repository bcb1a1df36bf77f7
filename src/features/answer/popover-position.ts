// Where a marker's preview goes: below the marker, its left edge on the marker's, but always inside the viewport.
// Near the right edge it slides left; near the bottom it opens above the marker when there is more room there. Pure
// (rectangles in, a position out), so the clamping is unit-tested without a browser.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Keep this far from the viewport's edges. */
export const EDGE = 8;

export function placePopover(anchor: Rect, popover: Size, viewport: Size): { left: number; top: number } {
  const maxLeft = viewport.width - EDGE - popover.width;
  const left = Math.max(EDGE, Math.min(anchor.left, maxLeft));
  const below = anchor.top + anchor.height;
  const above = anchor.top - popover.height;
  const fitsBelow = below + popover.height <= viewport.height - EDGE;
  const fitsAbove = above >= EDGE;
  // Below unless only above fits, or neither does and above has more room.
  const roomBelow = viewport.height - below;
  const goAbove = !fitsBelow && (fitsAbove || anchor.top > roomBelow);
  const top = goAbove ? above : below;
  return { left, top: Math.max(EDGE, Math.min(top, viewport.height - EDGE - popover.height)) };
}
