// What one citation marker looks like, apart from where it may stand. Spans are UTF-16 offsets into the answer text.
// Recognised: [2]  [1, 3]  [1,3]  [1-3]  [1–3]  [S2]  [S1, S3]  [۲]  [٢،٣]  【3】  【6:0†source】.
// Where a marker may stand (real text, not code, not an escaped bracket, not a link) is the Markdown parser's call:
// see src/core/markdown/micromark-markers.ts.

export interface MarkerRef {
  /** Normalized key: "2" for [2], [۲] or 【2】; "S2" for [S2]; "6:0" for an OpenAI placeholder. */
  key: string;
  /** Span of the token this ref came from (a range's refs share the range's span). */
  start: number;
  end: number;
}

export type MarkerKind = 'numeric' | 'sid' | 'mixed' | 'placeholder';

export interface MarkerGroup {
  kind: MarkerKind;
  /** Span of the whole bracket group, brackets included. */
  start: number;
  end: number;
  raw: string;
  refs: MarkerRef[];
}

/** The longest range we expand: `[1-500]` is more likely prose than a citation. */
const MAX_RANGE = 50;
/** The longest bracket content read as a marker: past this it is prose. */
export const MAX_MARKER_INNER = 80;
const ITEM = /^(?:([Ss]\d{1,6})|(\p{Nd}{1,6})(?:\s*[-–—]\s*(\p{Nd}{1,6}))?)$/u;
const SEPARATOR = /[,،，;]/;
const PLACEHOLDER = /^(\p{Nd}+:\p{Nd}+)†[^】]*$/u;

/** Convert any Unicode decimal digit string (ASCII, Arabic-Indic, Persian, fullwidth, …) to a number. */
export function digitsToNumber(digits: string): number {
  let value = 0;
  for (const ch of digits) {
    const d = decimalValue(ch);
    if (d < 0) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

// Unicode lays out every decimal digit block as ten consecutive code points starting at zero.
const DIGIT_ZEROS = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0xf20, 0x1040, 0x17e0, 0x1810, 0xff10,
];

function decimalValue(ch: string): number {
  const cp = ch.codePointAt(0) ?? -1;
  for (const zero of DIGIT_ZEROS) if (cp >= zero && cp <= zero + 9) return cp - zero;
  return -1;
}

/**
 * Read `raw` (a whole bracket group, `[…]` or `【…】`, found at `start` in the answer) as a marker group, or null when
 * its content is prose. Never throws.
 */
export function readMarkerGroup(raw: string, start: number): MarkerGroup | null {
  const fullwidth = raw.startsWith('【') && raw.endsWith('】');
  if (!fullwidth && !(raw.startsWith('[') && raw.endsWith(']'))) return null;
  const inner = raw.slice(1, -1);
  if (inner.length === 0 || inner.length > MAX_MARKER_INNER || (fullwidth ? /[【】\n]/ : /[[\]\n]/).test(inner)) return null;
  const parsed = parseInner(inner, start + 1, fullwidth);
  return parsed ? { kind: parsed.kind, start, end: start + raw.length, raw, refs: parsed.refs } : null;
}

function parseInner(inner: string, innerStart: number, fullwidth: boolean): { kind: MarkerKind; refs: MarkerRef[] } | null {
  const placeholder = fullwidth ? PLACEHOLDER.exec(inner) : null;
  if (placeholder?.[1]) {
    const key = placeholder[1].replace(/\p{Nd}+/gu, (d) => String(digitsToNumber(d)));
    return { kind: 'placeholder', refs: [{ key, start: innerStart - 1, end: innerStart + inner.length + 1 }] };
  }
  const refs: MarkerRef[] = [];
  let hasNumber = false;
  let hasSid = false;
  let offset = 0;
  for (const part of inner.split(SEPARATOR)) {
    const lead = part.length - part.trimStart().length;
    const token = part.trim();
    const start = innerStart + offset + lead;
    const end = start + token.length;
    offset += part.length + 1;
    const m = ITEM.exec(token);
    if (!m) return null;
    if (m[1]) {
      hasSid = true;
      refs.push({ key: 'S' + String(digitsToNumber(m[1].slice(1))), start, end });
      continue;
    }
    hasNumber = true;
    const from = digitsToNumber(m[2] ?? '');
    const to = m[3] === undefined ? from : digitsToNumber(m[3]);
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || to - from > MAX_RANGE) return null;
    for (let n = from; n <= to; n++) refs.push({ key: String(n), start, end });
  }
  if (refs.length === 0) return null;
  return { kind: hasNumber && hasSid ? 'mixed' : hasSid ? 'sid' : 'numeric', refs };
}
