import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeSupport, lexicalSupport, stem } from './support.ts';
import { evidenceFacts, extractFacts, factInEvidence, readNumber } from './support-facts.ts';

const factTexts = (t: string) => extractFacts(t).map((f) => `${f.kind}:${f.text}`);
const supports = (claim: string, evidence: string) => lexicalSupport(claim, evidence).missing.length === 0;

describe('facts in a claim', () => {
  it('reads numbers with either decimal separator and keeps every reading of an ambiguous one', () => {
    expect(readNumber('1,000,000')).toEqual([1000000]);
    expect(readNumber('1.000.000')).toEqual([1000000]);
    expect(readNumber('2,5')).toEqual([2.5]);
    expect(readNumber('1.234,56')).toEqual([1234.56]);
    expect(readNumber('1,234.56')).toEqual([1234.56]);
    expect(readNumber('1,000').sort()).toEqual([1, 1000]);
    expect(readNumber('1.2.3')).toEqual([]);
  });

  it('finds amounts, percentages, dates and bare numbers with their unit', () => {
    expect(factTexts('A $2M aggregate, 12.5% of claims, since 15 March 2024, within 30 days.')).toEqual([
      'amount:$2M',
      'percent:12.5%',
      'date:15 March 2024',
      'number:30 days',
    ]);
    expect(factTexts('keys rotated every 12 months')).toEqual(['number:12 months']);
    expect(factTexts('kept in the 30-day window')).toEqual(['number:30-day window']);
  });

  it('does not read numbers inside identifiers or versions as quantities', () => {
    expect(factTexts('See section S2 and build v3.')).toEqual([]);
    expect(factTexts('release 1.2.3 of the tool')).toEqual([]);
  });

  it('reads Persian and Arabic-Indic digits as the same numbers', () => {
    const persian = extractFacts('۳۰ روز و ۱۲٫۵٪');
    expect(persian.map((f) => f.values)).toEqual([[30], [12.5]]);
    expect(extractFacts('٢٠٢٤')[0]?.values).toEqual([2024]);
  });

  it('matches a claimed amount however the evidence writes it', () => {
    const [claim] = extractFacts('a $2M aggregate');
    expect(factInEvidence(claim!, evidenceFacts(['aggregate limit of $2,000,000']))).toBe(true);
    expect(factInEvidence(claim!, evidenceFacts(['aggregate limit of 2 million dollars']))).toBe(true);
    expect(factInEvidence(claim!, evidenceFacts(['aggregate limit of $3,000,000']))).toBe(false);
  });

  it('matches dates across formats, and only when every stated part agrees', () => {
    const [march] = extractFacts('in March 2024');
    expect(factInEvidence(march!, evidenceFacts(['effective 2024-03-15']))).toBe(true);
    expect(factInEvidence(march!, evidenceFacts(['effective 2024-04-15']))).toBe(false);
    const [day] = extractFacts('on 15 March 2024');
    expect(factInEvidence(day!, evidenceFacts(['on March 15, 2024']))).toBe(true);
    expect(factInEvidence(day!, evidenceFacts(['in March 2024']))).toBe(false);
    const [slash] = extractFacts('due 03/04/2024');
    expect(factInEvidence(slash!, evidenceFacts(['due 4 March 2024']))).toBe(true);
    expect(factInEvidence(slash!, evidenceFacts(['due 3 April 2024']))).toBe(true);
  });

  it('counts spelled-out numbers in the evidence', () => {
    const [twelve] = extractFacts('every 12 months');
    expect(factInEvidence(twelve!, evidenceFacts(['at least once every twelve months']))).toBe(true);
    expect(factInEvidence(twelve!, evidenceFacts(['at least once every six months']))).toBe(false);
  });
});

describe('lexical support', () => {
  it('says which numbers the passage lacks, in the claim’s words', () => {
    const r = lexicalSupport('Refunds are issued within 30 days in 2024.', 'Customers may return items for a refund within 14 days.');
    expect(r.missing.map((m) => m.text)).toEqual(['30 days', '2024']);
    expect(describeSupport(r, 0.5)).toBe('The claim says 30 days and 2024; the cited passage has neither.');
  });

  it('passes a faithful paraphrase with the same numbers', () => {
    const r = lexicalSupport('Keys must be rotated at least every 12 months.', 'Encryption keys must be rotated at least once every twelve months.');
    expect(r.missing).toEqual([]);
    expect(r.score).toBeGreaterThan(0.7);
    expect(describeSupport(r, 0.5)).toBeNull();
  });

  it('flags a named entity the passage never mentions, and accepts an acronym spelled out', () => {
    const office = lexicalSupport('The vendor must notify the Legal Department.', 'The vendor must notify the Security Office.');
    expect(office.missing.map((m) => m.text)).toEqual(['Legal Department']);
    expect(supports('Keys are kept in an HSM.', 'Keys are stored in a hardware security module.')).toBe(true);
    expect(supports('Keys are kept in an HSM.', 'Keys are stored in a cloud vault.')).toBe(false);
  });

  it('does not take a lone capital for a name', () => {
    expect(supports('Highs reach 25 °C in July.', 'Temperatures in July reach 25 degrees.')).toBe(true);
  });

  it('agrees with several passages in the plural', () => {
    const r = lexicalSupport('Kept for 30 days in 2024.', ['Kept for 14 days.', 'Kept in 2023.']);
    expect(describeSupport(r, 0.5, 2)).toBe('The claim says 30 days and 2024; the cited passages have neither.');
  });

  it('scores a claim about something else low and names the missing words', () => {
    const r = lexicalSupport(
      'Privileged sessions are recorded by the access management system.',
      'Vendors must use multi-factor authentication for all remote access.',
    );
    expect(r.score).toBeLessThan(0.5);
    expect(describeSupport(r, 0.5)).toMatch(/share too little wording.*“Privileged”, “sessions”, “recorded”/u);
  });

  it('stems word forms together', () => {
    expect(stem('encrypted')).toBe(stem('encryption'));
    expect(stem('policies')).toBe(stem('policy'));
    expect(stem('stores')).toBe(stem('stored'));
    expect(stem('stored')).not.toBe(stem('started'));
  });

  it('judges several passages together', () => {
    const claim = 'Logs are kept for 1 year and backups for 90 days.';
    expect(lexicalSupport(claim, ['Logs must be kept for 1 year.']).missing.map((m) => m.text)).toEqual(['90 days']);
    expect(lexicalSupport(claim, ['Logs must be kept for 1 year.', 'Backups may be kept for 90 days.']).missing).toEqual([]);
  });

  it('works on Persian text', () => {
    expect(supports('حافظ اهل شیراز بود و ۳۰ سال شعر گفت.', 'حافظ شاعر اهل شیراز بود که ۳۰ سال شعر سرود.')).toBe(true);
    expect(supports('حافظ اهل شیراز بود و ۴۰ سال شعر گفت.', 'حافظ شاعر اهل شیراز بود که ۳۰ سال شعر سرود.')).toBe(false);
  });

  it('is 1 when the evidence is the claim itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        expect(lexicalSupport(s, s).score).toBe(1);
      }),
    );
    const words = fc.constantFrom('the', 'Vendor', 'keys', '30', 'days', '$2M', '12.5%', 'March', '2024', 'HSM', '۳۰', 'Office', '.', ',', '1,000');
    fc.assert(
      fc.property(fc.array(words, { maxLength: 20 }), (ws) => {
        const s = ws.join(' ');
        expect(lexicalSupport(s, s).score).toBe(1);
      }),
    );
  });

  it('never throws on junk and stays within 0..1', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (a, b) => {
        const r = lexicalSupport(a as string, b as string);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 200 }), (a, b) => {
        const r = lexicalSupport(a, [b, a.slice(0, 10)]);
        expect(Number.isFinite(r.score)).toBe(true);
      }),
    );
  });
});
