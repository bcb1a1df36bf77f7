// Which evidence quantity is the claim's, and what it says of it: stated (inside the claim's range), differs (outside
// it), open (overlapping), absent. See quantities.ts for how a quantity's range and its surrounding words are read.
import type { Interval, Quantity } from './quantities.ts';

const below = (a: number, aOpen: boolean, b: number, bOpen: boolean) => a < b || (a === b && (aOpen || bOpen));

/** True when the two ranges share no point. */
export function disjoint(a: Interval, b: Interval): boolean {
  return below(a.hi, a.hiOpen, b.lo, b.loOpen) || below(b.hi, b.hiOpen, a.lo, a.loOpen);
}

/** True when every point of `inner` lies in `outer`. */
export function within(inner: Interval, outer: Interval): boolean {
  const loOk = inner.lo > outer.lo || (inner.lo === outer.lo && (!outer.loOpen || inner.loOpen));
  const hiOk = inner.hi < outer.hi || (inner.hi === outer.hi && (!outer.hiOpen || inner.hiOpen));
  return loOk && hiOk;
}

function sameKind(c: Quantity, e: Quantity): boolean {
  if (c.kind === 'date' || e.kind === 'date') return c.kind === e.kind && !!c.yearless === !!e.yearless;
  if (c.dimension || e.dimension) return c.dimension === e.dimension;
  if (c.kind === 'number' || e.kind === 'number') return c.kind === e.kind;
  return c.kind === e.kind;
}

const overlap = (a: readonly string[], b: readonly string[]) => a.filter((x) => b.includes(x)).length;

/** Does the word the claim's quantity counts ("cases" in "3,780 cases", "COVID-19 cases") stand by the evidence's? */
const headShared = (c: Quantity, e: Quantity) => c.after.slice(0, 2).some((h) => e.after.includes(h) || e.before.includes(h));

/** How much the words around two quantities agree: the counted noun right after both weighs most. */
function affinity(c: Quantity, e: Quantity): number {
  const head = c.after.slice(0, 2).includes(e.after[0] ?? '') ? 3 : headShared(c, e) ? 1 : 0;
  return head + overlap(c.after, [...e.after, ...e.before]) + overlap(c.before, [...e.before, ...e.after]);
}

/** Half or more of the claim sentence's content words are in the evidence quantity's sentence. */
const sameSentence = (c: Quantity, e: Quantity) => c.sentence.length > 0 && overlap(c.sentence, e.sentence) / c.sentence.length >= 0.5;

/** How far apart two values are, by ratio: the same quantity restated is usually close to it. */
function distance(c: Quantity, e: Quantity): number {
  let best = Infinity;
  for (const a of c.points) for (const b of e.points) best = Math.min(best, Math.abs(Math.log((Math.abs(a) + 1) / (Math.abs(b) + 1))));
  return best;
}

export type QuantityRelation =
  { kind: 'stated'; evidence: Quantity } | { kind: 'differs'; evidence: Quantity } | { kind: 'open'; evidence: Quantity } | { kind: 'absent' };

/** One claim quantity against the one evidence quantity taken to be the same. */
export function compare(c: Quantity, e: Quantity): QuantityRelation {
  if (e.ranges.some((er) => c.ranges.some((cr) => within(er, cr)))) return { kind: 'stated', evidence: e };
  // "$ 95 million" where the passage says "over $ 95 million" is read with the claim's precision ($ 94.5–95.5 million):
  // the passage's figure may be inside it, so the two are open, not contradictory. (Reading the claim's figure as an
  // exact point called them contradicted; VitaminC labels that pattern refuted once, not-enough-info once and
  // supported once, and a false error on a right claim costs more than a missed one.)
  const claimRanges = c.ranges;
  // a figure "as of" a date says when it was read, so another date is no contradiction (quantities.ts, `snapshot`)
  if (e.ranges.every((er) => claimRanges.every((cr) => disjoint(er, cr))))
    return c.snapshot || e.snapshot || c.span || e.span ? { kind: 'open', evidence: e } : { kind: 'differs', evidence: e };
  return { kind: 'open', evidence: e };
}

/**
 * What the evidence says about one claim quantity. The evidence's quantities of the same kind are candidates; the
 * one whose surrounding words agree most with the claim's (then the closest in value) is the same quantity. Plain
 * counts need the counted noun in common ("184 reviews" for "more than 183 reviews"). A quantity whose words share
 * nothing with the claim's may state it, but never contradicts it: "passwords expire after 90 days" is not
 * contradicted by "accounts are disabled after 30 days".
 */
export function relate(c: Quantity, evidence: readonly Quantity[]): QuantityRelation {
  // "on December 10th" is stated by "10 December 2018": a date without a year is compared by month and day
  const dated = c.yearless
    ? evidence.flatMap((e) =>
        e.kind === 'date' && !e.yearless && e.monthDay
          ? [{ ...e, yearless: true, points: e.monthDay, ranges: e.monthDay.map((v) => ({ lo: v, hi: v, loOpen: false, hiOpen: false })) }]
          : [],
      )
    : [];
  const candidates = [...evidence, ...dated].filter((e) => sameKind(c, e));
  if (candidates.length === 0) return { kind: 'absent' };
  // "more than twice its predecessor" / "almost twice the gross of the original": a ratio (or a score out of N) is
  // rare enough that one on each side is the same comparison, whatever words stand around it
  if ((c.kind === 'ratio' || c.kind === 'fraction') && candidates.length === 1) return compare(c, candidates[0]!);
  const scored = candidates.map((e) => ({ e, a: affinity(c, e) }));
  const best = Math.max(...scored.map((s) => s.a));
  const plainCount = c.kind === 'number' && !c.dimension;
  // One candidate, no shared words next to it, but the same sentence otherwise ("Jay Sekulow was born in 1956" /
  // "Jay Alan Sekulow (born June 10, 1945)"): the same quantity.
  if (best === 0 && candidates.length === 1 && sameSentence(c, candidates[0]!)) return compare(c, candidates[0]!);
  if (best === 0) {
    // Nothing tells which is the same quantity: the closest one may state it, but never contradicts it.
    const closest = candidates.reduce((x, y) => (distance(c, y) < distance(c, x) ? y : x));
    const r = compare(c, closest);
    return r.kind === 'stated' ? r : { kind: 'absent' };
  }
  if (plainCount && c.after.length > 0 && !scored.some((s) => s.a === best && headShared(c, s.e))) return { kind: 'absent' };
  const same = scored.filter((s) => s.a === best).map((s) => s.e);
  const closest = same.reduce((x, y) => (distance(c, y) < distance(c, x) ? y : x));
  return compare(c, closest);
}

const groupKey = (q: Quantity) => `${q.kind}|${q.dimension ?? ''}|${q.yearless ? 'y' : ''}`;

/**
 * Every claim quantity against the evidence. Where the claim and the evidence list the same number of quantities
 * of one kind ("below 17 years and … below 33 years" / "16-year-old … 32 year old"), they are paired in order.
 */
export function relateAll(claim: readonly Quantity[], evidence: readonly Quantity[]): QuantityRelation[] {
  return claim.map((c) => {
    const key = groupKey(c);
    const mine = claim.filter((q) => groupKey(q) === key);
    const theirs = evidence.filter((q) => groupKey(q) === key);
    if (mine.length > 1 && mine.length === theirs.length) return compare(c, theirs[mine.indexOf(c)]!);
    return relate(c, evidence);
  });
}
