import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColor, relativeLuminance } from './contrast.ts';

describe('contrast', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // WebAIM's checker: #767676 on white is the classic 4.54:1
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    // the measurement: the active section text #62748e on #eef2ff
    expect(contrastRatio('#62748e', '#eef2ff')).toBeCloseTo(4.26, 2);
  });

  it('reads hex and rgb() forms alike', () => {
    expect(parseColor('#fc0')).toEqual({ r: 255, g: 204, b: 0, a: 1 });
    expect(parseColor('rgb(250 204 21 / 0.38)')).toEqual({ r: 250, g: 204, b: 21, a: 0.38 });
    expect(parseColor('rgba(250, 204, 21, 0.5)')).toEqual(parseColor('rgb(250 204 21 / 50%)'));
    expect(parseColor('#ff000080').a).toBeCloseTo(0.5, 2);
    expect(() => parseColor('tomato')).toThrow(/not a colour/);
  });

  it("reads oklch() as the browser paints it (Tailwind's palette, the dark theme)", () => {
    const rgb = (css: string) => {
      const { r, g, b, a } = parseColor(css);
      return [Math.round(r), Math.round(g), Math.round(b), a];
    };
    // Tailwind v4's slate-900 and slate-800 are #0f172b and #1d293d; white and black are exact.
    expect(rgb('oklch(20.8% 0.042 265.755)')).toEqual([15, 23, 43, 1]);
    expect(rgb('oklch(27.9% 0.041 260.031)')).toEqual([29, 41, 61, 1]);
    expect(rgb('oklch(100% 0 0)')).toEqual([255, 255, 255, 1]);
    expect(rgb('oklch(0 0 0 / 50%)')).toEqual([0, 0, 0, 0.5]);
    // A colour outside sRGB is clipped per channel, as painted, never out of 0-255.
    expect(rgb('oklch(60% 0.4 30)').every((v) => v >= 0 && v <= 255)).toBe(true);
  });

  it("reads color-mix(in oklab, …) as Chromium paints it (the dark theme's tints, theme.css)", () => {
    const rgb = (css: string) => {
      const { r, g, b, a } = parseColor(css);
      return [Math.round(r), Math.round(g), Math.round(b), a];
    };
    // Each value is what Chromium 156 paints on a canvas for the same colour.
    expect(rgb('color-mix(in oklab, white, black)')).toEqual([99, 99, 99, 1]);
    expect(rgb('color-mix(in oklab, oklch(58.5% 0.233 277.117) 24%, oklch(20.8% 0.042 265.755))')).toEqual([32, 40, 88, 1]);
    expect(rgb('color-mix(in oklab, #4f46e5 16%, white)')).toEqual([222, 228, 254, 1]);
    expect(rgb('color-mix(in oklab, #123456 30%, #123456)')).toEqual(rgb('#123456'));
    expect(() => parseColor('color-mix(in srgb, white, black)')).toThrow(/not a colour/);
  });

  it('composites a translucent colour over its backdrop before measuring', () => {
    // the old highlight fill: yellow-400 at 38 % over a white page measured about 1.2:1
    expect(contrastRatio('rgb(250 204 21 / 0.38)', '#fff')).toBeCloseTo(1.2, 1);
    expect(composite(parseColor('rgb(0 0 0 / 0.5)'), parseColor('#ffffff')).r).toBeCloseTo(127.5, 5);
  });

  const colour = fc.record({
    r: fc.integer({ min: 0, max: 255 }),
    g: fc.integer({ min: 0, max: 255 }),
    b: fc.integer({ min: 0, max: 255 }),
    a: fc.constant(1),
  });

  it('is symmetric, between 1 and 21, and 1 only for equal luminance', () => {
    fc.assert(
      fc.property(colour, colour, (a, b) => {
        const ab = contrastRatio(a, b);
        expect(ab).toBeCloseTo(contrastRatio(b, a), 10);
        expect(ab).toBeGreaterThanOrEqual(1);
        expect(ab).toBeLessThanOrEqual(21 + 1e-9);
        if (relativeLuminance(a) !== relativeLuminance(b)) expect(ab).toBeGreaterThan(1);
      }),
    );
  });

  // Mixed in sRGB, luminance is convex along the mix (each channel is decoded by a convex curve). A colour lighter than
  // the page in one channel and darker in another, nearly as bright as the page, can therefore mix to a luminance
  // farther from the page's than its own: fast-check found rgb(0 5 92) at alpha 0.1 over rgb(18 5 84). A mark's tint
  // over its page is on one side of it in every channel, and there the fill never beats the opaque colour.
  const sameSide = (c: { r: number; g: number; b: number }, page: { r: number; g: number; b: number }) =>
    (c.r >= page.r && c.g >= page.g && c.b >= page.b) || (c.r <= page.r && c.g <= page.g && c.b <= page.b);
  const alpha = fc.double({ min: 0, max: 1, noNaN: true });

  it('a fill never contrasts more with its backdrop than the opaque colour does (a colour on one side of it in every channel)', () => {
    fc.assert(
      fc.property(colour, colour, alpha, (c, page, a) => {
        fc.pre(sameSide(c, page));
        expect(contrastRatio({ ...c, a }, page, page)).toBeLessThanOrEqual(contrastRatio(c, page) + 1e-9);
      }),
    );
    // The case fast-check found, measured: the fill is a little farther from the page than the colour.
    const found = { r: 0, g: 5, b: 92, a: 1 };
    const page = { r: 18, g: 5, b: 84, a: 1 };
    expect(contrastRatio({ ...found, a: 0.0986 }, page, page)).toBeGreaterThan(contrastRatio(found, page));
  });

  it('a fill of any colour contrasts with its backdrop no more than the darkest or lightest mix of the two can', () => {
    fc.assert(
      fc.property(colour, colour, alpha, (c, page, a) => {
        const low = { r: Math.min(c.r, page.r), g: Math.min(c.g, page.g), b: Math.min(c.b, page.b), a: 1 };
        const high = { r: Math.max(c.r, page.r), g: Math.max(c.g, page.g), b: Math.max(c.b, page.b), a: 1 };
        const bound = Math.max(contrastRatio(low, page), contrastRatio(high, page));
        expect(contrastRatio({ ...c, a }, page, page)).toBeLessThanOrEqual(bound + 1e-9);
      }),
    );
  });
});
