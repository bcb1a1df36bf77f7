// The claim splitter and the abbreviations and framing sentences of issue #33 §3: "U.S.", initials, "Inc.", "v." do
// not end a claim; "Mostly, yes." is not one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractClaims } from './claims.ts';

const claimTexts = (text: string) => extractClaims(text).map((c) => c.text);

describe('claim splitter: abbreviations', () => {
  it.each([
    ['The U.S. Army approved the plan [1]. It starts in May [2].', ['The U.S. Army approved the plan [1].', 'It starts in May [2].']],
    ['J. Smith signed the contract [1]. It runs for two years [2].', ['J. Smith signed the contract [1].', 'It runs for two years [2].']],
    ['The estate of J. R. R. Tolkien holds the rights [1].', ['The estate of J. R. R. Tolkien holds the rights [1].']],
    ['Acme Inc. Reported revenue rose by 4 % [1].', ['Acme Inc. Reported revenue rose by 4 % [1].']],
    ['In Smith v. Jones the court ruled for Smith [1]. The appeal failed [2].', ['In Smith v. Jones the court ruled for Smith [1].', 'The appeal failed [2].']],
  ])('%s', (text, expected) => {
    expect(claimTexts(text)).toEqual(expected);
  });

  it('still ends a sentence after a company abbreviation that closes a real sentence', () => {
    expect(claimTexts('The contract was signed by Globex Holdings Inc. The term is two years [1].')).toHaveLength(2);
  });

  it('never leaves an uncited fragment around initials, whatever the name', () => {
    const initial = fc.constantFrom(...'ABCDEFGHJKLMNPRSTW'.split(''));
    const surname = fc.constantFrom('Smith', 'Okafor', 'Tanaka', 'Moreau', 'Rossi');
    fc.assert(
      fc.property(fc.array(initial, { minLength: 1, maxLength: 3 }), surname, (inits, name) => {
        const text = `The review by ${inits.map((i) => `${i}.`).join(' ')} ${name} found two errors [1]. The fix shipped in May [2].`;
        const claims = extractClaims(text);
        expect(claims).toHaveLength(2);
        expect(claims.every((c) => c.citations.length === 1)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('claim splitter: framing sentences are not claims', () => {
  it.each(['Mostly, yes.', 'In short: it depends.', 'Yes.', 'Good question.', 'Here is what the documents say:', 'بله، تقریباً.'])('%s', (framing) => {
    const claims = extractClaims(`${framing}\n\nBackups run daily [1].`);
    expect(claims.map((c) => c.text)).toEqual(['Backups run daily [1].']);
  });

  it('keeps short sentences that assert something, and framing words with a marker', () => {
    expect(claimTexts('Backups run daily. Yes [1].')).toEqual(['Backups run daily.', 'Yes [1].']);
    expect(claimTexts('No data is kept.')).toEqual(['No data is kept.']);
  });
});
