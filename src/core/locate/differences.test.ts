import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { differencesOf, ocrNoise, quoteTokens, type DiffToken, type Difference } from './differences.ts';
import { normalizeText } from './normalize.ts';

// The difference classifier on its own: a quote and a passage as plain strings (the passage's words as the PDF printed
// them), each stretch that differs named, in both directions (the quote changed, or the document). What locate.ts
// and the CLI do with it is tested in locate.test.ts and differences-locate.test.ts.

const tokens = (raw: string): DiffToken[] => quoteTokens(raw, normalizeText(raw));
const diff = (quote: string, document: string): Difference[] => differencesOf(tokens(quote), tokens(document));
const kinds = (quote: string, document: string) => diff(quote, document).map((d) => d.kind);

describe('differences: the kind of each change, both ways', () => {
  it.each([
    ['number', 'notify the Company within 72 hours of discovery', 'notify the Company within 24 hours of discovery', '72 hours', '24 hours'],
    ['number', 'revenue grew by 9% to 296 MEUR', 'revenue grew by 7% to 296 MEUR', '9%', '7%'],
    ['number', 'the EBITA rose to 103 MEUR', 'the EBITA rose to 10.3 MEUR', '103 MEUR', '10.3 MEUR'],
    ['number', 'a fee of twenty dollars applies', 'a fee of thirty dollars applies', 'twenty dollars', 'thirty dollars'],
    ['number', 'form W-8BEN is required', 'form W-9BEN is required', 'W-8BEN', 'W-9BEN'],
    ['date', 'the offer ends on 15 March 2024 at noon', 'the offer ends on 15 March 2025 at noon', '2024', '2025'],
    ['date', 'not valid until Fri Sep 24 2011', 'not valid until Fri Sep 23 2011', '24', '23'],
    ['date', 'signed on 2021-04-01 by both', 'signed on 2021-05-01 by both', '2021-04-01', '2021-05-01'],
    ['unit', 'within 72 hours of the request', 'within 72 days of the request', 'hours', 'days'],
    ['unit', 'a margin of 3.5% overall', 'a margin of 3.5 points overall', '3.5%', '3.5 points'],
    ['negation', 'the office is located in Texas', 'the office is not located in Texas', 'is located', 'is not located'],
    ['negation', 'the vendor may share data', 'the vendor may never share data', 'may share', 'may never share'],
    ['negation', 'the clause does apply here', "the clause doesn't apply here", 'does', "doesn't"],
    ['negation', 'an unlawful transfer of records', 'a lawful transfer of records', 'an unlawful', 'a lawful'],
    ['entity', 'the office in Boston handles claims', 'the office in Everett handles claims', 'Boston', 'Everett'],
    ['entity', 'approved by the CFO last year', 'approved by the CEO last year', 'CFO', 'CEO'],
    ['word', 'keys must be rotated every quarter', 'keys must be destroyed every quarter', 'rotated', 'destroyed'],
    ['word', 'data sent across any network', 'data transmitted over any network', 'sent across', 'transmitted over'],
  ])('%s: "%s" / "%s"', (kind, quote, document, q, d) => {
    const forward = diff(quote, document);
    expect(forward.map((x) => x.kind)).toEqual([kind]);
    expect(forward[0]?.quote).toContain(q);
    expect(forward[0]?.document).toContain(d);
    // the same change seen from the other side is the same kind, with the words swapped
    const back = diff(document, quote);
    expect(back.map((x) => x.kind)).toEqual([kind]);
    expect(back[0]?.quote).toContain(d);
  });

  it('names each of several changes in order', () => {
    const found = diff('Staff in Boston must file form 12 within 30 days', 'Staff in Everett must file form 12 within 60 days');
    expect(found.map((d) => d.kind)).toEqual(['entity', 'number']);
    expect(found[1]).toMatchObject({ quote: '30 days', document: '60 days' });
  });

  it('says nothing of what is the same text: spacing, punctuation, case, contractions, hyphenation', () => {
    for (const [quote, document] of [
      ['the data base is encrypted', 'the database is encrypted'],
      ['keys, when rotated, are logged', 'keys when rotated are logged'],
      ['The Policy Applies', 'the policy applies'],
      ['it does not apply', "it doesn't apply"],
      ['it cannot be shared', "it can't be shared"],
      ['end-to-end encryption', 'end-to- end encryption'],
      ['a total of 1 500 units', 'a total of 1500 units'],
    ]) {
      expect(diff(quote!, document!), `${quote} / ${document}`).toEqual([]);
    }
  });

  it('forgives what a text layer or OCR does to a word, never to a number', () => {
    expect(ocrNoise('modern', 'rnodern')).toBe(true);
    expect(ocrNoise('office', 'ofce')).toBe(true);
    expect(ocrNoise('efficient', 'eficient')).toBe(true);
    expect(ocrNoise('memorizing', 'memorlzing')).toBe(true);
    expect(ocrNoise('2021', '2O21'.toLowerCase())).toBe(true);
    expect(ocrNoise('encryption', 'encrpytion')).toBe(true);
    // numbers, endings, prefixes and short words are the author's, not the scanner's
    expect(ocrNoise('2021', '2027')).toBe(false);
    expect(ocrNoise('requires', 'required')).toBe(false);
    expect(ocrNoise('atypical', 'typical')).toBe(false);
    expect(ocrNoise('study', 'stuby')).toBe(false);
    expect(ocrNoise('increased', 'decreased')).toBe(false);
    expect(kinds('the modern office is efficient', 'the rnodern ofce is eficient')).toEqual([]);
  });

  it('keeps a footnote marker or a block the document has between the quote’s words out of the differences', () => {
    const q = tokens('the policy requires encryption');
    const d = tokens('the policy 12 requires encryption').map((t) => (t.key === '12' ? { ...t, small: true } : t));
    expect(differencesOf(q, d)).toEqual([]);
    // the same digits at body size are a difference
    expect(differencesOf(q, tokens('the policy 12 requires encryption')).map((x) => x.kind)).toEqual(['number']);
    // a running head from another block, between two columns
    const blocks = tokens('data must be Annual Report 2024 encrypted at rest').map((t, i) => ({ ...t, block: i >= 3 && i <= 5 ? 2 : 1 }));
    expect(differencesOf(tokens('data must be encrypted at rest'), blocks)).toEqual([]);
    expect(differencesOf(tokens('the policy requires encryption'), tokens('the policy12 requires encryption'))).toEqual([]);
  });

  it('shows a number with its unit, and a missing word with its neighbours', () => {
    expect(diff('within 72 hours of discovery', 'within 24 hours of discovery')).toEqual([{ kind: 'number', quote: '72 hours', document: '24 hours' }]);
    expect(diff('the office is located in Texas', 'the office is not located in Texas')).toEqual([
      { kind: 'negation', quote: 'is located', document: 'is not located' },
    ]);
  });
});

// Properties over generated sentences: whatever the words, a changed number is always caught and named with both
// values, and a sentence against itself never differs.
const word = fc.constantFrom(
  'policy',
  'vendor',
  'records',
  'must',
  'be',
  'kept',
  'for',
  'the',
  'company',
  'data',
  'encrypted',
  'after',
  'review',
  'each',
  'year',
  'staff',
);
const sentence = fc.array(word, { minLength: 4, maxLength: 14 });

describe('differences: properties', () => {
  it('a sentence never differs from itself', () => {
    fc.assert(
      fc.property(sentence, fc.integer({ min: 0, max: 99_999 }), (words, n) => {
        const text = [...words.slice(0, 2), String(n), ...words.slice(2)].join(' ');
        expect(diff(text, text)).toEqual([]);
      }),
    );
  });

  it('a changed number is a number difference, with both values, in both directions', () => {
    fc.assert(
      fc.property(sentence, fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999 }), fc.nat(), (words, a, b, at) => {
        fc.pre(a !== b);
        const i = at % (words.length + 1);
        const make = (n: number) => [...words.slice(0, i), String(n), ...words.slice(i)].join(' ');
        for (const [x, y] of [
          [a, b],
          [b, a],
        ] as const) {
          const found = diff(make(x), make(y));
          expect(found).toHaveLength(1);
          expect(['number', 'date']).toContain(found[0]!.kind);
          expect(found[0]!.quote).toContain(String(x));
          expect(found[0]!.document).toContain(String(y));
        }
      }),
    );
  });

  it('an inserted or removed negator is a negation, in both directions', () => {
    fc.assert(
      fc.property(sentence, fc.constantFrom('not', 'never', 'no'), fc.nat(), (words, neg, at) => {
        const i = 1 + (at % (words.length - 1));
        const plain = words.join(' ');
        const negated = [...words.slice(0, i), neg, ...words.slice(i)].join(' ');
        expect(kinds(plain, negated)).toEqual(['negation']);
        expect(kinds(negated, plain)).toEqual(['negation']);
      }),
    );
  });
});
