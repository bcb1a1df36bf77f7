import { MAX_MARKER_INNER, readMarkerGroup } from '../markers/marker-syntax.ts';

// Limits on what the answer's Markdown parser is given. micromark is correct but not linear on hostile input: its
// emphasis, label and container resolution go quadratic (measured 2026-12-01: `"*a ".repeat(10000)` 46 s, 100k `[`
// 24 s, a 2,000-deep quote or list 0.2–1.4 s and then a stack overflow while drawing). A linear pre-scan decides:
// - more than MAX_MARKDOWN_CHARS characters, or more than MAX_DELIMITERS Markdown punctuation characters, or one
//   emphasis/code run longer than MAX_RUN inside a line: the answer is shown as plain text (paragraphs split at blank
//   lines), its citation markers still buttons, with a note saying why (see plain-text-tree.ts);
// - a line nesting more than MAX_NESTING block quotes or list items: the deeper ones are flattened (their marker
//   is read as text), so the rest of the answer keeps its formatting.

/** Beyond this many characters an answer is plain text with markers (a 10,000-claim answer is ~400 KB). */
export const MAX_MARKDOWN_CHARS = 100_000;
/** Beyond this many of `* _ [ ] \` < \ & | ! ~` (a valid citation marker's brackets not counted): plain text. */
export const MAX_DELIMITERS = 4_000;
/** An emphasis, strike or code run longer than this, other than a fence or rule at a line's start: plain text. */
export const MAX_RUN = 32;
/** Block quotes and list items one line may open; deeper ones are flattened. */
export const MAX_NESTING = 32;

export type MarkdownLimit = 'size' | 'complexity';

const DELIMITERS = new Set(['*', '_', '[', ']', '`', '<', '\\', '&', '|', '!', '~']);
const RUN_CHARS = new Set(['*', '_', '`', '~']);

/** Which limit `text` exceeds, or null. Linear in the text. */
export function exceededLimit(text: string): MarkdownLimit | null {
  if (text.length > MAX_MARKDOWN_CHARS) return 'size';
  let delimiters = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      lineStart = i + 1;
      continue;
    }
    if (!DELIMITERS.has(ch)) continue;
    if (ch === '[') {
      const end = markerEnd(text, i);
      if (end > 0) {
        i = end - 1;
        continue;
      }
    }
    if (RUN_CHARS.has(ch)) {
      let j = i;
      while (j < text.length && text[j] === ch) j++;
      if (j - i > MAX_RUN && !(atLineStart(text, lineStart, i) && !restOfLineHas(text, j, ch))) return 'complexity';
      delimiters += j - i;
      i = j - 1;
    } else delimiters++;
    if (delimiters > MAX_DELIMITERS) return 'complexity';
  }
  return null;
}

/** The end of the citation marker starting at `open` (a `[`), or -1. Bounded: looks at most MAX_MARKER_INNER ahead. */
export function markerEnd(text: string, open: number): number {
  const limit = Math.min(text.length, open + MAX_MARKER_INNER + 2);
  for (let j = open + 1; j < limit; j++) {
    const c = text[j];
    if (c === '[' || c === '\n') return -1;
    if (c === ']') return readMarkerGroup(text.slice(open, j + 1), open) ? j + 1 : -1;
  }
  return -1;
}

function atLineStart(text: string, lineStart: number, at: number): boolean {
  for (let k = lineStart; k < at; k++) if (text[k] !== ' ') return false;
  return at - lineStart <= 3;
}

function restOfLineHas(text: string, from: number, ch: string): boolean {
  for (let k = from; k < text.length && text[k] !== '\n'; k++) if (text[k] === ch) return true;
  return false;
}

// Same-length stand-ins: the parser reads them as text, and every offset into the answer stays valid.
const STAND_IN: Record<string, string> = { '>': '＞', '-': '－', '*': '＊', '+': '＋', '.': '．', ')': '）' };

export interface FlattenedSource {
  /** The text to parse: `text` with the first marker past MAX_NESTING on each line replaced by a stand-in. */
  source: string;
  /** Offset → the character that was replaced there (to restore it in the parsed text). */
  replaced: Map<number, string>;
}

/** Flatten block quotes and list items nested deeper than MAX_NESTING on one line. Linear in the text. */
export function flattenDeepNesting(text: string): FlattenedSource {
  const replaced = new Map<number, string>();
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const at = excessMarker(text, lineStart, lineEnd);
    if (at >= 0) replaced.set(at, text[at]!);
    lineStart = lineEnd + 1;
  }
  if (replaced.size === 0) return { source: text, replaced };
  let source = '';
  let from = 0;
  for (const [at, ch] of replaced) {
    source += text.slice(from, at) + STAND_IN[ch];
    from = at + 1;
  }
  return { source: source + text.slice(from), replaced };
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t';

/** The offset of the character to replace in the first container marker past MAX_NESTING on this line, or -1. */
function excessMarker(text: string, start: number, end: number): number {
  if (isRuleLine(text, start, end)) return -1;
  let depth = 0;
  let i = start;
  while (i < end) {
    let j = i;
    while (j < end && text[j] === ' ' && j - i < 3) j++;
    const c = text[j];
    let next = -1;
    let replace = j;
    if (c === '>') next = isSpace(text[j + 1]) ? j + 2 : j + 1;
    else if ((c === '-' || c === '*' || c === '+') && isSpace(text[j + 1])) next = j + 2;
    else if (c !== undefined && c >= '0' && c <= '9') {
      let k = j;
      while (k < end && k - j < 9 && text[k]! >= '0' && text[k]! <= '9') k++;
      if ((text[k] === '.' || text[k] === ')') && isSpace(text[k + 1])) {
        next = k + 2;
        replace = k;
      }
    }
    if (next < 0 || j >= end) return -1;
    depth++;
    if (depth > MAX_NESTING) return replace;
    i = next;
  }
  return -1;
}

/** A thematic break (`- - -`, `***`): one kind of `-*_` and whitespace only. Not a list, so not nesting. */
function isRuleLine(text: string, start: number, end: number): boolean {
  let kind = '';
  for (let k = start; k < end; k++) {
    const c = text[k]!;
    if (isSpace(c) || c === '\r') continue;
    if (c !== '-' && c !== '*' && c !== '_') return false;
    if (kind && c !== kind) return false;
    kind = c;
  }
  return kind !== '';
}
