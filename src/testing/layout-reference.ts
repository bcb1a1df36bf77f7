// The ORDER of blocks and lines as layout.ts computed it before it was made near-linear (commit 423ecfc), kept
// verbatim as the reference for src/core/locate/block-order.test.ts: the new code must give exactly this output. Test-only.
// The run and line geometry, which that change left alone, is shared with layout.ts (line-geometry.ts); so is the
// line-level running head and foot (page-furniture.ts), added later to both, with the rule that such a line joins
// no body block and that its block is read first or last.
import type { Block, Line, RunGeom } from '../core/locate/layout.ts';
import type { TextRun } from '../core/locate/page-text.ts';
import { addToLine, LTR, makeLine, overlap, readOppositeRuns, RTL, runGeom } from '../core/locate/line-geometry.ts';
import { furnitureLines } from '../core/locate/page-furniture.ts';

/** Orders runs of one page into blocks of lines in reading order. */
export function refLayoutPage(runs: readonly TextRun[]): Block[] {
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
    const kept: RunGeom[] = [];
    for (const g of l.runs) {
      const dup = kept.some((k) => runs[k.run]?.str === runs[g.run]?.str && Math.abs(k.u0 - g.u0) < 0.3 * g.size && Math.abs(k.v - g.v) < 0.3 * g.size);
      if (!dup) kept.push(g);
    }
    l.runs = kept;
  }

  // 3. Blocks: a line joins the block whose last line sits right above it, overlaps it horizontally and has a
  // similar font size.
  lines.sort((p, q) => p.dirKey - q.dirKey || p.v - q.v || p.u0 - q.u0);
  const lineBand = furnitureLines(lines);
  const blocks: Block[] = [];
  for (const [n, l] of lines.entries()) {
    const band = lineBand[n] as number;
    let best: Block | null = null;
    let bestDv = Infinity;
    for (const b of blocks) {
      if (b.dirKey !== l.dirKey || b.band !== band) continue;
      const last = b.lines[b.lines.length - 1] as Line;
      const dv = l.v - last.v;
      const ratio = l.size / last.size;
      if (dv <= 0.3 * last.size || dv > 1.9 * Math.max(l.size, last.size)) continue;
      if (ratio < 0.8 || ratio > 1.25) continue;
      if (overlap(l.u0, l.u1, last.u0, last.u1) <= 0) continue;
      if (dv < bestDv) {
        bestDv = dv;
        best = b;
      }
    }
    if (best) {
      best.lines.push(l);
      best.u0 = Math.min(best.u0, l.u0);
      best.u1 = Math.max(best.u1, l.u1);
      best.vBottom = l.v;
    } else {
      blocks.push({ lines: [l], dirKey: l.dirKey, u0: l.u0, u1: l.u1, vTop: l.v - l.size, vBottom: l.v, band });
    }
  }
  return refOrderBlocks(blocks);
}

/** The running head and foot of a page: -1 for blocks of the top band, 1 for the bottom band, 0 for the body.
 * A band is a set of blocks that overlap vertically, no more than two lines tall, parted from the rest of the
 * page by a gap of over two of its lines. Breuel's left-of rule alone would read a footer's left half between
 * two columns (it lies left of the right column and nothing spans both), and a quote that runs from one column
 * into the next would then be highlighted across the page number. */
function furniture(blocks: Block[]): Int8Array {
  const band = new Int8Array(blocks.length);
  const ids = blocks.map((_, i) => i).filter((i) => blocks[i]?.dirKey === blocks[0]?.dirKey);
  const size = (i: number) => Math.max(...(blocks[i] as Block).lines.map((l) => l.size));
  const mark = (sorted: number[], top: boolean, value: 1 | -1) => {
    if (sorted.length < 2) return;
    const edge = (i: number) => (top ? (blocks[i] as Block).vBottom : -(blocks[i] as Block).vTop);
    const start = (i: number) => (top ? (blocks[i] as Block).vTop : -(blocks[i] as Block).vBottom);
    const member = [sorted[0] as number];
    let reach = edge(sorted[0] as number);
    let k = 1;
    for (; k < sorted.length && start(sorted[k] as number) < reach; k++) {
      member.push(sorted[k] as number);
      reach = Math.max(reach, edge(sorted[k] as number));
    }
    if (k >= sorted.length) return; // the band is the whole page
    const lineSize = Math.max(...member.map(size));
    const height = reach - Math.min(...member.map(start));
    const gap = start(sorted[k] as number) - reach;
    if (height <= 2.5 * lineSize && gap > 2 * lineSize) for (const i of member) band[i] = value;
  };
  mark(
    [...ids].sort((a, b) => (blocks[a] as Block).vTop - (blocks[b] as Block).vTop),
    true,
    -1,
  );
  mark(
    [...ids].sort((a, b) => (blocks[b] as Block).vBottom - (blocks[a] as Block).vBottom),
    false,
    1,
  );
  blocks.forEach((b, i) => {
    if (b.band) band[i] = b.band;
  });
  return band;
}

/** Reading order of blocks (Breuel's rules): running head first and running foot last (see furniture); then
 * above-and-overlapping first; left-of first (right-of, in right-to-left text) unless a block that spans both
 * lies between them vertically. Falls back to top-to-bottom on cycles or very many blocks. */
export function refOrderBlocks(blocks: Block[]): Block[] {
  const n = blocks.length;
  const byPos = (p: Block, q: Block) => p.dirKey - q.dirKey || p.vTop - q.vTop || p.u0 - q.u0;
  if (n <= 1 || n > 400) return blocks.sort(byPos);
  const tol = 1;
  const rtlBlock = blocks.map((b) => b.lines.filter((l) => l.rtl).length * 2 > b.lines.length);
  const band = furniture(blocks);
  const succ: number[][] = blocks.map(() => []);
  const indeg = new Array<number>(n).fill(0);
  const vc = (b: Block) => (b.vTop + b.vBottom) / 2;
  for (let i = 0; i < n; i++) {
    const a = blocks[i] as Block;
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const b = blocks[j] as Block;
      if (a.dirKey !== b.dirKey) {
        if (a.dirKey < b.dirKey && i < j) {
          succ[i]?.push(j);
          indeg[j]!++;
        }
        continue;
      }
      let before = false;
      if (band[i] !== band[j]) {
        before = (band[i] as number) < (band[j] as number);
      } else if (overlap(a.u0, a.u1, b.u0, b.u1) > tol) {
        before = a.vTop < b.vTop || (a.vTop === b.vTop && i < j);
      } else {
        const rtl = rtlBlock[i] && rtlBlock[j];
        const aFirst = rtl ? a.u0 >= b.u1 - tol : a.u1 <= b.u0 + tol;
        if (aFirst) {
          const lo = Math.min(vc(a), vc(b));
          const hi = Math.max(vc(a), vc(b));
          before = !blocks.some((c, k) => {
            if (k === i || k === j || c.dirKey !== a.dirKey) return false;
            const cv = vc(c);
            return cv > lo && cv < hi && overlap(c.u0, c.u1, a.u0, a.u1) > tol && overlap(c.u0, c.u1, b.u0, b.u1) > tol;
          });
        }
      }
      if (before) {
        succ[i]?.push(j);
        indeg[j]!++;
      }
    }
  }
  const out: Block[] = [];
  const done = new Array<boolean>(n).fill(false);
  for (let step = 0; step < n; step++) {
    let pick = -1;
    for (let i = 0; i < n; i++) {
      if (done[i] || indeg[i] !== 0) continue;
      if (pick < 0 || byPos(blocks[i] as Block, blocks[pick] as Block) < 0) pick = i;
    }
    if (pick < 0) {
      // cycle: take the top-most remaining block
      for (let i = 0; i < n; i++) {
        if (done[i]) continue;
        if (pick < 0 || byPos(blocks[i] as Block, blocks[pick] as Block) < 0) pick = i;
      }
    }
    done[pick] = true;
    out.push(blocks[pick] as Block);
    for (const j of succ[pick] ?? []) indeg[j]!--;
  }
  return out;
}
