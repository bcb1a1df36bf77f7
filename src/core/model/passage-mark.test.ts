import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInPassage } from './passage-mark.ts';

const slice = (s: string, r: { start: number; end: number } | null) => (r ? s.slice(r.start, r.end) : null);

describe('findInPassage', () => {
  it('finds the cited words in a snippet, exactly as printed', () => {
    const passage = 'Ruby is a general-purpose programming language designed with an emphasis on programming productivity.';
    expect(slice(passage, findInPassage(passage, 'an emphasis on programming productivity'))).toBe('an emphasis on programming productivity');
  });

  it('folds case, curly quotes, line breaks and hyphenation like the PDF locator', () => {
    const passage = 'He said “Fun fun fun.”\r\nThe pro-\ngramme ends.';
    expect(slice(passage, findInPassage(passage, 'said "fun fun fun."'))).toBe('said “Fun fun fun.”');
    expect(slice(passage, findInPassage(passage, 'The programme ends'))).toBe('The pro-\ngramme ends');
  });

  it('returns null when the quote is not there or has no words', () => {
    expect(findInPassage('The sky is blue.', 'The grass is green')).toBeNull();
    expect(findInPassage('The sky is blue.', '  …  ')).toBeNull();
  });

  it('finds any slice of words of a passage and returns a range that reads the same words', () => {
    const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.nat(), fc.nat(), (words, a, b) => {
        const passage = words.join(' ');
        const from = a % words.length;
        const to = from + 1 + (b % (words.length - from));
        const quote = words.slice(from, to).join('  ');
        const r = findInPassage(passage, quote);
        expect(r).not.toBeNull();
        expect(r!.start).toBeGreaterThanOrEqual(0);
        expect(r!.end).toBeLessThanOrEqual(passage.length);
        // The marked text folds to the quote's words.
        const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, '');
        expect(fold(passage.slice(r!.start, r!.end))).toBe(fold(quote));
      }),
    );
  });
});
