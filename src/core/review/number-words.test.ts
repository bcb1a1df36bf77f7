import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differencesOf, quoteTokens } from '../locate/differences.ts';
import { normalizeText } from '../locate/normalize.ts';
import { NUMBER_WORD_VALUES, numberWords, wordsValue } from './number-words.ts';
import { evidenceFacts, extractFacts, factInEvidence } from './support-facts.ts';

const SMALL = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** English words for 0 ≤ n < 1,000,000 ("three hundred and twenty-one thousand …"), written independently. */
function spell(n: number): string {
  if (n < 20) return SMALL[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${SMALL[n % 10]}` : '');
  if (n < 1000) return `${SMALL[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${spell(n % 100)}` : ''}`;
  return `${spell(Math.floor(n / 1000))} thousand${n % 1000 ? ` ${spell(n % 1000)}` : ''}`;
}

describe('numberWords', () => {
  it('reads cardinals and ordinals', () => {
    expect(numberWords('It took twenty-four hours.').map((w) => w.value)).toEqual([24]);
    expect(numberWords('the twenty-first floor')[0]).toMatchObject({ value: 21, ordinal: true });
    expect(numberWords('She came third.')[0]).toMatchObject({ value: 3, ordinal: true });
    expect(numberWords('twice a day')[0]).toMatchObject({ value: 2 });
    expect(wordsValue(['and'])).toBeNull();
  });

  it('reads back every number it is given in words (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const found = numberWords(`The archive holds ${spell(n)} files.`);
        expect(found).toHaveLength(1);
        expect(found[0]!.value).toBe(n);
      }),
      { numRuns: 500 },
    );
  });

  it('reads no number in words an object carries by default ("constructor", "toString")', () => {
    expect(numberWords('The constructor checked the toString output and valueOf field.')).toEqual([]);
  });
});

// The words that scale a quantity rather than count one: in the value map, deliberately not read as counts.
const MULTIPLES = ['double', 'triple', 'quarter'];

/** Does evidence `text` state `value` for the support rules? Asked as a claim that writes the value in digits. */
const evidenceStates = (text: string, value: number) => {
  const [claim] = extractFacts(`about ${value} of them`);
  return !!claim && factInEvidence(claim, evidenceFacts([text]));
};
const tokens = (raw: string) => quoteTokens(raw, normalizeText(raw));

describe('every caller reads every number word of the one list', () => {
  // Each of support-facts.ts and locate/differences.ts used to keep a list of its own, and each lacked words the other
  // had ("thrice" and "trillion" on one side, "eleventh" and "single" on the other). A word the list gains must reach
  // both: the support rules find the value in a passage that spells it, and the locator names a changed one a number.
  it.each([...NUMBER_WORD_VALUES])('"%s" (%d)', (word, value) => {
    const sentence = `the board met ${word} times last spring`;
    expect(evidenceStates(sentence, value)).toBe(true);
    expect(evidenceStates('the board met several times last spring', value)).toBe(false);
    const found = differencesOf(tokens(sentence), tokens('the board met several times last spring'));
    expect(found.map((d) => d.kind)).toEqual(['number']);
    expect(found[0]!.quote).toContain(word);
    // the reader of whole numbers takes every word but the multiples ("a double room" is one room)
    const read = numberWords(sentence);
    if (MULTIPLES.includes(word)) expect(read).toEqual([]);
    else expect(read.map((w) => w.value)).toEqual([value]);
  });

  it('in any sentence, in either direction of the change (property)', () => {
    const filler = fc.array(fc.constantFrom('the', 'staff', 'report', 'filed', 'every', 'spring', 'claims', 'were', 'checked'), {
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.constantFrom(...NUMBER_WORD_VALUES.keys()), filler, filler, fc.boolean(), (word, before, after, quoteHasIt) => {
        const said = [...before, word, ...after].join(' ');
        const other = [...before, 'several', ...after].join(' ');
        expect(evidenceStates(said, NUMBER_WORD_VALUES.get(word)!)).toBe(true);
        const [quote, document] = quoteHasIt ? [said, other] : [other, said];
        expect(differencesOf(tokens(quote), tokens(document)).map((d) => d.kind)).toEqual(['number']);
      }),
      { numRuns: 300 },
    );
  });

  it('reads no number in words an object carries by default, in a passage either', () => {
    expect(NUMBER_WORD_VALUES.has('constructor')).toBe(false);
    expect(evidenceFacts(['The constructor checked the toString output.']).values.size).toBe(0);
  });
});
