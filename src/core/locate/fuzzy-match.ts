// Fuzzy matching: local alignment of the quote's words against the window's words, in order.
import { toSpans, type Span, type Window } from './search-window.ts';
import type { IndexedPage } from './text-index.ts';

// DP rows reused across calls (grown when a word is longer): levenshtein runs for every quote word × page word pair.
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

/**
 * One cell of a word alignment (`H` the scores, `dir` the moves, `W` the row width): the best of a pair of words
 * (their similarity `s`, or the substitution penalty), a quote word alone, or a page word alone, each from its
 * neighbour. `floor` 0 makes it a local alignment (a cell may start afresh: 0, move 0); -Infinity a global one.
 * Moves: 1 pair, 2 quote word alone, 3 page word alone. Shared by the fuzzy search and the difference classifier.
 */
export function alignCell(H: Float32Array, dir: Uint8Array, W: number, i: number, j: number, s: number, floor: number): number {
  const diag = (H[(i - 1) * W + j - 1] as number) + (s > 0 ? s : SUBSTITUTION);
  const up = (H[(i - 1) * W + j] as number) + GAP;
  const left = (H[i * W + j - 1] as number) + GAP;
  let v = floor;
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
  return v;
}

/** What an unpaired word costs in an alignment. */
export const ALIGN_GAP = GAP;

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
      const v = alignCell(H, dir, W, i, j, sim(i - 1, j - 1), 0);
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
