import { MAX_SCALE, MIN_SCALE } from '../viewer-store.ts';

// The arithmetic of the touch gestures (use-pointer-zoom.ts), pure so it is tested without a touch screen.

export interface TouchPoint {
  x: number;
  y: number;
}

export const clampZoom = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Two fingers: the scale follows the ratio of their distance to the distance when the pinch began. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return clampZoom(startScale);
  return clampZoom((startScale * distance) / startDistance);
}

export function distanceBetween(a: TouchPoint, b: TouchPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/** The point the zoom keeps still: between the two fingers. */
export function midpoint(a: TouchPoint, b: TouchPoint): TouchPoint {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export interface Tap extends TouchPoint {
  /** ms */
  time: number;
}

/** As the platforms do: the second tap within 300 ms and 30 CSS px of the first. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_SLOP = 30;

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous) return false;
  const dt = tap.time - previous.time;
  return dt >= 0 && dt <= DOUBLE_TAP_MS && distanceBetween(previous, tap) <= DOUBLE_TAP_SLOP;
}

/**
 * Double tap zooms in twice as far; on a page already zoomed in (at least twice the fit-width scale, or at the
 * limit) it goes back to fit width, so two taps always undo the zoom they made.
 */
export function doubleTapZoom(current: number, fitWidth: number): number | 'fit-width' {
  if (current >= MAX_SCALE - 1e-3 || current >= 2 * fitWidth - 1e-3) return 'fit-width';
  return clampZoom(current * 2);
}
