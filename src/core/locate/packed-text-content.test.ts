import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { packTextContent, unpackTextContent } from './packed-text-content.ts';

const textItem = fc.record({
  str: fc.string({ unit: 'grapheme', maxLength: 12 }),
  dir: fc.constantFrom('ltr', 'rtl', 'ttb'),
  transform: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 6, maxLength: 6 }),
  width: fc.double({ min: 0, max: 1000, noNaN: true }),
  height: fc.double({ min: 0, max: 100, noNaN: true }),
  fontName: fc.constantFrom('g_d0_f1', 'g_d0_f2', 'g_d0_f3'),
  hasEOL: fc.boolean(),
});
const marked = fc.oneof(
  fc.constant({ type: 'endMarkedContent' }),
  fc.record({ type: fc.constant('beginMarkedContentProps'), id: fc.string({ maxLength: 6 }), tag: fc.constantFrom('P', 'Span', 'Artifact') }),
);

describe('packed text content', () => {
  it('gives back the same items in the same order, marked content included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 4, arbitrary: textItem }, { weight: 1, arbitrary: marked }), { maxLength: 60 }),
        fc.option(fc.constantFrom('en', 'fa-IR')),
        (items, lang) => {
          const styles = { g_d0_f1: { ascent: 0.8, descent: -0.2, vertical: false, fontFamily: 'serif' } };
          const content = lang === null ? { items, styles } : { items, styles, lang };
          expect(unpackTextContent(packTextContent(content))).toEqual(content);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a text-heavy page in far fewer objects than pdf.js does', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({
      str: `Line ${i} of the page`,
      dir: 'ltr',
      transform: [12, 0, 0, 12, 72, 700 - i * 14],
      width: 180,
      height: 12,
      fontName: 'g_d0_f1',
      hasEOL: true,
    }));
    const packed = packTextContent({ items, styles: {} });
    // One string and four typed arrays for the whole page, whatever its length.
    expect(packed.fonts).toEqual(['g_d0_f1']);
    expect(packed.numbers.length).toBe(50 * 8);
    expect(packed.marked).toEqual([]);
  });
});
