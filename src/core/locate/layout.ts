// Reading order of one page's text runs: runs → lines (grouped by baseline along the text direction) →
// blocks (column pieces: vertically consecutive lines that overlap horizontally, same font size) → block order
// (columns left to right, top to bottom, with full-width elements as separators). Pure, no I/O.
import { orderBlocks, type LayoutCost } from './block-order.ts';
import { addToLine, LTR, makeLine, overlap, readOppositeRuns, RTL, runGeom } from './line-geometry.ts';
import { furnitureLines } from './page-furniture.ts';
import type { TextRun } from './page-text.ts';

export interface RunGeom {
  /** Index of the run in `PageText.runs`. */
  run: number;
  /** Unit direction of the baseline in user space. */
  dx: number;
  dy: number;
  /** Font size in user space. */
  size: number;
  /** Position along the direction (start, end) and across it (down = positive). */
  u0: number;
  u1: number;
  v: number;
  dirKey: number;
}

export interface Line {
  runs: RunGeom[];
  dirKey: number;
  u0: number;
  u1: number;
  v: number;
  size: number;
  rtl: boolean;
}

export interface Block {
  lines: Line[];
  dirKey: number;
  u0: number;
  u1: number;
  vTop: number;
  vBottom: number;
  /** -1: running head, 1: running foot, found line by line (page-furniture.ts); 0 or absent: not known to be. */
  band?: number;
}

/** Orders runs of one page into blocks of lines in reading order. */
export function layoutPage(runs: readonly TextRun[], cost?: LayoutCost): Block[] {
  const geoms: RunGeom[] = [];
  runs.forEach((r, i) => {
    const g = runGeom(r, i);
    if (g) geoms.push(g);
  });
  if (geoms.length === 0) return [];

  // 1. Segments in content-stream order: consecutive runs on one baseline that nearly touch.
  const segments: Line[] = [];
  let cur: Line | null = null;
  for (const g of geoms) {
    if (cur && cur.dirKey === g.dirKey) {
      const size = Math.max(cur.size, g.size);
      const gap = -overlap(cur.u0, cur.u1, g.u0, g.u1);
      if (Math.abs(g.v - cur.v) <= 0.5 * size && gap <= 1.2 * size && gap >= -0.5 * size) {
        addToLine(cur, g);
        continue;
      }
    }
    cur = makeLine(g);
    segments.push(cur);
  }

  // 2. Geometric merge of segments into lines (handles content drawn out of order): same baseline and
  // a gap no wider than a word space. Wider gaps on one baseline are column gutters: separate lines.
  segments.sort((p, q) => p.dirKey - q.dirKey || p.v - q.v || p.u0 - q.u0);
  const lines: Line[] = [];
  for (const s of segments) {
    let merged = false;
    for (let k = lines.length - 1; k >= 0 && k >= lines.length - 8; k--) {
      const l = lines[k] as Line;
      if (l.dirKey !== s.dirKey) continue;
      const size = Math.max(l.size, s.size);
      if (Math.abs(l.v - s.v) > 0.3 * size) continue;
      const gap = -overlap(l.u0, l.u1, s.u0, s.u1);
      if (gap <= 0.45 * size && gap >= -0.3 * size) {
        for (const g of s.runs) addToLine(l, g);
        merged = true;
        break;
      }
    }
    if (!merged) lines.push({ ...s, runs: [...s.runs] });
  }
  for (const l of lines) {
    const text = l.runs.map((g) => runs[g.run]?.str ?? '').join('');
    const rtl = (text.match(RTL)?.length ?? 0) > (text.match(LTR)?.length ?? 0);
    l.rtl = rtl;
    l.runs.sort((p, q) => (rtl ? q.u1 - p.u1 : p.u0 - q.u0));
    readOppositeRuns(l, runs);
    // drop exact duplicates drawn on top of each other (fake bold, repeated content)
    // (compared only with kept runs of the same string: a line drawn glyph by glyph has hundreds of runs)
    const kept: RunGeom[] = [];
    const sameStr = new Map<string | undefined, RunGeom[]>();
    for (const g of l.runs) {
      const str = runs[g.run]?.str;
      const earlier = sameStr.get(str);
      const dup = earlier?.some((k) => Math.abs(k.u0 - g.u0) < 0.3 * g.size && Math.abs(k.v - g.v) < 0.3 * g.size);
      if (dup) continue;
      kept.push(g);
      if (earlier) earlier.push(g);
      else sameStr.set(str, [g]);
    }
    l.runs = kept;
  }

  // 3. Blocks: a line joins the block whose last line sits right above it, overlaps it horizontally and has a
  // similar font size. Lines come top to bottom, so a block whose last line is further above than any line may be
  // tall (1.9 × the largest font) can take no later line: it leaves the active list (which keeps creation order,
  // so ties still go to the earlier block) and the sweep stays near-linear on a table of hundreds of cells.
  // A running head or foot line joins no block of the body (page-furniture.ts).
  lines.sort((p, q) => p.dirKey - q.dirKey || p.v - q.v || p.u0 - q.u0);
  const lineBand = furnitureLines(lines);
  const maxSize = lines.reduce((m, l) => Math.max(m, l.size), 0);
  const blocks: Block[] = [];
  const active: Block[] = [];
  for (const [n, l] of lines.entries()) {
    const band = lineBand[n] as number;
    let best: Block | null = null;
    let bestDv = Infinity;
    let keep = 0;
    for (const b of active) {
      if (cost) cost.ops++;
      const last = b.lines[b.lines.length - 1] as Line;
      const dv = l.v - last.v;
      if (b.dirKey !== l.dirKey || dv > 1.9 * maxSize) continue; // retired for good (lines are sorted)
      active[keep++] = b;
      if (b.band !== band) continue;
      const ratio = l.size / last.size;
      if (dv <= 0.3 * last.size || dv > 1.9 * Math.max(l.size, last.size)) continue;
      if (ratio < 0.8 || ratio > 1.25) continue;
      if (overlap(l.u0, l.u1, last.u0, last.u1) <= 0) continue;
      if (dv < bestDv) {
        bestDv = dv;
        best = b;
      }
    }
    active.length = keep;
    if (best) {
      best.lines.push(l);
      best.u0 = Math.min(best.u0, l.u0);
      best.u1 = Math.max(best.u1, l.u1);
      best.vBottom = l.v;
    } else {
      const block: Block = { lines: [l], dirKey: l.dirKey, u0: l.u0, u1: l.u1, vTop: l.v - l.size, vBottom: l.v, band };
      blocks.push(block);
      active.push(block);
    }
  }
  return orderBlocks(blocks, cost);
}
