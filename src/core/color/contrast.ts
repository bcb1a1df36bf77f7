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

const OKLCH = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)(?:deg)?\s*(?:\/\s*([\d.]+%?))?\s*\)$/i;
/** `color-mix(in oklab, A [p%], B [q%])`, the form theme.css's dark palette and the accent are written in. */
const COLOR_MIX = /^color-mix\(\s*in\s+oklab\s*,(.*)\)$/i;
const NAMED: Readonly<Record<string, string>> = { white: '#ffffff', black: '#000000', transparent: 'rgb(0 0 0 / 0)' };

/**
 * `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r g b / a)`, `rgb(r, g, b)`, `rgba(r, g, b, a)`, `oklch(L% C H / a)` (the
 * form of Tailwind's palette and of the dark theme, theme.css), `color-mix(in oklab, …)` of those (the dark theme's
 * tints) and white, black, transparent; anything else throws.
 */
export function parseColor(css: string): Rgba {
  const text = css.trim();
  const oklch = OKLCH.exec(text);
  if (oklch) return fromOklch(oklch);
  if (COLOR_MIX.test(text) || NAMED[text.toLowerCase()]) return toRgb(parseOklab(text));
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

interface Oklab {
  L: number;
  a: number;
  b: number;
  alpha: number;
}

function parseAlpha(alpha: string | undefined): number {
  return alpha === undefined ? 1 : clamp(alpha.endsWith('%') ? parseFloat(alpha) / 100 : parseFloat(alpha), 0, 1);
}

function oklchToOklab([, l = '0', percent, c = '0', h = '0', alpha]: RegExpExecArray): Oklab {
  const hue = (parseFloat(h) * Math.PI) / 180;
  return { L: percent ? parseFloat(l) / 100 : parseFloat(l), a: parseFloat(c) * Math.cos(hue), b: parseFloat(c) * Math.sin(hue), alpha: parseAlpha(alpha) };
}

/** Splits `a, b` at its top-level commas (not those inside a nested colour's parentheses). */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

/**
 * `red 30%` → the colour and 0.3; `red` → the colour alone. Read from the end by hand: a lazy `^(.*?)(?:\s+…%)?$`
 * tried every split of a long argument (quadratic: 147 ms on a line of spaces, regex-backtracking.test.ts).
 */
function splitWeight(arg: string): { colour: string; weight: number | undefined } {
  const m = /\s([\d.]+)%$/.exec(arg);
  if (!m) return { colour: arg, weight: undefined };
  return { colour: arg.slice(0, m.index).trimEnd(), weight: parseFloat(m[1]!) / 100 };
}

/** A colour in OKLab, unclipped (a mix is computed there, as the browser does, before it is painted). */
function parseOklab(css: string): Oklab {
  const text = css.trim();
  const named = NAMED[text.toLowerCase()];
  if (named) return parseOklab(named);
  const oklch = OKLCH.exec(text);
  if (oklch) return oklchToOklab(oklch);
  const mix = COLOR_MIX.exec(text);
  if (!mix) return rgbToOklab(parseColor(text));
  const args = splitArgs(mix[1]!);
  if (args.length !== 2) throw new Error(`not a colour this module reads: ${css}`);
  const [x, y] = args.map((arg) => {
    const { colour, weight } = splitWeight(arg.trim());
    return { colour: parseOklab(colour), weight };
  }) as [{ colour: Oklab; weight: number | undefined }, { colour: Oklab; weight: number | undefined }];
  // CSS Color 5: a missing percentage is the rest of 100 %, both missing are 50 % each; the sum is normalized.
  const wx = x.weight ?? (y.weight === undefined ? 0.5 : 1 - y.weight);
  const wy = y.weight ?? 1 - wx;
  const [p, q] = [wx / (wx + wy), wy / (wx + wy)];
  // Premultiplied by alpha, as the browser mixes.
  const alpha = x.colour.alpha * p + y.colour.alpha * q;
  const channel = (k: 'L' | 'a' | 'b') => (alpha === 0 ? 0 : (x.colour[k] * x.colour.alpha * p + y.colour[k] * y.colour.alpha * q) / alpha);
  return { L: channel('L'), a: channel('a'), b: channel('b'), alpha };
}

const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** sRGB to OKLab (https://bottosson.github.io/posts/oklab/). */
function rgbToOklab({ r, g, b, a }: Rgba): Oklab {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return {
    L: 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    a: 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    b: 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
    alpha: a,
  };
}

function fromOklch(match: RegExpExecArray): Rgba {
  return toRgb(oklchToOklab(match));
}

/**
 * OKLab to sRGB (CSS Color 4: OKLab's matrices, https://bottosson.github.io/posts/oklab/), clipped to the sRGB gamut
 * as a browser paints it, kept fractional (no rounding before the luminance).
 */
function toRgb({ L, a, b, alpha }: Oklab): Rgba {
  const lc = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const mc = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const sc = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const encode = (linear: number) => {
    const v = clamp(linear, 0, 1);
    return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  };
  return {
    r: encode(4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc),
    g: encode(-1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc),
    b: encode(-0.0041960863 * lc - 0.7034186147 * mc + 1.707614701 * sc),
    a: alpha,
  };
}

/** `top` drawn over an opaque `bottom` (source-over): the opaque colour on screen. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
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
