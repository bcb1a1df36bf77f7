// Running heads and feet found line by line, before lines are grouped into blocks (layout.ts; the frozen reference
// layout of the order's property test, src/testing/layout-reference.ts, calls it too). Pure, no I/O.
//
// block-order.ts finds the head and foot among blocks, by a gap of over two of their lines from the body. That
// misses a foot set closer: a page number 16 pt under a column of 9 pt text JOINS that column's block (it lies
// within two lines of it and its size is close), so the column's text no longer ends where the column does and a
// quote running on into the next column is no longer an exact match; a document name under the left column of
// three is read between the left and the middle column. Such a line is kept out of the body's blocks and read
// first (head) or last (foot) when it sits at the top or bottom edge of the page's text and is either far from the
// body (over two of its lines: the block rule) or set smaller than the body line next to it and apart from it
// (over half a line): a running head or foot, a page number, a footnote at the foot of the page.
import type { Line } from './layout.ts';

/** The lines of the band at one edge (those overlapping the edge-most line, and so on), and the first line past
 * it; null when the band would take every line. `order` lists line indices from that edge inwards. */
function edgeBand(lines: readonly Line[], order: number[], top: boolean): { band: number[]; next: number } | null {
  const near = (i: number) => (top ? (lines[i] as Line).v - (lines[i] as Line).size : -(lines[i] as Line).v);
  const far = (i: number) => (top ? (lines[i] as Line).v : -((lines[i] as Line).v - (lines[i] as Line).size));
  const first = order[0];
  if (first === undefined) return null;
  const band = [first];
  let reach = far(first);
  let k = 1;
  for (; k < order.length && near(order[k] as number) < reach; k++) {
    band.push(order[k] as number);
    reach = Math.max(reach, far(order[k] as number));
  }
  return k < order.length ? { band, next: order[k] as number } : null;
}

/** Per line: -1 for a running head, 1 for a running foot, 0 for the body. Only lines of the page's main direction
 * (the one most lines run in) are judged. */
export function furnitureLines(lines: readonly Line[]): Int8Array {
  const out = new Int8Array(lines.length);
  const count = new Map<number, number>();
  for (const l of lines) count.set(l.dirKey, (count.get(l.dirKey) ?? 0) + 1);
  let main = 0;
  let most = -1;
  for (const [dirKey, n] of count) if (n > most || (n === most && dirKey < main)) [main, most] = [dirKey, n];
  const ids = lines.map((_, i) => i).filter((i) => (lines[i] as Line).dirKey === main);
  const judge = (top: boolean) => {
    const edgeOf = (i: number) => (top ? (lines[i] as Line).v - (lines[i] as Line).size : -(lines[i] as Line).v);
    const order = [...ids].sort((a, b) => edgeOf(a) - edgeOf(b));
    const edge = edgeBand(lines, order, top);
    if (!edge) return;
    const size = Math.max(...edge.band.map((i) => (lines[i] as Line).size));
    const next = lines[edge.next] as Line;
    const outer = edge.band.map((i) => lines[i] as Line);
    // the band's span across the text and its gap to the next line in
    const height = Math.max(...outer.map((l) => l.v)) - Math.min(...outer.map((l) => l.v - l.size));
    const gap = top ? next.v - next.size - Math.max(...outer.map((l) => l.v)) : Math.min(...outer.map((l) => l.v - l.size)) - next.v;
    const apart = gap > 2 * size || (size <= 0.9 * next.size && gap > 0.5 * size);
    if (height <= 2.5 * size && apart) for (const i of edge.band) out[i] = top ? -1 : 1;
  };
  judge(true);
  judge(false);
  return out;
}
