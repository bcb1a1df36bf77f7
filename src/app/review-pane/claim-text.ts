import type { Claim } from '../../core/model/claims.ts';

// A claim is a span of the answer's MARKDOWN; the reader sees it rendered (no `**`, no list bullets, markers as
// buttons). These helpers bridge the two without touching the answer feature's markup: the claim is matched in
// the rendered text by its letters and digits alone, which markdown syntax, whitespace and punctuation cannot
// disturb (a CSS Custom Highlight then paints the match).

/** The first `a` or `b` in `text` at or after `from` (text.length when there is none). */
function firstOf(text: string, a: string, b: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== a && text[i] !== b) i++;
  return i;
}

/**
 * `[label](url)` and `![alt](url)` replaced by their label, exactly as `/!?\[([^\]\n]*)\]\([^)\n]*\)/g` would, in
 * one pass. That pattern scanned from every `[` to the next `]`: 45,000 `[` took 0.83 s and 64,000 5.6 s. Here the
 * label's end and the URL's end are pointers that only move forward, so every character is read a bounded number of
 * times.
 */
export function unlinkMarkdown(text: string): string {
  let out = '';
  let copied = 0;
  let close = 0; // the first `]` or newline after the current `[`
  let paren = 0; // the first `)` or newline after the current `](`
  for (let p = text.indexOf('['); p >= 0; p = text.indexOf('[', p + 1)) {
    if (close <= p) close = firstOf(text, ']', '\n', p + 1);
    if (text[close] !== ']' || text[close + 1] !== '(') continue;
    if (paren < close + 2) paren = firstOf(text, ')', '\n', close + 2);
    if (text[paren] !== ')') continue;
    const start = p > copied && text[p - 1] === '!' ? p - 1 : p;
    out += text.slice(copied, start) + text.slice(p + 1, close);
    copied = paren + 1;
    p = paren;
  }
  return out + text.slice(copied);
}

/** The claim as a reader sees it: markers and markdown syntax removed, whitespace folded. */
export function plainClaimText(answerText: string, claim: Pick<Claim, 'start' | 'end' | 'markers'>): string {
  let out = '';
  let at = claim.start;
  for (const m of claim.markers) {
    if (m.start < at || m.end > claim.end) continue;
    out += answerText.slice(at, m.start);
    at = m.end;
  }
  out += answerText.slice(at, claim.end);
  return unlinkMarkdown(out)
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d{1,9}[.)]\s+)/gm, '')
    .replace(/(\*\*|__|\*|`|~~)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/(?<!\s)\s+([.,;:!?)])/g, '$1') // (?<!\s): tried once per run of spaces, not from each one
    .trim();
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Letters and digits only, lower-cased: the key a claim and the rendered text are compared by. */
export function matchKey(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) if (WORD_CHAR.test(ch)) out += ch.toLowerCase();
  return out;
}

/**
 * Where `needle` sits in `haystack` (both match keys), the `occurrence`-th time it appears (0-based; the last one
 * when there are fewer). When the whole key is not there (a link's URL, text the renderer dropped), the span from
 * its first 24 to its last 24 characters. Null when neither is found.
 */
export function findNeedle(haystack: string, needle: string, occurrence = 0): { start: number; end: number } | null {
  if (!needle) return null;
  let found = -1;
  for (let i = 0, from = 0; i <= occurrence; i++) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    found = at;
    from = at + 1;
  }
  if (found >= 0) return { start: found, end: found + needle.length };
  const edge = Math.min(24, needle.length);
  const start = haystack.indexOf(needle.slice(0, edge));
  if (start < 0) return null;
  const tail = haystack.indexOf(needle.slice(needle.length - edge), start);
  if (tail < 0 || tail + edge - start > needle.length * 2) return null;
  return { start, end: tail + edge };
}
