// Offsets into a text source, in the units providers count in. persian_rag (Python) and, as far as its API says,
// Anthropic's `char_location` count CODE POINTS; our model, the DOM and String.prototype.slice count UTF-16 units.
// The two differ after every astral character (emoji, rare CJK, mathematical letters), which takes two UTF-16 units
// but one code point. Converting needs the document's text, which only the viewer and the review have, so sources
// keep the provider's offsets with their unit (`SourceLocation.charUnit`) and are converted here, once the text is
// loaded.

export type CharUnit = 'utf16' | 'codepoint';

/**
 * The UTF-16 offset of code-point offset `cp` in `text`, or undefined when `cp` is not an integer in
 * [0, code point length]. A lone surrogate counts as one code point, as it does in Python and in `for…of`.
 */
export function codePointToUtf16(text: string, cp: number): number | undefined {
  if (!Number.isInteger(cp) || cp < 0) return undefined;
  let i = 0;
  for (let k = 0; k < cp; k++) {
    if (i >= text.length) return undefined;
    i += isPairAt(text, i) ? 2 : 1;
  }
  return i;
}

/**
 * The code-point offset of UTF-16 offset `u` in `text`; an offset inside a surrogate pair counts the pair as begun
 * (it maps to the code point after it, so a range never loses the character it cuts). Undefined when out of range.
 */
export function utf16ToCodePoint(text: string, u: number): number | undefined {
  if (!Number.isInteger(u) || u < 0 || u > text.length) return undefined;
  let cp = 0;
  let i = 0;
  while (i < u) {
    i += isPairAt(text, i) ? 2 : 1;
    cp++;
  }
  return cp;
}

/** A [start, end) range in `unit` as UTF-16 offsets of `text`; null when it is empty, reversed or out of range. */
export function toUtf16Range(text: string, start: number, end: number, unit: CharUnit): { start: number; end: number } | null {
  const s = unit === 'utf16' ? inRange(text, start) : codePointToUtf16(text, start);
  const e = unit === 'utf16' ? inRange(text, end) : codePointToUtf16(text, end);
  if (s === undefined || e === undefined || e <= s) return null;
  return { start: s, end: e };
}

function inRange(text: string, u: number): number | undefined {
  return Number.isInteger(u) && u >= 0 && u <= text.length ? u : undefined;
}

function isPairAt(text: string, i: number): boolean {
  const hi = text.charCodeAt(i);
  if (hi < 0xd800 || hi > 0xdbff || i + 1 >= text.length) return false;
  const lo = text.charCodeAt(i + 1);
  return lo >= 0xdc00 && lo <= 0xdfff;
}
