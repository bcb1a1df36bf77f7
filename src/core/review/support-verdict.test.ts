// The three support verdicts (issue #33 §3): contradicted on another value, a negation or another name in the same
// role; supported only when every name, value and nearly every word is stated; needs-look otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supportVerdict } from './support-verdict.ts';

const verdict = (claim: string, passage: string, context: string[] = []) => supportVerdict(claim, { passages: [passage], context });

describe('supportVerdict: contradictions', () => {
  it('sees a negation that word overlap cannot', () => {
    const r = verdict('The office is not located in Texas.', 'The office is located in Texas.');
    expect(r.verdict).toBe('contradicted');
    expect(r.contradiction?.cause).toBe('negation');
    expect(verdict('The office is located in Texas.', 'The office is not located in Texas.').verdict).toBe('contradicted');
    expect(verdict("The office isn't located in Texas.", 'The office is not located in Texas.').verdict).toBe('supported');
  });

  it('names both values when the passage gives another one for the same quantity', () => {
    const r = verdict('Support replies within 72 hours.', 'Support replies within 24 hours of a request.');
    expect(r.verdict).toBe('contradicted');
    expect(r.contradiction).toMatchObject({ cause: 'value', passage: expect.stringContaining('24 hours') });
    expect(r.contradiction?.claim).toContain('72 hours');
  });

  it('reads comparisons: "under 114,000" against "more than 114,000", "after 1932" against 1930', () => {
    expect(verdict('There are under 114,000 cases.', 'More than 114,000 cases have been confirmed.').verdict).toBe('contradicted');
    expect(verdict('Penguin Books was founded after 1932.', 'Penguin Books was founded in 1930 by Allen Lane.').contradiction?.cause).toBe('date');
    expect(verdict('Red Sparrow has more than 183 reviews.', 'The film has an approval rating of 50 % based on 184 reviews.').verdict).not.toBe('contradicted');
  });

  it('keeps the comparison on a date without a year, and reads "younger than" as one', () => {
    expect(verdict('After June 3, 2019, the video had 24.2 million likes.', 'The video had 24.2 million likes as of June 12, 2019.').verdict).toBe('supported');
    // "as of June 12" says when the figure was read, not when it was reached: the passage cannot tell about June 3
    expect(verdict('Before June 3 the video had 24.2 million likes.', 'It had 24.2 million likes as of June 12.').verdict).toBe('needs-look');
    expect(verdict('Before June 3 the video was released.', 'The video was released on June 12.').verdict).toBe('contradicted');
    expect(verdict('The youngest patient was 39 years old.', 'The youngest patient was younger than 45 years old.').verdict).toBe('needs-look');
  });

  it('gives a role to another name: "written by Adam Robins" against "written by Kurt Sutter"', () => {
    const r = verdict('The film Southpaw was written by Adam Robins.', 'Southpaw is a 2015 drama film directed by Antoine Fuqua, written by Kurt Sutter.');
    expect(r.verdict).toBe('contradicted');
    expect(r.contradiction).toEqual({ cause: 'entity', claim: 'Adam Robins', passage: 'Kurt Sutter' });
  });

  it('does not call another name a contradiction when the role words differ', () => {
    expect(verdict('The film was partly filmed in England.', 'It was filmed in both California and Britain.').verdict).toBe('needs-look');
  });
});

describe('supportVerdict: the rules of the second round (issue #33 §3)', () => {
  it('reads a rank from a superlative and names it in the reason', () => {
    const r = verdict('Only two ports in Norland are larger than Velmar.', 'Velmar is the fourth-largest port in Norland.');
    expect(r.contradiction).toEqual({ cause: 'value', claim: 'Only two ports in Norland are larger than', passage: 'fourth-largest' });
    expect(verdict('Velmar is among the five largest ports in Norland.', 'Velmar is the fourth-largest port in Norland.').verdict).toBe('supported');
  });

  it('compares one ratio with the one ratio of the passage', () => {
    expect(verdict('The sequel earned more than twice the first film.', 'The sequel took almost twice the gross of the original.').verdict).toBe(
      'contradicted',
    );
    expect(verdict('The sequel earned about twice the first film.', 'The sequel earned twice the gross of the first film.').verdict).not.toBe('contradicted');
  });

  it('contradicts the opposite predicate said of the same thing, and not a side clause', () => {
    expect(verdict('The play Red Harbour received favorable reviews.', 'Red Harbour received negative reviews.').contradiction?.cause).toBe('negation');
    expect(verdict('Mara Lind was born in Oslo.', 'Mara Lind, who never married, was born in Oslo.').verdict).toBe('supported');
  });

  it('supports a claim the passage says in other words, and a "no" that the passage gives as a zero', () => {
    expect(verdict('The movie Kestrel premiered in 2019.', 'Kestrel was released on 4 May 2019.').verdict).toBe('supported');
    expect(verdict('As of May 2, there were no deaths recorded in Tarn.', 'As of May 2, Tarn had 12 cases and 0 reported deaths.').verdict).toBe('supported');
  });

  it('does not support a denial the passage does not make, in the main clause', () => {
    expect(verdict('Vendors must not keep card numbers on file.', 'Vendors must store card numbers on file.').verdict).not.toBe('supported');
    expect(verdict('Data is encrypted so that admins cannot read it.', 'Data is encrypted, so it stays unreadable to admins.').verdict).toBe('supported');
  });

  it("gives a role to another place that shares only a qualifier with the claim's", () => {
    expect(verdict('The studio is located in North Carolina.', 'The studio is located in North Hollywood, California.').contradiction).toMatchObject({
      cause: 'entity',
      claim: 'North Carolina',
    });
    expect(verdict('Tolvik F.C. is based in Leeds.', 'Tolvik Football Club is based in Leeds.').verdict).not.toBe('contradicted');
  });

  it('reads "3 million" as three million only, never as 3', () => {
    expect(verdict('The record has sold more than 3 million copies.', 'The record has sold over 2.3 million copies.').verdict).toBe('needs-look');
    expect(verdict('The record sold less than 4.1 million copies.', 'The record sold 4.1 million copies.').verdict).not.toBe('supported');
    expect(verdict('The record sold 4.1 million copies.', 'The record sold 4.1 million copies.').verdict).toBe('supported');
  });

  it('reads a score out of N as one fraction, and never a count from "4–1" or "14/22°"', () => {
    expect(verdict('The novel scored over 60/100 on Critiq.', 'On Critiq the novel has a score of 81 out of 100, based on 12 critics.').verdict).toBe(
      'supported',
    );
    expect(verdict('The novel scored over 90/100 on Critiq.', 'On Critiq the novel has a score of 81 out of 100, based on 12 critics.').verdict).toBe(
      'contradicted',
    );
    expect(verdict('Ana Ruiz scored in a match with more than four goals.', 'Ruiz scored the third goal in their 4–1 win.').verdict).not.toBe('contradicted');
    expect(verdict('July is 14°C to 22°C with about 5 rainy days.', 'July is 14/22° C with 5 rainy days.').verdict).not.toBe('contradicted');
  });

  it('reads a round figure with its precision against "over" the same figure', () => {
    expect(verdict('The film grossed $ 95 million.', 'The film has grossed over $ 95 million.').verdict).toBe('needs-look');
    expect(verdict('The film grossed $ 90 million.', 'The film has grossed over $ 95 million.').verdict).toBe('contradicted');
  });

  it('reads "constructor" as a word, not a number', () => {
    expect(verdict('The constructor built 30 stadiums.', 'The constructor built 30 stadiums.').verdict).toBe('supported');
  });
});

describe('supportVerdict: numbers written out, ordinals and units', () => {
  it.each([
    ['The team has twenty-four members.', 'The team has 24 members.'],
    ['The contract runs for one hundred and five days.', 'The contract runs for 105 days.'],
    ['She finished third in the race.', 'She finished 3rd in the race.'],
    ['Backups are kept for 72 hours.', 'Backups are kept for 3 days.'],
    ['The cable is 1.5 km long.', 'The cable is 1,500 m long.'],
    ['Logs are kept for 12 months.', 'Logs are kept for one year.'],
  ])('%s ≡ %s', (claim, passage) => {
    expect(verdict(claim, passage).verdict).toBe('supported');
  });

  it.each([
    ['The team has twenty-four members.', 'The team has 42 members.'],
    ['She finished third in the race.', 'She finished 5th in the race.'],
    ['Backups are kept for 72 hours.', 'Backups are kept for 2 days.'],
  ])('%s ≠ %s', (claim, passage) => {
    expect(verdict(claim, passage).verdict).toBe('contradicted');
  });

  it('converts any time span the same way on both sides (property)', () => {
    const units = [
      ['hours', 3600],
      ['days', 86400],
      ['weeks', 604800],
      ['minutes', 60],
    ] as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.constantFrom(...units), fc.constantFrom(...units), fc.boolean(), (n, [u1, f1], [u2, f2], same) => {
        const seconds = n * f1;
        const other = seconds / f2;
        fc.pre(Number.isInteger(other));
        const passageValue = same ? other : other * 2 + 1;
        const r = verdict(`Logs are kept for ${n} ${u1}.`, `Logs are kept for ${passageValue} ${u2}.`);
        expect(r.verdict).toBe(same ? 'supported' : 'contradicted');
      }),
      { numRuns: 300 },
    );
  });
});

describe('supportVerdict: evidence read with its context', () => {
  it('finds the subject a passage names only as "the company" in its title or the sentences before it', () => {
    const claim = 'Acme Corp was founded in 1999.';
    const passage = 'The company was founded in 1999 in Ohio.';
    expect(verdict(claim, passage).verdict).toBe('needs-look');
    expect(verdict(claim, passage, ['Acme Corp annual report 2023']).verdict).toBe('supported');
    expect(verdict(claim, passage, ['Acme Corp makes brakes. It has 40 staff.']).verdict).toBe('supported');
  });

  it('never takes a value from the context', () => {
    expect(verdict('Acme Corp has 40 staff.', 'The company was founded in 1999.', ['Acme Corp has 40 staff.']).verdict).toBe('needs-look');
  });
});

describe('supportVerdict: needs a look when the rules cannot tell', () => {
  it('says so for a paraphrase with other words, and for a missing value', () => {
    expect(verdict('The possible outcome of sexual intercourse is pregnancy.', 'Pregnancy is a potential result of sex.').verdict).toBe('needs-look');
    expect(verdict('Fewer than 4,800 people died.', 'More than 4,700 deaths have been attributed to it.').verdict).toBe('needs-look');
  });

  it('never throws and never calls anything supported without a passage', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 3 }), (claim, passages) => {
        const r = supportVerdict(claim, { passages });
        expect(['supported', 'contradicted', 'needs-look']).toContain(r.verdict);
        if (passages.every((p) => p.length === 0)) expect(r.verdict).not.toBe('supported');
      }),
      { numRuns: 300 },
    );
  });

  it('does not contradict a claim that its own passage states, whatever the sentence (property)', () => {
    const word = fc.constantFrom(
      'vendors',
      'must',
      'keep',
      'logs',
      'for',
      'ninety',
      'days',
      'data',
      'is',
      'encrypted',
      'not',
      'Acme',
      '30',
      '2024',
      'more than',
      'in',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 10 }), (ws) => {
        const s = `${ws.join(' ')}.`;
        expect(verdict(s, s).verdict).not.toBe('contradicted');
      }),
      { numRuns: 500 },
    );
  });
});
