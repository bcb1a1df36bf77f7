// The support rules' lexicon: irregular forms, synonyms and derivations read as one concept, antonyms, naming words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { antonymsOf, conceptOf, isLightWord } from './support-lexicon.ts';

describe('conceptOf', () => {
  it.each([
    ['given', 'gives'],
    ['wrote', 'writes'],
    ['sold', 'selling'],
    ['born', 'birth'],
    ['died', 'death'],
    ['movie', 'film'],
    ['premiered', 'released'],
    ['recorded', 'reported'],
    ['outcome', 'result'],
    ['children', 'child'],
  ])('reads %s and %s as one concept', (a, b) => {
    expect(conceptOf(a)).toBe(conceptOf(b));
  });

  it.each([
    ['film', 'song'],
    ['born', 'married'],
    ['win', 'lose'],
    ['record', 'album'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(conceptOf(a)).not.toBe(conceptOf(b));
  });

  it('is case-blind and never throws, prototype names included', () => {
    expect(conceptOf('Premiered')).toBe(conceptOf('premiere'));
    for (const w of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(typeof conceptOf(w)).toBe('string');
    fc.assert(fc.property(fc.string(), (w) => typeof conceptOf(w) === 'string'));
  });
});

describe('antonymsOf', () => {
  it('knows the opposite of common predicates, both ways and in other forms', () => {
    expect(antonymsOf('acquitted').has(conceptOf('convicted'))).toBe(true);
    expect(antonymsOf('convicted').has(conceptOf('acquitted'))).toBe(true);
    expect(antonymsOf('won').has(conceptOf('lost'))).toBe(true);
    expect(antonymsOf('favorable').has(conceptOf('negative'))).toBe(true);
    expect(antonymsOf('imports').has(conceptOf('exports'))).toBe(true);
  });

  it('has none for most words', () => {
    for (const w of ['film', 'guitarist', 'located', 'constructor']) expect(antonymsOf(w).size).toBe(0);
  });
});

describe('isLightWord', () => {
  it('marks the words that only frame a naming', () => {
    expect(isLightWord('called')).toBe(true);
    expect(isLightWord('Named')).toBe(true);
    expect(isLightWord('founded')).toBe(false);
  });
});
