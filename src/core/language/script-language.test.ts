import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockLanguage, readScript } from './script-language.ts';

describe('readScript', () => {
  it('tells Persian by the letters only Persian writes, Arabic by those only Arabic writes', () => {
    expect(readScript('همهٔ داده‌های شرکت در هنگام انتقال با TLS 1.2 یا بالاتر رمزنگاری می‌شوند.').language).toBe('fa');
    expect(readScript('يجب على الموردين استخدام المصادقة متعددة العوامل.').language).toBe('ar');
    // The Arabic-Indic digits and comma of a marker group say nothing: no letters.
    expect(readScript('[٢،٣]')).toEqual({ arabicScript: false, language: undefined });
  });

  it('says nothing without evidence: shared letters only, both kinds, Urdu, or too few Arabic-script letters', () => {
    expect(readScript('سلام')).toEqual({ arabicScript: true, language: undefined });
    expect(readScript('کتاب المكتبة')).toEqual({ arabicScript: true, language: undefined });
    expect(readScript('یہ ایک کتاب ہے')).toEqual({ arabicScript: true, language: undefined });
    expect(readScript('The policy (سیاست) applies to every vendor').arabicScript).toBe(false);
  });

  it('never names a language for text that is not mostly Arabic script', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: fc.constantFrom(...'پچژگکیةىكيسلامبت') }), (latin, arabic) => {
        const text = `${latin}${'abcdefghij'.repeat(arabic.length)}${arabic}`;
        expect(readScript(text).language).toBeUndefined();
      }),
    );
  });
});

describe('blockLanguage', () => {
  it('falls back on the whole text’s language only for an Arabic-script block that does not tell', () => {
    expect(blockLanguage('سلام', 'fa')).toBe('fa');
    expect(blockLanguage('سلام')).toBeUndefined();
    expect(blockLanguage('Hello', 'fa')).toBeUndefined();
    expect(blockLanguage('يجب', 'fa')).toBe('ar');
  });
});
