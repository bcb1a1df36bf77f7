// Two shapes of numbers that are not counts: a score out of N ("50/100", "72 out of 100"), read as one fraction, and
// the two ends of "4–1" or "10-20" (a score or a range), which state a value but never contradict one. Pure.
import type { Quantity } from './quantities.ts';
import { halfUnit, withComparator } from './quantity-intervals.ts';

const SPAN = /(?<![\d.,])\d+(?:[.,]\d+)?\s?[–-]\s?\d+(?:[.,]\d+)?(?![\d])/gu;
// "N out of M" for any M; "N/M" only on a rating scale and with no unit after it ("14/22° C" is two temperatures)
const FRACTION = /(?<![\d.,/])(\d+(?:\.\d+)?)\s*(?:\/\s*(?=(?:4|5|10|20|100)(?![\d.,]\s*\d)(?!\s*[°%\p{L}]))|out\s+of\s*)(\d+(?:\.\d+)?)(?![\d/])/gu;

/**
 * "50/100", "72 out of 100", "3.8/10": one score, compared as the fraction it is ("over 50/100" is stated by "72 out
 * of 100"), not as two counts. The numbers of "4–1" and "10-20" are marked `span`.
 */
export function fractionsAndSpans(text: string, qs: Quantity[], claim: boolean): Quantity[] {
  const at = (i: number) => qs.find((q) => q.start === i && (q.kind === 'number' || q.kind === 'ordinal'));
  const spans = [...text.matchAll(SPAN)].map((m) => [m.index, m.index + m[0].length] as const);
  let out = qs.map((q) => (q.kind !== 'date' && spans.some(([a, b]) => q.start >= a && q.start < b) ? { ...q, span: true } : q));
  for (const m of text.matchAll(FRACTION)) {
    const top = at(m.index);
    const bottom = at(m.index + m[0].length - m[2]!.length);
    const [n, d] = [Number(m[1]), Number(m[2])];
    if (!top || !bottom || d === 0 || n > d) continue;
    const value = n / d;
    const half = halfUnit(m[1]!) / d;
    const fraction: Quantity = {
      ...top,
      kind: 'fraction',
      text: `${top.text.slice(0, Math.max(0, top.text.lastIndexOf(m[1]!)))}${m[0]}`,
      end: m.index + m[0].length,
      points: [value],
      ranges: [withComparator({ lo: value - half, hi: value + half, loOpen: false, hiOpen: false }, top.cmp, claim, value)],
      after: bottom.after,
    };
    delete fraction.dimension;
    delete fraction.span;
    out = out.filter((q) => q.start !== top.start && q.start !== bottom.start).concat(fraction);
  }
  return out.sort((a, b) => a.start - b.start);
}
