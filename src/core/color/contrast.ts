// WCAG 2.x contrast, pure: relative luminance of sRGB colours and the contrast ratio between two of them
// (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). A translucent colour is first composited over what it is
// drawn on, because its contrast is that of the colour a reader actually sees. Used by the viewer's tests to prove
// that its highlight colour tokens stay readable on every page colour.

export interface Rgba {
  /** 0–255 */
  r: number;
  g: number;
  b: number;
  /** 0–1 */
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i;

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r g b / a)`, `rgb(r, g, b)`, `rgba(r, g, b, a)`; anything else throws. */
export function parseColor(css: string): Rgba {
  const text = css.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const byte = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: byte(0), g: byte(2), b: byte(4), a: full.length === 8 ? byte(6) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
    const channel = (s: string | undefined) => clamp(parseFloat(s ?? '0'), 0, 255);
    return { r: channel(rgb[1]), g: channel(rgb[2]), b: channel(rgb[3]), a: clamp(alpha, 0, 1) };
  }
  throw new Error(`not a colour this module reads: ${css}`);
}

/** `top` drawn over an opaque `bottom` (source-over): the opaque colour on screen. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 (same) to 21 (black on white). Translucent colours over `backdrop`. */
export function contrastRatio(a: string | Rgba, b: string | Rgba, backdrop: string | Rgba = '#ffffff'): number {
  const base = opaque(typeof backdrop === 'string' ? parseColor(backdrop) : backdrop, { r: 255, g: 255, b: 255, a: 1 });
  const la = relativeLuminance(opaque(typeof a === 'string' ? parseColor(a) : a, base));
  const lb = relativeLuminance(opaque(typeof b === 'string' ? parseColor(b) : b, base));
  const [hi, lo] = la >= lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

function opaque(colour: Rgba, backdrop: Rgba): Rgba {
  return colour.a >= 1 ? colour : composite(colour, backdrop);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, Number.isFinite(v) ? v : lo));
}
