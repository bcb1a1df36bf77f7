import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseMarkers } from './parse-markers.ts';

const keys = (text: string) => parseMarkers(text).map((g) => g.refs.map((r) => r.key));

describe('parseMarkers', () => {
  it('reads a single number and keeps its span', () => {
    const text = 'Vendors must use MFA [2].';
    const [g] = parseMarkers(text);
    expect(g?.refs).toEqual([{ key: '2', start: 22, end: 23 }]);
    expect(text.slice(g!.start, g!.end)).toBe('[2]');
  });

  it('gives adjacent groups [1][3] one group each', () => {
    expect(keys('Encrypt data [1][3].')).toEqual([['1'], ['3']]);
  });

  it('splits [1, 3] and [1,3] into one ref per number with exact spans', () => {
    const text = 'See [1, 3] and [1,3].';
    const groups = parseMarkers(text);
    expect(groups.map((g) => g.refs.map((r) => text.slice(r.start, r.end)))).toEqual([
      ['1', '3'],
      ['1', '3'],
    ]);
  });

  it('expands ranges with hyphen and en dash', () => {
    expect(keys('a [1-3] b [2–4]')).toEqual([
      ['1', '2', '3'],
      ['2', '3', '4'],
    ]);
  });

  it('reads S-IDs alone and in lists', () => {
    expect(keys('x [S2] y [S1, S3]')).toEqual([['S2'], ['S1', 'S3']]);
    expect(parseMarkers('[S2]')[0]?.kind).toBe('sid');
  });

  it('normalizes Persian and Arabic-Indic digits, with the Arabic comma', () => {
    expect(keys('متن [۲] و [٢،٣]')).toEqual([['2'], ['2', '3']]);
  });

  it('reads fullwidth brackets and OpenAI placeholders', () => {
    expect(keys('a 【3】 b 【6:0†source】')).toEqual([['3'], ['6:0']]);
    expect(parseMarkers('【6:0†source】')[0]?.kind).toBe('placeholder');
  });

  it('ignores markers in inline code and fenced code', () => {
    expect(keys('use `arr[1]` here [2]')).toEqual([['2']]);
    expect(keys('```\nx = a[1]\n```\nThen [3].')).toEqual([['3']]);
  });

  it('ignores links, link definitions, prose in brackets and absurd ranges', () => {
    expect(keys('[1](https://example.com) [see above] [1-500] [3-1]\n[2]: https://x')).toEqual([]);
  });

  it('never throws and keeps every span inside the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (s) => {
        for (const g of parseMarkers(s)) {
          expect(g.start).toBeGreaterThanOrEqual(0);
          expect(g.end).toBeLessThanOrEqual(s.length);
          for (const r of g.refs) {
            expect(r.start).toBeGreaterThanOrEqual(g.start);
            expect(r.end).toBeLessThanOrEqual(g.end);
          }
        }
      }),
    );
  });

  it('finds every generated marker in generated prose', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 6 }), (ns) => {
        const text = ns.map((n) => `Claim ${n} holds [${n}].`).join(' ');
        expect(keys(text)).toEqual(ns.map((n) => [String(n)]));
      }),
    );
  });
});
