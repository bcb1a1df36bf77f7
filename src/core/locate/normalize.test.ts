import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchKey, normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('folds case, width, ligatures, diacritics, quotes and dashes', () => {
    expect(normalizeText('Ｆｕｌｌ ﬁnd Résumé').text).toBe('full find resume');
    expect(matchKey('beginner’s “class”')).toBe(matchKey('beginner\'s "class"'));
    expect(matchKey('2x–20x')).toBe(matchKey('2x-20x'));
    expect(matchKey('soft\u00ADhyphen')).toBe('softhyphen');
  });

  it('drops a line-end hyphen with the break, and keeps both readings', () => {
    expect(matchKey('poli-\ncy')).toBe(matchKey('policy'));
    expect(matchKey('end-\nto-end')).toBe(matchKey('end-to-end'));
    expect(matchKey('com- pile')).toBe(matchKey('compile'));
  });

  it('folds whitespace and removes spaces between CJK characters', () => {
    expect(normalizeText('a \n\t b').text).toBe('a b');
    expect(normalizeText('地理 は 単に').text).toBe('地理は単に');
  });

  it('folds Arabic and Persian variants', () => {
    expect(matchKey('كتاب')).toBe(matchKey('کتاب'));
    expect(matchKey('علي')).toBe(matchKey('علی'));
    expect(matchKey('مدرسة')).toBe(matchKey('مدرسه'));
    expect(matchKey('يـــوم')).toBe(matchKey('یوم'));
    expect(matchKey('كَتَبَ')).toBe(matchKey('کتب'));
    // presentation forms → base letters (NFKC)
    expect(matchKey('ﺔﻴﺑﺮﻌﻟا')).toBe(matchKey('ةيبرعلا'));
  });

  it('maps every output unit inside the raw text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const n = normalizeText(raw);
        expect(n.start.length).toBe(n.text.length);
        expect(n.end.length).toBe(n.text.length);
        for (let i = 0; i < n.text.length; i++) {
          const s = n.start[i] as number;
          const e = n.end[i] as number;
          expect(s).toBeGreaterThanOrEqual(0);
          expect(e).toBeGreaterThan(s);
          expect(e).toBeLessThanOrEqual(raw.length);
          if (i > 0) expect(s).toBeGreaterThanOrEqual(n.start[i - 1] as number);
        }
        expect(n.text).not.toMatch(/^ | $| {2}/);
      }),
      { numRuns: 200 },
    );
  });
});
