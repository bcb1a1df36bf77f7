// Two more readings of a page, tried when a quote is not found word for word in its reading order (layout.ts) and
// before any fuzzy matching. Pure, no I/O.
//
// Column detection makes each cell of a table a block of its own and reads the table column by column, so a row
// copied from a table ("Latin America 6 410 12 2.9 %") is nowhere in that order, and its short cells are too short
// to be chained from pieces (exact-match.ts). Two other orders have it:
// - the CONTENT order, the order in which the PDF draws its text (pdf.js's item order): most writers draw a table
//   row by row, a wrapped cell's lines one after the other;
// - the ROW order: the page's runs by baseline, top to bottom, each row across the whole page left to right (right
//   to left in right-to-left rows), for a table drawn column by column.
// A quote found whole in either is an exact match; it is mapped back onto the page's own index, so its rectangles
// are drawn like any other's (one per line fragment, in the quote's order). Nothing is chained or approximated here:
// a quote must occur contiguously, so a reading that mixes columns cannot make up a passage. Readings are made on
// demand and not kept: each costs one pass over the page's key, far less than the fuzzy search that would follow.
import { hasRtl } from './bidi.ts';
import { LTR, RTL } from './line-geometry.ts';
import type { RunGeom } from './layout.ts';
import type { Span } from './search-window.ts';
import type { IndexedPage, TextIndex } from './text-index.ts';

/** Per run, where its characters start in a page's key and how many there are: text-index.ts pushes a run's
 * characters one after the other, so they are consecutive in the key (spaces are not in it). */
function runRanges(p: IndexedPage): { start: Int32Array; count: Int32Array } {
  const n = p.source.runs.length;
  const start = new Int32Array(n).fill(-1);
  const count = new Int32Array(n);
  for (let k = 0; k < p.key.length; k++) {
    const r = p.run[p.keyToText[k] ?? -1] ?? -1;
    if (r < 0 || r >= n) continue;
    if (start[r] === -1) start[r] = k;
    count[r]!++;
  }
  return { start, count };
}

/** The laid-out runs in the order the PDF draws them. */
export function contentOrder(p: IndexedPage): RunGeom[] {
  return [...p.geom.values()].sort((a, b) => a.run - b.run);
}

/** The laid-out runs by rows: runs of one direction whose baselines lie within 0.4 of their size of the row's first,
 * top to bottom; each row read along its direction (right to left when right-to-left letters dominate it). */
export function rowOrder(p: IndexedPage): RunGeom[] {
  const runs = [...p.geom.values()].sort((a, b) => a.dirKey - b.dirKey || a.v - b.v || a.u0 - b.u0);
  const rows: RunGeom[][] = [];
  for (const g of runs) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && first.dirKey === g.dirKey && Math.abs(g.v - first.v) <= 0.4 * Math.max(g.size, first.size)) row.push(g);
    else rows.push([g]);
  }
  return rows.flatMap((row) => {
    const text = row.map((g) => p.source.runs[g.run]?.str ?? '').join('');
    const rtl = hasRtl(text) && (text.match(RTL)?.length ?? 0) > (text.match(LTR)?.length ?? 0);
    return row.sort((a, b) => (rtl ? b.u1 - a.u1 : a.u0 - b.u0));
  });
}

/**
 * A reading of the page as a match key, with each of its characters' offset in the page's own key. A run's
 * characters are folded alike whatever is read before or after them (the key has no spaces or hyphens), so a
 * reading is the page's own key taken run by run in another order: nothing is folded again.
 */
function reread(order: RunGeom[], ranges: ReturnType<typeof runRanges>, pageKey: string): { key: string; toPage: Int32Array } {
  const toPage = new Int32Array(pageKey.length);
  const parts: string[] = [];
  let m = 0;
  for (const g of order) {
    const at = ranges.start[g.run] ?? -1;
    const n = ranges.count[g.run] ?? 0;
    if (at < 0) continue;
    for (let c = 0; c < n; c++) toPage[m++] = at + c;
    parts.push(pageKey.slice(at, at + n));
  }
  return { key: parts.join(''), toPage: toPage.subarray(0, m) };
}

/** Key offsets [at, at + n) of a reading as spans of the page's own index, in the reading's order. */
function toPageSpans(page: number, toPage: Int32Array, at: number, n: number): Span[] {
  const spans: Span[] = [];
  for (let k = at; k < at + n; k++) {
    const g = toPage[k] as number;
    const last = spans[spans.length - 1];
    if (last && last.k1 === g) last.k1++;
    else spans.push({ page, k0: g, k1: g + 1 });
  }
  return spans;
}

/** True when page key offset `k` starts a word of the page's text. */
function wordStart(p: IndexedPage, k: number): boolean {
  const t = p.keyToText[k] ?? 0;
  return t === 0 || p.text[t - 1] === ' ';
}

/**
 * The first of `pages` (in that order; pages not indexed are skipped) on which the quote's key occurs whole in the
 * content order or, failing that, in the row order: its spans on that page's own index, or null. Among several
 * occurrences in a reading, the first that starts a word wins.
 */
export function findInOtherReadings(index: TextIndex, key: string, pages: readonly number[]): Span[] | null {
  if (!key) return null;
  for (const n of new Set(pages)) {
    const p = index.get(n);
    if (!p || p.key.length < key.length) continue;
    const ranges = runRanges(p);
    for (const order of [contentOrder(p), rowOrder(p)]) {
      const reading = reread(order, ranges, p.key);
      let pick = -1;
      for (let at = reading.key.indexOf(key); at >= 0; at = reading.key.indexOf(key, at + 1)) {
        if (pick < 0) pick = at;
        if (wordStart(p, reading.toPage[at] as number)) {
          pick = at;
          break;
        }
      }
      if (pick >= 0) return toPageSpans(n, reading.toPage, pick, key.length);
    }
  }
  return null;
}
