// Where each character of a text run sits along its baseline, for right-to-left and mixed-direction runs.
//
// pdf.js hands out a run's text in LOGICAL order (it runs the bidi algorithm over the glyphs, which a PDF draws
// in visual order, left to right) and marks the run `dir: "rtl"` when right-to-left characters dominate. So the
// first characters of a Hebrew or Arabic run sit at its RIGHT end, and numbers or Latin words inside it keep
// their left-to-right order ("סעיף 15(ב)(4)"). To put a highlight on the right glyphs we re-derive the visual
// order of the run's characters with the Unicode Bidirectional Algorithm (bidi-js: resolved levels, then rule
// L2 reordering) and lay the characters out left to right in that order. Pure, no I/O.
import bidiFactory from 'bidi-js';
import type { TextDirection } from './page-text.ts';

type Bidi = ReturnType<typeof bidiFactory>;
let bidi: Bidi | undefined;
const getBidi = (): Bidi => (bidi ??= bidiFactory());

/** Characters of right-to-left scripts and Arabic digits (bidi classes R, AL, AN): only runs with one need bidi. */
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]|\uD802[\uDC00-\uDFFF]|\uD83B[\uDC00-\uDEFF]/u;
const RTL_CHARS = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
/** Characters that take no advance of their own: combining marks (niqqud, harakat) and format characters. */
const ZERO_WIDTH = /[\p{M}\p{Cf}]/u;

export function hasRtl(str: string): boolean {
  return RTL_CHAR.test(str);
}

/** The base direction pdf.js would pick for a run that does not say: rtl unless right-to-left characters are
 * under 30 % of a run longer than 4 characters (pdf.js `bidi()`). */
function baseDirection(str: string, dir: TextDirection | undefined): 'ltr' | 'rtl' {
  if (dir === 'rtl' || dir === 'ltr') return dir;
  const n = str.match(RTL_CHARS)?.length ?? 0;
  return n / str.length < 0.3 && str.length > 4 ? 'ltr' : 'rtl';
}

/**
 * The visual order of a run's UTF-16 units: `order[m]` is the logical index of the unit in visual slot m, slots
 * counted from the left end of the baseline. Null when visual order is logical order (no right-to-left text, or
 * vertical text), which is the fast, common case.
 */
export function visualOrder(str: string, dir: TextDirection | undefined): number[] | null {
  if (dir === 'ttb' || str.length === 0 || !hasRtl(str)) return null;
  const b = getBidi();
  const levels = b.getEmbeddingLevels(str, baseDirection(str, dir));
  return b.getReorderedIndices(str, levels);
}

/** A piece of a run along its baseline, as fractions (0 = left end, 1 = right end) of the run's advance. */
export interface RunSpan {
  f0: number;
  f1: number;
}

/** Measures a string in em; see `MeasureText`. */
export type Measure = (text: string) => number;

/** Advance of each logical unit: measured per stretch of one direction (so shaping and kerning inside a word
 * count), or 1 per visible character without a measurer. */
function advances(str: string, order: number[], measure: Measure | undefined): Float64Array {
  const w = new Float64Array(str.length);
  for (let k = 0; k < str.length; k++) w[k] = ZERO_WIDTH.test(str[k] as string) ? 0 : 1;
  if (!measure) return w;
  // Logical stretches whose units sit next to each other visually, in one direction: prefix widths there are real.
  const slot = new Int32Array(str.length);
  order.forEach((k, m) => (slot[k] = m));
  let a = 0;
  while (a < str.length) {
    let b = a + 1;
    const step = b < str.length ? (slot[b] as number) - (slot[a] as number) : 0;
    if (step === 1 || step === -1) while (b < str.length && (slot[b] as number) - (slot[b - 1] as number) === step) b++;
    const piece = str.slice(a, b);
    let prev = 0;
    const measured = new Float64Array(b - a);
    let ok = true;
    for (let k = a; k < b; k++) {
      const cur = measure(piece.slice(0, k - a + 1));
      if (!Number.isFinite(cur)) ok = false;
      measured[k - a] = Math.max(0, cur - prev);
      prev = cur;
    }
    if (ok) for (let k = a; k < b; k++) w[k] = measured[k - a] as number;
    a = b;
  }
  return w;
}

/**
 * The visual pieces of logical range [i, j) of a bidi run, left to right along the baseline: one piece when the
 * range is visually contiguous (the usual case), several when a direction change splits it (a quote that starts
 * inside a Latin phrase embedded in Hebrew). Pieces are listed in the logical order of their first character.
 */
export function bidiSpans(str: string, order: number[], i: number, j: number, measure?: Measure): RunSpan[] {
  const w = advances(str, order, measure);
  let total = 0;
  for (const v of w) total += v;
  if (!(total > 0)) return [];
  const left = new Float64Array(str.length);
  let x = 0;
  for (const k of order) {
    left[k] = x;
    x += w[k] as number;
  }
  // walk the visual slots, collecting maximal runs of slots whose unit lies in [i, j)
  const pieces: { f0: number; f1: number; first: number }[] = [];
  let cur: { f0: number; f1: number; first: number } | null = null;
  for (const k of order) {
    const inside = k >= i && k < j;
    if (inside) {
      const x0 = (left[k] as number) / total;
      const x1 = ((left[k] as number) + (w[k] as number)) / total;
      if (cur) {
        cur.f1 = x1;
        cur.first = Math.min(cur.first, k);
      } else cur = { f0: x0, f1: x1, first: k };
    } else if (cur && (w[k] as number) > 0) {
      pieces.push(cur);
      cur = null;
    }
  }
  if (cur) pieces.push(cur);
  return pieces
    .filter((p) => p.f1 > p.f0)
    .sort((p, q) => p.first - q.first)
    .map(({ f0, f1 }) => ({ f0, f1 }));
}
