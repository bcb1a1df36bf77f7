import type { Box } from '../model/types.ts';

// One place for every coordinate transform between the canonical box convention and what is on screen.
// Canonical: PDF points, origin at the top-left of the CropBox, y down, on the UNROTATED page.
// Highlights are stored canonically and projected at render, so they never drift under zoom or rotation.

export type Rotation = 0 | 90 | 180 | 270;

/** What we need to know of a page: its CropBox in user space (pdf.js `page.view`) and its own /Rotate. */
export interface PageFrame {
  /** [x0, y0, x1, y1] of the CropBox in PDF user space (y up), as pdf.js `PDFPageProxy.view`. */
  view: readonly [number, number, number, number];
  /** The page's own /Rotate. */
  rotate: number;
}

export interface ViewRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function normalizeRotation(deg: number): Rotation {
  const r = (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
  return r as Rotation;
}

/** Unrotated CropBox size in points. */
export function pageSize(frame: PageFrame): { width: number; height: number } {
  const [x0, y0, x1, y1] = frame.view;
  return { width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
}

/** The displayed size in CSS px at `scale`, with the page's /Rotate plus the user's extra rotation. */
export function displaySize(frame: PageFrame, scale: number, extraRotation = 0): { width: number; height: number } {
  const { width, height } = pageSize(frame);
  const r = normalizeRotation(frame.rotate + extraRotation);
  return r === 90 || r === 270 ? { width: height * scale, height: width * scale } : { width: width * scale, height: height * scale };
}

/** PDF user space (y up, MediaBox origin) → canonical (CropBox top-left origin, y down). */
export function userToCanonical(frame: PageFrame, x: number, y: number): { x: number; y: number } {
  const [vx0, vy0, vx1, vy1] = frame.view;
  return { x: x - Math.min(vx0, vx1), y: Math.max(vy0, vy1) - y };
}

/** Rotate one canonical point clockwise by `r` degrees within a W×H page. */
function rotatePoint(x: number, y: number, w: number, h: number, r: Rotation): { x: number; y: number } {
  switch (r) {
    case 0:
      return { x, y };
    case 90:
      return { x: h - y, y: x };
    case 180:
      return { x: w - x, y: h - y };
    case 270:
      return { x: y, y: w - x };
    default: {
      const never: never = r;
      throw new Error(`unreachable rotation ${String(never)}`);
    }
  }
}

/**
 * Project a canonical box into the page element's CSS pixel frame at `scale`, with the page's own /Rotate
 * plus the user's extra rotation applied clockwise (matches pdf.js `page.getViewport({ scale, rotation })`).
 */
export function canonicalToView(box: Box, frame: PageFrame, scale: number, extraRotation = 0): ViewRect {
  const { width: w, height: h } = pageSize(frame);
  const r = normalizeRotation(frame.rotate + extraRotation);
  const a = rotatePoint(box.x0, box.y0, w, h, r);
  const b = rotatePoint(box.x1, box.y1, w, h, r);
  const left = Math.min(a.x, b.x) * scale;
  const top = Math.min(a.y, b.y) * scale;
  return { left, top, width: Math.abs(b.x - a.x) * scale, height: Math.abs(b.y - a.y) * scale };
}

/** The inverse of `canonicalToView`: a rectangle on screen back to a canonical box on `page`. */
export function viewToCanonical(rect: ViewRect, page: number, frame: PageFrame, scale: number, extraRotation = 0): Box {
  const { width: w, height: h } = pageSize(frame);
  const r = normalizeRotation(frame.rotate + extraRotation);
  // Rotating by (360 - r) in the displayed frame undoes a clockwise rotation by r.
  const inv = normalizeRotation(360 - r);
  const dw = r === 90 || r === 270 ? h : w;
  const dh = r === 90 || r === 270 ? w : h;
  const a = rotatePoint(rect.left / scale, rect.top / scale, dw, dh, inv);
  const b = rotatePoint((rect.left + rect.width) / scale, (rect.top + rect.height) / scale, dw, dh, inv);
  return { page, x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
}

/** The centre of a set of boxes on one page, as a view-frame point: used to centre a highlight on arrival. */
export function boxesCenter(boxes: readonly Box[], frame: PageFrame, scale: number, extraRotation = 0) {
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (const box of boxes) {
    const v = canonicalToView(box, frame, scale, extraRotation);
    top = Math.min(top, v.top);
    left = Math.min(left, v.left);
    bottom = Math.max(bottom, v.top + v.height);
    right = Math.max(right, v.left + v.width);
  }
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}
