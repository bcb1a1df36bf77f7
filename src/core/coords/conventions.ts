import type { Box, CoordsDescriptor, SourceFlag } from '../model/types.ts';
import { normalizeRotation, pageSize, userToCanonical, viewToCanonical, type PageFrame } from './transform.ts';
import { pageList, translateEnglish, type Translate } from '../i18n/translate.ts';

// Box conventions (issue #3 §6): whatever a provider used, boxes end up canonical — PDF points, origin at the
// top-left of the page's CropBox, y down, UNROTATED page, page 1-based — using each page's OWN frame.
//
//   origin       units      frame        meaning
//   top-left     pt         unrotated    canonical already
//   bottom-left  pt         unrotated    raw PDF user space (MediaBox origin, y up): userToCanonical
//   any          fraction   unrotated    0..1 of the CropBox
//   any          fraction   displayed    0..1 of the page as displayed (its /Rotate applied)
//   any          px         either       pixels of a pageWidth × pageHeight image of that frame
//   any          pt         displayed    pdf.js viewport at scale 1 (bottom-left: y measured up from its bottom)
//
// `px` without pageWidth/pageHeight is read as CSS px of the pdf.js viewport at scale 1, i.e. points of that frame.

/** Boxes poking out of the page by less than this (points) are float noise: clamped silently. */
const CLAMP_TOLERANCE = 0.01;

export function toCanonicalBoxes(
  boxes: readonly Box[],
  coords: CoordsDescriptor | undefined,
  frameOf: (page: number) => PageFrame | undefined,
  /** The language of the flags' messages (the viewer shows them); English by default. */
  t: Translate = translateEnglish,
): { boxes: Box[]; flags: SourceFlag[] } {
  const out: Box[] = [];
  const clampedPages = new Set<number>();
  const offPages = new Set<number>();
  let clamped = 0;
  let off = 0;
  for (const box of Array.isArray(boxes) ? boxes : []) {
    if (!box || typeof box !== 'object') continue;
    let frame: PageFrame | undefined;
    try {
      frame = frameOf(box.page);
    } catch {
      frame = undefined;
    }
    // Unknown frame: leave it for a later pass once the page is known.
    if (!frame || !validFrame(frame)) {
      out.push(box);
      continue;
    }
    const converted = convertBox(box, coords, frame);
    const { width, height } = pageSize(frame);
    const c = converted && {
      page: box.page,
      x0: Math.min(width, Math.max(0, converted.x0)),
      y0: Math.min(height, Math.max(0, converted.y0)),
      x1: Math.min(width, Math.max(0, converted.x1)),
      y1: Math.min(height, Math.max(0, converted.y1)),
    };
    // Entirely outside: nothing left after clamping (a box that only touches an edge from outside counts too).
    // A box thinner than the tolerance is a line or a point; rounding may put it a hair past an edge, which is
    // not "outside" any more than an overshoot under the tolerance is.
    const T = CLAMP_TOLERANCE;
    const lostX = converted && converted.x1 - converted.x0 > T && c!.x1 <= c!.x0;
    const lostY = converted && converted.y1 - converted.y0 > T && c!.y1 <= c!.y0;
    const outside = converted && (converted.x1 < -T || converted.y1 < -T || converted.x0 > width + T || converted.y0 > height + T);
    // A box reaching further past an edge than the page is wide or tall (x0: -1e308) is no slightly loose box:
    // clamping it would paint the whole page. Treat it as off the page, so the passage is found by its quote.
    // Scaling can also overflow to ±Infinity (and Infinity − Infinity to NaN): no box either.
    const wild =
      converted &&
      (![converted.x0, converted.y0, converted.x1, converted.y1].every(Number.isFinite) ||
        converted.x0 < -width ||
        converted.y0 < -height ||
        converted.x1 > 2 * width ||
        converted.y1 > 2 * height);
    if (!converted || !c || lostX || lostY || outside || wild) {
      off++;
      offPages.add(box.page);
      continue;
    }
    const moved =
      c.x0 - converted.x0 > CLAMP_TOLERANCE ||
      c.y0 - converted.y0 > CLAMP_TOLERANCE ||
      converted.x1 - c.x1 > CLAMP_TOLERANCE ||
      converted.y1 - c.y1 > CLAMP_TOLERANCE;
    if (moved) {
      clamped++;
      clampedPages.add(box.page);
    }
    out.push(c);
  }
  const flags: SourceFlag[] = [];
  if (clamped > 0) {
    flags.push({
      code: 'box-clamped',
      message: t('passage.boxesClamped', { count: clamped, pages: pagesLabel(t, clampedPages) }),
    });
  }
  if (off > 0) {
    flags.push({
      code: 'box-off-page',
      message: t('passage.boxesOff', { count: off, pages: pagesLabel(t, offPages) }),
    });
  }
  return { boxes: out, flags };
}

/** One box in `coords` → canonical on its own page frame (unclamped). Null when its numbers are not finite. */
export function convertBox(box: Box, coords: CoordsDescriptor | undefined, frame: PageFrame): Box | null {
  const nums = [box.x0, box.y0, box.x1, box.y1];
  if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  let x0 = Math.min(box.x0, box.x1);
  let x1 = Math.max(box.x0, box.x1);
  let y0 = Math.min(box.y0, box.y1);
  let y1 = Math.max(box.y0, box.y1);
  if (!coords) return { page: box.page, x0, y0, x1, y1 };

  const { width: w, height: h } = pageSize(frame);
  const displayed = coords.frame === 'displayed';
  const r = normalizeRotation(frame.rotate);
  const turned = displayed && (r === 90 || r === 270);
  // Size of the frame the numbers are measured in, in points.
  const fw = turned ? h : w;
  const fh = turned ? w : h;

  if (coords.origin === 'bottom-left' && coords.units === 'pt' && !displayed) {
    // Raw user space: subtract the CropBox offset and flip y against the CropBox top.
    const a = userToCanonical(frame, x0, y0);
    const b = userToCanonical(frame, x1, y1);
    return { page: box.page, x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) };
  }

  // Scale into points of the named frame.
  let sx = 1;
  let sy = 1;
  if (coords.units === 'fraction') {
    sx = fw;
    sy = fh;
  } else if (coords.units === 'px') {
    const pw = coords.pageWidth;
    const ph = coords.pageHeight;
    if (typeof pw === 'number' && pw > 0 && Number.isFinite(pw)) sx = fw / pw;
    if (typeof ph === 'number' && ph > 0 && Number.isFinite(ph)) sy = fh / ph;
  }
  x0 *= sx;
  x1 *= sx;
  y0 *= sy;
  y1 *= sy;
  if (coords.origin === 'bottom-left') {
    [y0, y1] = [fh - y1, fh - y0];
  }
  if (!displayed) return { page: box.page, x0, y0, x1, y1 };
  return viewToCanonical({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }, box.page, frame, 1);
}

/**
 * Read a box from a provider's loose shape: `[x0, y0, x1, y1]`, `{ x, y, width, height }` (also `w`/`h`,
 * `left`/`top`), `{ x0, y0, x1, y1 }`, `{ x1, y1, x2, y2 }`, or a polygon — `[[x, y], …]`, a flat
 * `[x1, y1, x2, y2, x3, y3, …]` of at least 6 numbers, or `{ points | polygon | vertices: … }` (points as pairs or
 * `{ x, y }`) — as its bounding box. The numbers are taken as they are: converting them is `toCanonicalBoxes`'s job.
 */
export function boxFromAny(raw: unknown, page: number): Box | null {
  try {
    const r = readBox(raw, 0);
    if (!r) return null;
    const [ax, ay, bx, by] = r;
    if (![ax, ay, bx, by].every(Number.isFinite)) return null;
    return { page, x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
  } catch {
    return null;
  }
}

type Quad = [number, number, number, number];

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function readBox(raw: unknown, depth: number): Quad | null {
  if (depth > 3 || raw === null || raw === undefined) return null;
  if (Array.isArray(raw)) {
    if (raw.length === 4 && raw.every(isNum)) return [raw[0] as number, raw[1] as number, raw[2] as number, raw[3] as number];
    if (raw.length >= 6 && raw.length % 2 === 0 && raw.every(isNum)) return boundsOf(pairsOf(raw));
    const points = raw.map(pointOf);
    if (points.length >= 2 && points.every((p) => p !== null)) return boundsOf(points as Array<[number, number]>);
    return null;
  }
  if (typeof raw !== 'object') return null;
  const o = lowerKeys(raw as Record<string, unknown>);
  if (isNum(o.x0) && isNum(o.y0) && isNum(o.x1) && isNum(o.y1)) return [o.x0, o.y0, o.x1, o.y1];
  if (isNum(o.x1) && isNum(o.y1) && isNum(o.x2) && isNum(o.y2)) return [o.x1, o.y1, o.x2, o.y2];
  const x = o.x ?? o.left;
  const y = o.y ?? o.top;
  const w = o.width ?? o.w;
  const h = o.height ?? o.h;
  if (isNum(x) && isNum(y) && isNum(w) && isNum(h)) return [x, y, x + w, y + h];
  if (isNum(o.left) && isNum(o.top) && isNum(o.right) && isNum(o.bottom)) return [o.left, o.top, o.right, o.bottom];
  for (const k of ['points', 'polygon', 'vertices', 'bbox', 'box']) {
    if (o[k] !== undefined) return readBox(o[k], depth + 1);
  }
  return null;
}

function lowerKeys(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const lk = k.toLowerCase();
    if (!(lk in out)) out[lk] = v;
  }
  return out;
}

function pointOf(p: unknown): [number, number] | null {
  if (Array.isArray(p) && p.length === 2 && isNum(p[0]) && isNum(p[1])) return [p[0], p[1]];
  if (p && typeof p === 'object' && !Array.isArray(p)) {
    const o = lowerKeys(p as Record<string, unknown>);
    if (isNum(o.x) && isNum(o.y)) return [o.x, o.y];
  }
  return null;
}

function pairsOf(flat: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

function boundsOf(points: ReadonlyArray<readonly [number, number]>): Quad | null {
  if (points.length === 0) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

function validFrame(frame: PageFrame): boolean {
  const v = frame.view;
  if (!Array.isArray(v) || v.length !== 4 || !v.every(isNum)) return false;
  const { width, height } = pageSize(frame);
  return width > 0 && height > 0 && isNum(frame.rotate);
}

function pagesLabel(t: Translate, pages: ReadonlySet<number>): string {
  return pageList(
    t,
    [...pages].sort((a, b) => a - b),
  );
}
