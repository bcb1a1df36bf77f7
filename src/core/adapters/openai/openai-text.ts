// Text surgery for OpenAI annotations: the inline link OpenAI writes for a web citation, the Markdown link around a
// generated file's `sandbox:` path, and the sentence a citation point closes. Offsets are UTF-16, end exclusive.

/**
 * When `text[start, end)` is nothing but a Markdown link, optionally in parentheses (OpenAI's own `([site](url))`
 * after a web-cited sentence), the range to delete: from the link's first character back over the spaces before it,
 * to its last character (the whitespace after it stays). Otherwise undefined.
 */
export function inlineLinkRange(text: string, start: number, end: number): { start: number; end: number } | undefined {
  const slice = text.slice(start, end);
  const m = /^(\s*)(\(?\[[^\]\n]*\]\([^\s()]*(?:\([^\s()]*\)[^\s()]*)*\)\)?)\s*$/.exec(slice);
  if (!m) return undefined;
  const linkStart = start + m[1]!.length;
  const linkEnd = linkStart + m[2]!.length;
  // Unbalanced parentheses mean the optional outer "(" or ")" was not a pair: keep the text as it is.
  const link = m[2]!;
  if (link.startsWith('(') !== link.endsWith('))')) return undefined;
  let from = linkStart;
  while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
  return { start: from, end: linkEnd };
}

/**
 * When `text[start, end)` lies inside the target of a Markdown link (`[label](sandbox:/mnt/data/f.txt)`), the
 * whole link; a marker written after the span would otherwise break the link.
 */
export function enclosingLink(text: string, start: number, end: number): { start: number; end: number } | undefined {
  if (text.slice(start - 2, start) !== '](' || text[end] !== ')') return undefined;
  const open = text.lastIndexOf('[', start - 2);
  if (open < 0 || text.slice(open, start - 2).includes('\n')) return undefined;
  return { start: open, end: end + 1 };
}

/**
 * The sentence that ends at `end` (a citation point, or where OpenAI's inline link was): back to the previous
 * sentence end (`.`, `!` or `?` before whitespace and a word that is not lower-case), line break or `floor`, without
 * a list bullet or heading mark.
 */
export function sentenceBefore(text: string, end: number, floor: number): { start: number; end: number } {
  let e = end;
  while (e > floor && /\s/.test(text[e - 1] ?? '')) e--;
  let s = floor;
  for (let i = e - 2; i >= floor; i--) {
    const ch = text[i];
    // A full stop before a lower-case word is an abbreviation ("e.g. now"), not a sentence end.
    if (ch === '\n' || (/[.!?]/.test(ch ?? '') && /\s/.test(text[i + 1] ?? '') && !/^\s+\p{Ll}/u.test(text.slice(i + 1, i + 12)))) {
      s = i + 1;
      break;
    }
  }
  const line = text.slice(s, e);
  const lead = /^\s*(?:(?:[-*+]|\d{1,3}[.)]|#{1,6})\s+)?/.exec(line)?.[0].length ?? 0;
  return { start: Math.min(s + lead, e), end: e };
}
