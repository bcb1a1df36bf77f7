// Quantities as ranges: a value read with the precision it was written in, and the range a comparator makes of it
// ("more than 30" is (30, ∞), "about 400" is 400 ± 10 %). Shared by quantities.ts and quantity-fractions.ts. Pure.

export type Comparator = 'eq' | 'gt' | 'ge' | 'lt' | 'le' | 'approx' | 'almost';

export interface Interval {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

/** Half the unit of the last written digit: "2.5" is read as 2.45–2.55, "26" as 25.5–26.5. */
export const halfUnit = (written: string) => {
  const m = /[.,](\d+)$/u.exec(written.replace(/\s/gu, ''));
  // a decimal part of exactly three digits after a comma is a thousands group, not decimals
  const decimals = m && !(written.includes(',') && m[1]!.length === 3) ? m[1]!.length : 0;
  return 0.5 * 10 ** -decimals;
};

// A bound on a number is the number as written ("more than 20.5 million": above 20.5 million); a bound on a date is
// the whole date ("after 2000": after the last day of 2000, "before 2017": before its first day).
export function withComparator(r: Interval, cmp: Comparator, claim: boolean, value: number, date = false): Interval {
  switch (cmp) {
    case 'gt':
      return { lo: date ? r.hi : value, hi: Infinity, loOpen: true, hiOpen: true };
    case 'ge':
      return { lo: date ? r.lo : value, hi: Infinity, loOpen: false, hiOpen: true };
    case 'lt':
      return { lo: -Infinity, hi: date ? r.lo : value, loOpen: true, hiOpen: true };
    case 'le':
      return { lo: -Infinity, hi: date ? r.hi : value, loOpen: true, hiOpen: false };
    case 'approx':
      return claim
        ? { lo: Math.min(r.lo, value * 0.9), hi: Math.max(r.hi, value * 1.1), loOpen: false, hiOpen: false }
        : { lo: value, hi: value, loOpen: false, hiOpen: false };
    case 'almost':
      return { lo: value * 0.85, hi: value, loOpen: false, hiOpen: true };
    case 'eq':
      return claim ? r : { lo: value, hi: value, loOpen: false, hiOpen: false };
  }
}
