// The support rules on the labelled VitaminC pairs (src/testing/support-pairs): floors that the rules must keep.
// Issue #33 §3 sets higher targets than the rules reach on this set (docs/benchmarks.md, "Support verdicts"); these
// floors are what they measured when written (rounded down a little), so a change that makes the verdicts worse
// fails here. Raise them when the rules get better; never lower them to let a change through.
import { describe, expect, it } from 'vitest';
import { supportVerdict } from '../src/core/review/support-verdict.ts';
import { evaluate, HELD_OUT_FILES, loadPairs, type Pair } from './support-bench/pairs.ts';

const pairs = loadPairs();
const verdictOf = (p: Pair) => supportVerdict(p.claim, { passages: [p.evidence] }).verdict;

describe('support verdicts on 400 labelled VitaminC pairs', () => {
  it('has the pairs the README describes, in two fixed halves', () => {
    expect(pairs).toHaveLength(400);
    expect(pairs.filter((p) => p.gold === 'supported')).toHaveLength(154);
    expect(pairs.filter((p) => p.gold === 'contradicted')).toHaveLength(134);
    expect(pairs.filter((p) => p.half === 'dev')).toHaveLength(118);
    // the files added later are held out whole
    expect(pairs.filter((p) => HELD_OUT_FILES.has(p.file) && p.half === 'dev')).toHaveLength(0);
  });

  it('keeps its measured floors on the dev half (the pairs the rules were tuned on)', () => {
    const m = evaluate(
      pairs.filter((p) => p.half === 'dev'),
      verdictOf,
    );
    expect(m.falseContradicted).toBe(0); // 0 of 49
    expect(m.contradictedCaught).toBeGreaterThanOrEqual(0.51); // 21 of 41
    expect(m.valueChangeCaught).toBeGreaterThanOrEqual(0.83); // 15 of 18
    expect(m.supportedShown).toBeGreaterThanOrEqual(0.44); // 22 of 49
    expect(m.supportedPrecision).toBe(1); // 22 of 22
  });

  it('keeps its measured floors on the held-out half', () => {
    const m = evaluate(
      pairs.filter((p) => p.half === 'held-out'),
      verdictOf,
    );
    expect(m.falseContradicted).toBeLessThanOrEqual(0.039); // 4 of 105
    expect(m.contradictedCaught).toBeGreaterThanOrEqual(0.41); // 39 of 93
    expect(m.valueChangeCaught).toBeGreaterThanOrEqual(0.77); // 31 of 40
    expect(m.supportedShown).toBeGreaterThanOrEqual(0.36); // 38 of 105
    expect(m.supportedPrecision).toBeGreaterThanOrEqual(0.86); // 38 of 44
  });

  it('keeps its measured floors on all pairs', () => {
    const m = evaluate(pairs, verdictOf);
    // the target (≤ 3 %), met on all pairs: 4 of 154
    expect(m.falseContradicted).toBeLessThanOrEqual(0.03);
    expect(m.contradictedCaught).toBeGreaterThanOrEqual(0.44); // 60 of 134
    expect(m.valueChangeCaught).toBeGreaterThanOrEqual(0.79); // 46 of 58
    expect(m.supportedShown).toBeGreaterThanOrEqual(0.38); // 60 of 154
    // "supported" is shown only when the rules are sure: 60 of 66
    expect(m.supportedPrecision).toBeGreaterThanOrEqual(0.9);
  });
});
