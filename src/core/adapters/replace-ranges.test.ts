import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceRanges } from './replace-ranges.ts';

describe('replaceRanges', () => {
  it('replaces ranges and insertion points, and moves later offsets by what was written before them', () => {
    const text = 'Cold [doc1]. Windy ##0$$ today.';
    const r = replaceRanges(text, [
      { start: 19, end: 24, with: '[2]' },
      { start: 5, end: 11, with: '[1]' },
      { start: 31, end: 31, with: '[3]' },
    ]);
    expect(r.text).toBe('Cold [1]. Windy [2] today.[3]');
    expect(r.map(0)).toBe(0);
    expect(r.map(12)).toBe(9); // the space after "[doc1]."
    expect(r.map(8)).toBe(8); // inside "[doc1]": the end of its replacement
    expect(r.map(text.indexOf('today'))).toBe(r.text.indexOf('today'));
    expect(r.skipped).toEqual([]);
  });

  it('keeps the first of two overlapping replacements and reports the other', () => {
    const r = replaceRanges('abcdef', [
      { start: 1, end: 4, with: 'X' },
      { start: 3, end: 5, with: 'Y' },
    ]);
    expect(r.text).toBe('aXef');
    expect(r.skipped).toEqual([{ start: 3, end: 5, with: 'Y' }]);
  });

  it('maps every offset outside a replaced range onto the same character', () => {
    const arb = fc.string({ minLength: 1, maxLength: 40 }).chain((text) =>
      fc.tuple(
        fc.constant(text),
        fc.array(
          fc
            .tuple(fc.nat(text.length), fc.nat(4), fc.string({ maxLength: 4 }))
            .map(([s, len, w]) => ({ start: s, end: Math.min(text.length, s + len), with: w })),
          { maxLength: 5 },
        ),
      ),
    );
    fc.assert(
      fc.property(arb, ([text, reps]) => {
        const r = replaceRanges(text, reps);
        const applied = reps.filter((x) => !r.skipped.includes(x));
        for (let i = 0; i < text.length; i++) {
          if (applied.some((x) => i >= x.start && i < x.end)) continue;
          expect(r.text[r.map(i)]).toBe(text[i]);
        }
        // What is written at an offset comes before the character there, so the end maps to the end.
        expect(r.map(text.length)).toBe(r.text.length);
      }),
    );
  });
});
