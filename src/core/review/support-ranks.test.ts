// Ranks said with superlatives, and how a claim's rank relates to a passage's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ranks, relateRanks } from './support-ranks.ts';

const rankOf = (text: string) => ranks(text).map(({ lo, hi, scale }) => ({ lo, hi, scale }));
const relation = (claim: string, passage: string) => relateRanks(claim, [passage]).map((r) => r.kind);

describe('ranks', () => {
  it('reads an ordinal superlative, a top-N, a comparative count and a plain superlative', () => {
    expect(rankOf('Velmar is the third-largest port in the region.')).toEqual([{ lo: 3, hi: 3, scale: 'large' }]);
    expect(rankOf('Velmar is among the five busiest ports.')).toEqual([{ lo: 1, hi: 5, scale: 'busy' }]);
    expect(rankOf('Only two ports in the region are larger than Velmar.')).toEqual([{ lo: 3, hi: 3, scale: 'large' }]);
    expect(rankOf('Velmar is the oldest port in the region.')).toEqual([{ lo: 1, hi: 1, scale: 'old' }]);
    expect(rankOf('Velmar is the 2nd most visited port.')[0]).toMatchObject({ lo: 2, hi: 2 });
  });

  it('says no rank for "one of the largest" or a plain comparison', () => {
    expect(rankOf('Velmar is one of the largest ports.')).toEqual([]);
    expect(rankOf('Velmar is larger than Tosk.')).toEqual([]);
  });
});

describe('relateRanks', () => {
  it('states a rank inside the claim range and contradicts one outside it', () => {
    expect(relation('Velmar is among the five largest ports.', 'Velmar is the fourth-largest port.')).toEqual(['stated']);
    expect(relation('Velmar is among the five largest ports.', 'Velmar is the sixth largest port.')).toEqual(['differs']);
    expect(relation('Only two ports are larger than Velmar.', 'Velmar is the fourth-largest port in the region.')).toEqual(['differs']);
  });

  it('compares only the same superlative of the same kind of thing', () => {
    expect(relation('Velmar is the largest port.', 'Velmar is the third oldest port.')).toEqual([]);
    expect(relation('Velmar is the largest port.', 'Velmar is the third largest city.')).toEqual([]);
  });

  it('agrees with itself and tells apart any two ordinal ranks (property)', () => {
    const ord = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (a, b) => {
        const kinds = relation(`Velmar is the ${ord[a]} largest port.`, `Velmar is the ${ord[b]}-largest port.`);
        expect(kinds).toEqual([a === b ? 'stated' : 'differs']);
      }),
    );
  });
});
