// Matching a normalized quote against indexed pages: exact (with block chaining) and fuzzy (word alignment).
import { punctSignature } from './normalize.ts';
export { punctSignature };
import type { IndexedPage } from './text-index.ts';

/** A matched key range on one page. */
export interface Span {
  page: number;
  k0: number;
  k1: number;
}

/** Consecutive indexed pages searched as one text (so a quote can run from one page into the next). */
export interface Window {
  pages: IndexedPage[];
  key: string;
  /** Start offset of each page in `key`. */
  offsets: number[];
  /** Global key offsets where a block starts (page starts included), ascending. */
  blockStarts: number[];
  /** Global key offsets where a block ends (page ends included), ascending. */
  blockEnds: number[];
}

export function makeWindow(pages: IndexedPage[]): Window {
  const offsets: number[] = [];
  const starts = new Set<number>();
  const ends = new Set<number>();
  let off = 0;
  for (const p of pages) {
    offsets.push(off);
    for (const b of p.blockStarts) {
      starts.add(off + b);
      if (b > 0) ends.add(off + b);
    }
    off += p.key.length;
    ends.add(off);
  }
  return {
    pages,
    key: pages.map((p) => p.key).join(''),
    offsets,
    blockStarts: [...starts].filter((s) => s < off).sort((a, b) => a - b),
    blockEnds: [...ends].sort((a, b) => a - b),
  };
}

/** Splits a global key range of a window into per-page spans. */
export function toSpans(win: Window, g0: number, g1: number): Span[] {
  const out: Span[] = [];
  win.pages.forEach((p, i) => {
    const off = win.offsets[i] ?? 0;
    const a = Math.max(g0, off);
    const b = Math.min(g1, off + p.key.length);
    if (b > a) out.push({ page: p.page, k0: a - off, k1: b - off });
  });
  return out;
}

function pageAt(win: Window, g: number): number {
  for (let i = win.pages.length - 1; i >= 0; i--) if (g >= (win.offsets[i] ?? 0)) return win.pages[i]?.page ?? 0;
  return win.pages[0]?.page ?? 0;
}

function lcp(text: string, at: number, q: string, qpos: number): number {
  let n = 0;
  while (at + n < text.length && qpos + n < q.length && text.charCodeAt(at + n) === q.charCodeAt(qpos + n)) n++;
  return n;
}

/** Minimum length (key units) of each piece of a quote split across blocks. */
export const MIN_PIECE = 8;
const MAX_PIECES = 4;
const MAX_OCCURRENCES = 500;

function isWordStart(win: Window, g: number): boolean {
  const i = win.pages.findIndex((_, k) => g < (win.offsets[k] ?? 0) + (win.pages[k]?.key.length ?? 0));
  if (i < 0) return false;
  const p = win.pages[i] as IndexedPage;
  const k = g - (win.offsets[i] ?? 0);
  const t = p.keyToText[k] ?? 0;
  return t === 0 || p.text[t - 1] === ' ';
}

/**
 * Exact search of `q` (a match key) in a window. A contiguous occurrence wins; otherwise the quote may be split
 * into up to 4 pieces (each ≥ MIN_PIECE long), each piece but the last ending a block and each but the first
 * starting one: this bridges footnotes, figures, running heads and column or page breaks between the pieces.
 * Among several occurrences the one on `preferPage` (then: starting at a word boundary) wins.
 */
export function findExact(win: Window, q: string, preferPage?: number, qPunct?: string): Span[] | null {
  if (!q || win.key.length === 0) return null;
  const occ: number[] = [];
  for (let s = win.key.indexOf(q); s >= 0 && occ.length < MAX_OCCURRENCES; s = win.key.indexOf(q, s + 1)) occ.push(s);
  if (occ.length > 0) {
    const rank = (s: number) =>
      (pageAt(win, s) === preferPage ? 0 : 4) +
      (isWordStart(win, s) ? 0 : 1) +
      (occ.length > 1 && qPunct ? 2 * (1 - punctSimilarity(qPunct, punctOf(win, s, s + q.length))) : 0);
    let best = occ[0] as number;
    let bestRank = rank(best);
    for (const s of occ) {
      const r = rank(s);
      if (r < bestRank) {
        best = s;
        bestRank = r;
      }
    }
    return toSpans(win, best, best + q.length);
  }
  if (q.length < 2 * MIN_PIECE) return null;
  const head = q.slice(0, MIN_PIECE);
  const firsts: number[] = [];
  for (let s = win.key.indexOf(head); s >= 0 && firsts.length < MAX_OCCURRENCES; s = win.key.indexOf(head, s + 1)) {
    firsts.push(s);
  }
  firsts.sort((a, b) => (pageAt(win, a) === preferPage ? 0 : 1) - (pageAt(win, b) === preferPage ? 0 : 1) || a - b);
  for (const s of firsts) {
    const l = lcp(win.key, s, q, 0);
    const ends = win.blockEnds.filter((e) => e >= s + MIN_PIECE && e <= s + l).reverse();
    for (const e of ends) {
      const rest = chainFrom(win, q, e - s, MAX_PIECES - 1, s, e);
      if (rest) return [...toSpans(win, s, e), ...rest];
    }
  }
  return null;
}

function punctSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const n = Math.max(a.length, b.length);
  if (n === 0) return 1;
  const counts = new Map<string, number>();
  for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
  let common = 0;
  for (const c of b) {
    const k = counts.get(c) ?? 0;
    if (k > 0) {
      common++;
      counts.set(c, k - 1);
    }
  }
  return common / n;
}

/** The punctuation of the raw text under global key range [g0, g1), including what trails the last key char. */
function punctOf(win: Window, g0: number, g1: number): string {
  let out = '';
  win.pages.forEach((p, i) => {
    const off = win.offsets[i] ?? 0;
    const a = Math.max(g0, off) - off;
    const b = Math.min(g1, off + p.key.length) - off;
    if (b <= a) return;
    const t0 = p.keyToText[a] ?? 0;
    const t1 = b < p.key.length ? (p.keyToText[b] ?? p.text.length) : p.text.length;
    let run = -1;
    let s = 0;
    let e = 0;
    const flush = (until?: number) => {
      const str = p.source.runs[run]?.str;
      if (str !== undefined) out += punctSignature(str.slice(s, until ?? e));
    };
    for (let t = t0; t <= t1 && t < p.text.length; t++) {
      if (t > t0) out += p.orphanPunct.get(t) ?? '';
      const r = p.run[t] ?? -1;
      if (r < 0) continue;
      const last = t === t1;
      if (r !== run) {
        if (run >= 0) flush(p.source.runs[run]?.str.length);
        if (last) break;
        run = r;
        s = p.start[t] ?? 0;
        e = p.end[t] ?? 0;
      } else if (last) {
        flush(p.start[t] ?? e);
        run = -1;
        break;
      } else e = Math.max(e, p.end[t] ?? 0);
    }
    if (run >= 0) flush(p.source.runs[run]?.str.length);
    if (t1 >= p.text.length) out += p.orphanPunct.get(p.text.length) ?? '';
  });
  return out;
}

function chainFrom(win: Window, q: string, qpos: number, left: number, u0: number, u1: number): Span[] | null {
  if (left <= 0) return null;
  const need = q.length - qpos;
  for (const b of win.blockStarts) {
    if (b >= u0 && b < u1) continue; // not inside a piece already used
    const l = lcp(win.key, b, q, qpos);
    if (l < MIN_PIECE && l < need) continue;
    if (l === need) {
      if (need >= MIN_PIECE) return toSpans(win, b, b + l);
      continue;
    }
    if (left <= 1) continue;
    const ends = win.blockEnds.filter((e) => e >= b + MIN_PIECE && e <= b + l).reverse();
    for (const e of ends) {
      const rest = chainFrom(win, q, qpos + (e - b), left - 1, Math.min(u0, b), Math.max(u1, e));
      if (rest) return [...toSpans(win, b, e), ...rest];
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Fuzzy: local alignment of the quote's words against the window's words, in order.

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/** Damerau (optimal string alignment) distance, giving up (returning max + 1) once it exceeds `max`. */
function levenshtein(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const lb = b.length;
  if (rowA.length <= lb) {
    rowA = new Int32Array(lb + 1);
    rowB = new Int32Array(lb + 1);
    rowC = new Int32Array(lb + 1);
  }
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + (ca === cb ? 0 : 1));
      // transposition: "اخل" vs "الخ"
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) v = Math.min(v, (prev2[j - 2] as number) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb] as number;
}

/** Similarity of two words in 0..1: 1 when equal, 1 − edit distance / length when close, else 0. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const n = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) < 3) return 0;
  const max = Math.floor(n * 0.3);
  const d = levenshtein(a, b, max);
  if (d > max) return 0;
  return 1 - d / n;
}

const SUBSTITUTION = -0.4;
const GAP = -0.5;

export interface FuzzyMatch {
  spans: Span[];
  score: number;
}

/** Per-quote cache of page-word similarities, shared across windows (pass the same object for one quote). */
export type SimilarityCache = Map<string, Float32Array>;

/** The best in-order word alignment of `qWords` in the window, scored 0..1 (fraction of the quote matched,
 * minus penalties for wrong, missing and extra words). */
export function findFuzzy(win: Window, qWords: string[], cache: SimilarityCache = new Map()): FuzzyMatch | null {
  const n = qWords.length;
  if (n < 2) return null;
  const words: { g0: number; g1: number; key: string; page: IndexedPage; line: number }[] = [];
  win.pages.forEach((p, i) => {
    const off = win.offsets[i] ?? 0;
    for (const w of p.words) {
      words.push({ g0: off + w.k0, g1: off + w.k1, key: w.key, page: p, line: p.line[p.keyToText[w.k0] ?? 0] ?? -1 });
    }
  });
  const m = words.length;
  if (m === 0) return null;
  // cheap filter: enough of the quote's distinct words must occur in the window
  const qset = new Set(qWords);
  const seen = new Set<string>();
  for (const w of words) if (qset.has(w.key)) seen.add(w.key);
  if (seen.size < Math.max(1, Math.ceil(qset.size * 0.4))) return null;

  // similarity rows: for each page word, its similarity to every quote word
  const rows: Float32Array[] = new Array<Float32Array>(m);
  for (let j = 0; j < m; j++) {
    const key = (words[j] as (typeof words)[number]).key;
    let row = cache.get(key);
    if (!row) {
      row = new Float32Array(n);
      for (let i = 0; i < n; i++) row[i] = wordSimilarity(qWords[i] as string, key);
      cache.set(key, row);
    }
    rows[j] = row;
  }
  const sim = (i: number, j: number): number => (rows[j] as Float32Array)[i] as number;
  const W = m + 1;
  const H = new Float32Array((n + 1) * W);
  const dir = new Uint8Array((n + 1) * W); // 0 stop, 1 diag, 2 up (skip quote word), 3 left (skip page word)
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const s = sim(i - 1, j - 1);
      const diag = (H[(i - 1) * W + j - 1] as number) + (s > 0 ? s : SUBSTITUTION);
      const up = (H[(i - 1) * W + j] as number) + GAP;
      const left = (H[i * W + j - 1] as number) + GAP;
      let v = 0;
      let d = 0;
      if (diag > v) {
        v = diag;
        d = 1;
      }
      if (up > v) {
        v = up;
        d = 2;
      }
      if (left > v) {
        v = left;
        d = 3;
      }
      H[i * W + j] = v;
      dir[i * W + j] = d;
      if (v > best) {
        best = v;
        bi = i;
        bj = j;
      }
    }
  }
  if (best <= 0) return null;
  // trace back to the first aligned page word
  let i = bi;
  let j = bj;
  let firstJ = bj;
  const lines = new Set<number>();
  while (i > 0 && j > 0) {
    const d = dir[i * W + j];
    if (d === 0) break;
    if (d === 1) {
      firstJ = j;
      const w = words[j - 1] as (typeof words)[number];
      lines.add(w.page.page * 100000 + w.line);
      i--;
      j--;
    } else if (d === 2) i--;
    else j--;
  }
  const score = Math.max(0, Math.min(1, best / n));
  // a short quote (< 4 words) matched fuzzily must lie on one line: across lines, word order is too weak a signal
  if (n < 4 && lines.size > 1) return null;
  const w0 = words[firstJ - 1] as (typeof words)[number];
  const w1 = words[bj - 1] as (typeof words)[number];
  return { spans: toSpans(win, w0.g0, w1.g1), score };
}
