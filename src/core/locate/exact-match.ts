// Exact matching: the quote's key verbatim in the window, or chained across block boundaries.
import { punctOf, punctSimilarity } from './punct-tiebreak.ts';
import { isWordStart, pageAt, toSpans, type Span, type Window } from './search-window.ts';

/** Length of the common prefix of `text` from `at` and `q` from `qpos`. */
function lcp(text: string, at: number, q: string, qpos: number): number {
  let n = 0;
  while (at + n < text.length && qpos + n < q.length && text.charCodeAt(at + n) === q.charCodeAt(qpos + n)) n++;
  return n;
}

/** Minimum length (key units) of each piece of a quote split across blocks. */
export const MIN_PIECE = 8;
const MAX_PIECES = 4;
const MAX_OCCURRENCES = 500;

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

/** The rest of `q` from `qpos` as up to `left` pieces, each starting a block outside the key range [u0, u1) used so far. */
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
