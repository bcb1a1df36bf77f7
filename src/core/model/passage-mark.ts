import { normalizeText } from '../locate/normalize.ts';

// Where the cited words sit inside a passage the provider sent as text (a web search snippet, a retrieved chunk),
// for views that show the passage itself instead of a PDF page. Matched the way the PDF locator matches (case,
// diacritics, punctuation, spacing and hyphenation folded by normalizeText), so a quote that differs from its
// passage only by curly quotes or a line break is still found.

export interface PassageRange {
  /** UTF-16 offsets into the raw passage, end exclusive. */
  start: number;
  end: number;
}

/** The raw range of `passage` that holds `quote`, or null when the quote is not in it (or folds to nothing). */
export function findInPassage(passage: string, quote: string): PassageRange | null {
  const p = normalizeText(passage);
  const q = normalizeText(quote).text.replace(/ /g, '');
  if (q === '') return null;
  // Match without spaces, as the locator does ("H 2 O" ≡ "H2O"); `at` maps key positions back to p.text.
  let key = '';
  const at: number[] = [];
  for (let i = 0; i < p.text.length; i++) {
    if (p.text[i] === ' ') continue;
    key += p.text[i];
    at.push(i);
  }
  const hit = key.indexOf(q);
  if (hit < 0) return null;
  let start = p.start[at[hit]!]!;
  let end = p.end[at[hit + q.length - 1]!]!;
  // Folding drops punctuation; a quote that opens or closes with some ("“Fun fun fun.”") gets the passage's own.
  const trimmed = quote.trim();
  if (PUNCT.test(trimmed.slice(0, 1))) while (start > 0 && PUNCT.test(passage[start - 1]!)) start--;
  if (PUNCT.test(trimmed.slice(-1))) while (end < passage.length && PUNCT.test(passage[end]!)) end++;
  return { start, end };
}

const PUNCT = /^\p{P}$/u;
