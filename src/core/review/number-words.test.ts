import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberWords, wordsValue } from './number-words.ts';

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
