// Reading order of a page's blocks (layout.ts makes the blocks). Pure, no I/O.
//
// The rules are Breuel's (see orderBlocks). They were first written as "for every pair, look at every other
// block", O(n³): 284–381 ms for one 400-cell table page, on the main thread. This version gives the SAME order
// (a property test holds it to the old code, block-order.test.ts) with cheaper steps:
// - the "is there a block spanning both, between them" test only looks at blocks that overlap the first block
//   horizontally, sorted by vertical centre, from a binary search on the vertical range: O(log n + hits);
// - the topological pick takes the next block from a heap instead of scanning every block per step.
// Every comparison is the same floating-point expression as before, so the result is identical, not "close".
import type { Block } from './layout.ts';
import { overlap } from './line-geometry.ts';

/** Counts the inner steps of the layout, for a complexity test that does not depend on the machine's speed. */
export interface LayoutCost {
  ops: number;
}

/** Above this many blocks the page is read top to bottom (the pairwise graph is quadratic by nature). */
export const MAX_ORDERED_BLOCKS = 400;

const TOL = 1;

const byPos = (p: Block, q: Block) => p.dirKey - q.dirKey || p.vTop - q.vTop || p.u0 - q.u0;

/** The running head and foot of a page: -1 for blocks of the top band, 1 for the bottom band, 0 for the body.
 * A band is a set of blocks that overlap vertically, no more than two lines tall, parted from the rest of the
 * page by a gap of over two of its lines. Breuel's left-of rule alone would read a footer's left half between
 * two columns (it lies left of the right column and nothing spans both), and a quote that runs from one column
 * into the next would then be highlighted across the page number. */
function furniture(blocks: Block[]): Int8Array {
  const band = new Int8Array(blocks.length);
  const ids = blocks.map((_, i) => i).filter((i) => blocks[i]?.dirKey === blocks[0]?.dirKey);
  const sizes = blocks.map((b) => b.lines.reduce((m, l) => Math.max(m, l.size), -Infinity));
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
    const lineSize = member.reduce((m, i) => Math.max(m, sizes[i] as number), -Infinity);
    const height = reach - member.reduce((m, i) => Math.min(m, start(i)), Infinity);
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
  // heads and feet that the lines already told (page-furniture.ts): nearer the body than this rule sees
  blocks.forEach((b, i) => {
    if (b.band) band[i] = b.band;
  });
  return band;
}

/** A binary min-heap of block indices, by position then index (the old linear scan's tie rule). */
class ReadyHeap {
  private readonly items: number[] = [];
  constructor(private readonly less: (a: number, b: number) => boolean) {}
  get size(): number {
    return this.items.length;
  }
  push(x: number): void {
    const h = this.items;
    h.push(x);
    for (let i = h.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!this.less(h[i] as number, h[p] as number)) break;
      [h[i], h[p]] = [h[p] as number, h[i] as number];
      i = p;
    }
  }
  pop(): number {
    const h = this.items;
    const top = h[0] as number;
    const last = h.pop() as number;
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.less(h[l] as number, h[m] as number)) m = l;
        if (r < h.length && this.less(h[r] as number, h[m] as number)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m] as number, h[i] as number];
        i = m;
      }
    }
    return top;
  }
}

/** Per block, the blocks of its direction that overlap it horizontally by more than TOL, by vertical centre. */
function spanningCandidates(blocks: Block[], vc: Float64Array, cost?: LayoutCost): Int32Array[] {
  const n = blocks.length;
  const byWidth = blocks.map((_, i) => i).sort((p, q) => (blocks[p] as Block).u0 - (blocks[q] as Block).u0);
  const out: Int32Array[] = [];
  for (let i = 0; i < n; i++) {
    const a = blocks[i] as Block;
    const list: number[] = [];
    for (const k of byWidth) {
      const c = blocks[k] as Block;
      if (cost) cost.ops++;
      if (c.u0 >= a.u1) break; // sorted by u0: no later block can overlap a by a positive amount
      if (c.dirKey === a.dirKey && overlap(c.u0, c.u1, a.u0, a.u1) > TOL) list.push(k);
    }
    list.sort((p, q) => (vc[p] as number) - (vc[q] as number));
    out.push(Int32Array.from(list));
  }
  return out;
}

/** First position in `list` (sorted by vc) whose vc is > lo. */
function firstAbove(list: Int32Array, vc: Float64Array, lo: number): number {
  let l = 0;
  let h = list.length;
  while (l < h) {
    const m = (l + h) >> 1;
    if ((vc[list[m] as number] as number) > lo) h = m;
    else l = m + 1;
  }
  return l;
}

/** Reading order of blocks (Breuel's rules): running head first and running foot last (see furniture); then
 * above-and-overlapping first; left-of first (right-of, in right-to-left text) unless a block that spans both
 * lies between them vertically. Falls back to top-to-bottom on cycles or very many blocks. */
export function orderBlocks(blocks: Block[], cost?: LayoutCost): Block[] {
  const n = blocks.length;
  if (n <= 1 || n > MAX_ORDERED_BLOCKS) {
    if (cost) cost.ops += n === 0 ? 0 : Math.ceil(n * Math.log2(n + 1));
    return blocks.sort(byPos);
  }
  const rtlBlock = blocks.map((b) => b.lines.filter((l) => l.rtl).length * 2 > b.lines.length);
  const band = furniture(blocks);
  const vc = Float64Array.from(blocks, (b) => (b.vTop + b.vBottom) / 2);
  const spans = spanningCandidates(blocks, vc, cost);
  // A block c between a and b (vertically) that overlaps both horizontally. Such a c overlaps a, so it is among
  // a's candidates; it is neither a nor b, since a and b do not overlap each other by more than TOL.
  const spannedBetween = (i: number, j: number, b: Block): boolean => {
    const lo = Math.min(vc[i] as number, vc[j] as number);
    const hi = Math.max(vc[i] as number, vc[j] as number);
    const list = spans[i] as Int32Array;
    for (let p = firstAbove(list, vc, lo); p < list.length; p++) {
      if (cost) cost.ops++;
      const k = list[p] as number;
      if ((vc[k] as number) >= hi) break;
      const c = blocks[k] as Block;
      if (overlap(c.u0, c.u1, b.u0, b.u1) > TOL) return true;
    }
    return false;
  };
  const succ: number[][] = blocks.map(() => []);
  const indeg = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const a = blocks[i] as Block;
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      if (cost) cost.ops++;
      const b = blocks[j] as Block;
      let before: boolean;
      if (a.dirKey !== b.dirKey) {
        before = a.dirKey < b.dirKey && i < j;
      } else if (band[i] !== band[j]) {
        before = (band[i] as number) < (band[j] as number);
      } else if (overlap(a.u0, a.u1, b.u0, b.u1) > TOL) {
        before = a.vTop < b.vTop || (a.vTop === b.vTop && i < j);
      } else {
        const rtl = rtlBlock[i] && rtlBlock[j];
        const aFirst = rtl ? a.u0 >= b.u1 - TOL : a.u1 <= b.u0 + TOL;
        before = aFirst && !spannedBetween(i, j, b);
      }
      if (before) {
        (succ[i] as number[]).push(j);
        indeg[j]!++;
      }
    }
  }
  // Kahn's algorithm, always taking the top-most ready block (ties: the earlier block), as the old scan did.
  const less = (p: number, q: number) => {
    const d = byPos(blocks[p] as Block, blocks[q] as Block);
    return d < 0 || (d === 0 && p < q);
  };
  const ready = new ReadyHeap(less);
  for (let i = 0; i < n; i++) if (indeg[i] === 0) ready.push(i);
  const all = blocks.map((_, i) => i).sort((p, q) => (less(p, q) ? -1 : less(q, p) ? 1 : 0));
  let cycleFrom = 0;
  const out: Block[] = [];
  const done = new Uint8Array(n);
  while (out.length < n) {
    let pick = -1;
    while (ready.size > 0 && pick < 0) {
      const i = ready.pop();
      if (cost) cost.ops++;
      if (!done[i]) pick = i;
    }
    if (pick < 0) {
      // cycle: take the top-most remaining block
      while (done[all[cycleFrom] as number]) cycleFrom++;
      pick = all[cycleFrom] as number;
    }
    done[pick] = 1;
    out.push(blocks[pick] as Block);
    for (const j of succ[pick] ?? []) {
      if (cost) cost.ops++;
      if (--indeg[j]! === 0 && !done[j]) ready.push(j);
    }
  }
  return out;
}
