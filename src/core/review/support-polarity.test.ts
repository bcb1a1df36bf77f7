// Negation with its scope: clause by clause, zero counts, "before any", bounds that are no denials, prefixes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimNegative, clauses, contentConcepts, mainClauses, negativeAbout, prefixNegations } from './support-polarity.ts';

const about = (sentence: string, claim: string) => negativeAbout(sentence, contentConcepts(claim));

describe('negativeAbout', () => {
  it('reads the negation of the clause that holds the claim, not of a side clause', () => {
    expect(about('Mara Lind, who never married, was born in Oslo.', 'Mara Lind was born in Oslo.')).toBe(false);
    expect(about('Mara Lind was not born in Oslo.', 'Mara Lind was born in Oslo.')).toBe(true);
    expect(about('Mara Lind was born in Bergen, not in Oslo.', 'Mara Lind was born in Oslo.')).toBe(true);
  });

  it('leaves out a clause that only shares the topic', () => {
    const sentence = 'Vendors must rotate the keys every year, even where no breach of the keys has been seen.';
    expect(about(sentence, 'Vendors must rotate the keys every year.')).toBe(false);
  });

  it('counts two negators as a yes', () => {
    expect(about('The plant is not unable to run at night.', 'The plant is able to run at night.')).toBe(false);
  });

  it('reads a zero count as a no, and a bound as no denial', () => {
    expect(about('Officials reported 0 deaths in the county.', 'There were no deaths in the county.')).toBe(true);
    expect(about('The engines may have no more than 10 cylinders.', 'The engines have 10 cylinders.')).toBe(false);
    expect(about('The report is not only long but also late.', 'The report is late.')).toBe(false);
  });
});

describe('claimNegative', () => {
  it('hears "no", "never", "cannot", a zero count and "before any"', () => {
    expect(claimNegative('There were no deaths.')).toBe(true);
    expect(claimNegative('She never visited Lima.')).toBe(true);
    expect(claimNegative('Staff cannot read the logs.')).toBe(true);
    expect(claimNegative('The county reported zero deaths.')).toBe(true);
    expect(claimNegative('Notify the office before any access is granted.')).toBe(true);
    expect(claimNegative('Notify the office before noon.')).toBe(false);
    expect(claimNegative('No fewer than 12 people attended.')).toBe(false);
  });
});

describe('prefixNegations', () => {
  it('counts "unused" against "used", not "index" against "dex" or a word the other side also has', () => {
    expect(prefixNegations('Unused accounts are disabled.', 'Accounts that are not used are disabled.')).toBe(1);
    expect(prefixNegations('The index is updated.', 'The dex is updated.')).toBe(0);
    expect(prefixNegations('Unused accounts are disabled.', 'Unused accounts are disabled.')).toBe(0);
  });
});

describe('clauses and main clauses', () => {
  it('cuts at commas, brackets and the words that open a side clause', () => {
    expect(clauses('Ana, who sings, plays bass (mostly) but rarely drums.').map((c) => c.text.trim())).toEqual([
      'Ana',
      'who sings',
      'plays bass',
      'mostly',
      'but rarely drums.',
    ]);
  });

  it('keeps the assertion and drops purpose and relative clauses', () => {
    expect(mainClauses('Data is encrypted so that admins cannot read it.').map((c) => c.text.trim())).toEqual(['Data is encrypted']);
    expect(mainClauses('which is all').map((c) => c.text.trim())).toEqual(['which is all']);
  });

  it('never throws (property)', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => typeof negativeAbout(a, contentConcepts(b)) === 'boolean' && clauses(a).length >= 0));
  });
});
