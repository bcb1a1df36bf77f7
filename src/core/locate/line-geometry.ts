// The geometry of runs and lines that the page layout (layout.ts), the block order (block-order.ts) and the
// frozen reference layout of the order's property test (src/testing/layout-reference.ts) share. Pure, no I/O.
import type { Line, RunGeom } from './layout.ts';
import type { TextRun } from './page-text.ts';
import { runFrame } from './run-frame.ts';

export const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
export const LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/gu;

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/u;

/**
 * Runs of the other direction inside a line read the other way: a Latin phrase drawn as separate runs inside a
 * Hebrew line, or a Hebrew phrase inside an English one (the bidi rule for strong runs, at the level of whole runs;
 * characters inside one run are pdf.js's business and bidi.ts's). Each stretch of such runs, with the blank or
 * punctuation runs between them, is reversed into logical order. Numbers are left where they are: whether one
 * belongs to the phrase beside it cannot be told from the runs alone.
 */
export function readOppositeRuns(line: Line, runs: readonly TextRun[]): void {
  const opposite = line.rtl ? STRONG_LTR : STRONG_RTL;
  const own = line.rtl ? STRONG_RTL : STRONG_LTR;
  const kind = line.runs.map((g) => {
    const str = runs[g.run]?.str ?? '';
    if (own.test(str)) return 'own';
    if (opposite.test(str)) return 'opposite';
    return /\p{N}/u.test(str) ? 'number' : 'neutral';
  });
  for (let k = 0; k < kind.length; k++) {
    if (kind[k] !== 'opposite') continue;
    let end = k;
    for (let m = k + 1; m < kind.length && (kind[m] === 'opposite' || kind[m] === 'neutral'); m++) if (kind[m] === 'opposite') end = m;
    if (end > k) line.runs.splice(k, end - k + 1, ...line.runs.slice(k, end + 1).reverse());
    k = end;
  }
}

export function runGeom(run: TextRun, index: number): RunGeom | null {
  if (!run.str || !/\S/u.test(run.str)) return null;
  const frame = runFrame(run);
  if (!frame) return null;
  const { e, f, dx, dy, size, length: len, vertical } = frame;
  // up = direction rotated 90° counter-clockwise; "down" (v) = −up. A vertical column's glyphs are centred on its
  // baseline, not standing on it: its v is moved to their lower edge, so that [v − size, v] holds them as it holds
  // a horizontal line's glyphs.
  const upx = -dy;
  const upy = dx;
  const u0 = e * dx + f * dy;
  const angle = Math.round((Math.atan2(dy, dx) * 180) / Math.PI / 5) * 5;
  const v = -(e * upx + f * upy) + (vertical ? size / 2 : 0);
  return { run: index, dx, dy, size, u0, u1: u0 + len, v, dirKey: ((angle % 360) + 360) % 360 };
}

export function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

export function makeLine(g: RunGeom): Line {
  return { runs: [g], dirKey: g.dirKey, u0: g.u0, u1: g.u1, v: g.v, size: g.size, rtl: false };
}

export function addToLine(line: Line, g: RunGeom): void {
  line.runs.push(g);
  line.u0 = Math.min(line.u0, g.u0);
  line.u1 = Math.max(line.u1, g.u1);
  if (g.size > line.size) {
    line.size = g.size;
    line.v = g.v; // the biggest font defines the baseline (superscripts ride along)
  }
}
