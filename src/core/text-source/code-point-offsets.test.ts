import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointToUtf16, toUtf16Range, utf16ToCodePoint } from './code-point-offsets.ts';

describe('code point ↔ UTF-16 offsets', () => {
  it('is the identity on text without astral characters', () => {
    const text = 'Setup — Linux, ß und 漢字';
    for (let i = 0; i <= text.length; i++) expect(codePointToUtf16(text, i)).toBe(i);
  });

  it('counts an emoji as one code point and two UTF-16 units', () => {
    const text = 'a😀b🇩🇪c'; // 🇩🇪 is two regional-indicator code points
    expect(codePointToUtf16(text, 1)).toBe(1);
    expect(codePointToUtf16(text, 2)).toBe(3);
    expect(codePointToUtf16(text, 3)).toBe(4);
    expect(codePointToUtf16(text, 5)).toBe(8);
    expect(codePointToUtf16(text, 6)).toBe(9);
    expect(text.slice(codePointToUtf16(text, 3), codePointToUtf16(text, 5))).toBe('🇩🇪');
  });

  it('slices the same characters as a Python-style code point slice', () => {
    const text = 'Hi 𝐀𝐁 there 👋 friend';
    const cps = [...text];
    const r = toUtf16Range(text, 3, 5, 'codepoint');
    expect(r && text.slice(r.start, r.end)).toBe(cps.slice(3, 5).join(''));
    const r2 = toUtf16Range(text, 12, 13, 'codepoint');
    expect(r2 && text.slice(r2.start, r2.end)).toBe('👋');
  });

  it('rejects offsets past the end, negative, fractional, empty or reversed ranges', () => {
    expect(codePointToUtf16('a😀', 3)).toBeUndefined();
    expect(codePointToUtf16('abc', -1)).toBeUndefined();
    expect(codePointToUtf16('abc', 1.5)).toBeUndefined();
    expect(toUtf16Range('abc', 2, 2, 'codepoint')).toBeNull();
    expect(toUtf16Range('abc', 2, 1, 'utf16')).toBeNull();
    expect(toUtf16Range('abc', 0, 4, 'utf16')).toBeNull();
  });

  it('counts a lone surrogate as one code point, as Python does', () => {
    const text = 'a\uD800b';
    expect(codePointToUtf16(text, 2)).toBe(2);
    expect(codePointToUtf16(text, 3)).toBe(3);
  });

  const textArb = fc.string({
    unit: fc.oneof(fc.constantFrom('a', 'é', ' ', '\n', '漢', '😀', '𝐀', '🇩', '\uD800'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  });

  it('round-trips every code point offset (property)', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), (text, n) => {
        const length = [...text].length;
        const cp = n % (length + 1);
        const u = codePointToUtf16(text, cp)!;
        expect(utf16ToCodePoint(text, u)).toBe(cp);
        // the prefix up to u is exactly cp code points
        expect([...text.slice(0, u)].length).toBe(cp);
      }),
    );
  });

  it('maps a code point range to the same characters (property)', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), fc.nat(), (text, a, b) => {
        const cps = [...text];
        const s = a % (cps.length + 1);
        const e = b % (cps.length + 1);
        const r = toUtf16Range(text, s, e, 'codepoint');
        if (e <= s) expect(r).toBeNull();
        else expect(r && text.slice(r.start, r.end)).toBe(cps.slice(s, e).join(''));
      }),
    );
  });
});
