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
// a quote must occur contiguously, so a reading that mixes columns cannot make up a passage.
import { findExact } from './exact-match.ts';
import { LTR, RTL } from './line-geometry.ts';
import type { RunGeom } from './layout.ts';
import type { Span } from './search-window.ts';
import { makeWindow } from './search-window.ts';
import { indexPage, type IndexedPage, type Reading, type TextIndex } from './text-index.ts';

/** Per run, the key offsets of its characters in a page's index, in order. */
function keyUnitsByRun(p: IndexedPage): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let k = 0; k < p.key.length; k++) {
    const r = p.run[p.keyToText[k] ?? -1] ?? -1;
    if (r < 0) continue;
    const list = out.get(r);
    if (list) list.push(k);
    else out.set(r, [k]);
  }
  return out;
}

/** The laid-out runs in the order the PDF draws them, each read as a line of its own. */
export function contentOrder(p: IndexedPage): Reading {
  const runs = [...p.geom.values()].sort((a, b) => a.run - b.run);
  return [{ lines: runs.map((g) => ({ runs: [g] })) }];
}

/** The laid-out runs by rows: runs of one direction whose baselines lie within 0.4 of their size of the row's first,
 * top to bottom; each row read along its direction (right to left when right-to-left letters dominate it). */
export function rowOrder(p: IndexedPage): Reading {
  const runs = [...p.geom.values()].sort((a, b) => a.dirKey - b.dirKey || a.v - b.v || a.u0 - b.u0);
  const rows: RunGeom[][] = [];
  for (const g of runs) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    if (row && first && first.dirKey === g.dirKey && Math.abs(g.v - first.v) <= 0.4 * Math.max(g.size, first.size)) row.push(g);
    else rows.push([g]);
  }
  return [
    {
      lines: rows.map((row) => {
        const text = row.map((g) => p.source.runs[g.run]?.str ?? '').join('');
        const rtl = (text.match(RTL)?.length ?? 0) > (text.match(LTR)?.length ?? 0);
        return { runs: row.sort((a, b) => (rtl ? b.u1 - a.u1 : a.u0 - b.u0)) };
      }),
    },
  ];
}

interface OtherReading {
  index: IndexedPage;
  /** Per key offset of `index`: the same character's key offset in the page's own index. */
  toPage: Int32Array;
}

const readings = new WeakMap<IndexedPage, OtherReading[]>();

function otherReadings(p: IndexedPage): OtherReading[] {
  const cached = readings.get(p);
  if (cached) return cached;
  const own = keyUnitsByRun(p);
  const out = [contentOrder(p), rowOrder(p)].map((reading) => {
    const index = indexPage(p.source, reading);
    // Each run's characters are folded the same way in every reading, so the n-th character of a run in one
    // reading is its n-th character in the other.
    const toPage = new Int32Array(index.key.length).fill(-1);
    for (const [r, ks] of keyUnitsByRun(index)) {
      const mine = own.get(r) ?? [];
      ks.forEach((k, n) => (toPage[k] = mine[n] ?? -1));
    }
    return { index, toPage };
  });
  readings.set(p, out);
  return out;
}

/** Key range [k0, k1) of a reading as spans of the page's own index, in the reading's order. */
function toPageSpans(page: number, reading: OtherReading, k0: number, k1: number): Span[] | null {
  const spans: Span[] = [];
  for (let k = k0; k < k1; k++) {
    const at = reading.toPage[k] ?? -1;
    if (at < 0) return null;
    const last = spans[spans.length - 1];
    if (last && last.k1 === at) last.k1++;
    else spans.push({ page, k0: at, k1: at + 1 });
  }
  return spans;
}

/**
 * The first of `pages` (in that order; pages not indexed are skipped) on which the quote's key occurs whole in the
 * content order or, failing that, in the row order: its spans on that page's own index, or null.
 */
export function findInOtherReadings(index: TextIndex, key: string, pages: readonly number[], punct?: string): Span[] | null {
  if (!key) return null;
  for (const n of new Set(pages)) {
    const p = index.get(n);
    if (!p) continue;
    for (const reading of otherReadings(p)) {
      const hit = findExact(makeWindow([reading.index]), key, n, punct)?.[0];
      if (!hit || hit.k1 - hit.k0 !== key.length) continue;
      const spans = toPageSpans(n, reading, hit.k0, hit.k1);
      if (spans) return spans;
    }
  }
  return null;
}
