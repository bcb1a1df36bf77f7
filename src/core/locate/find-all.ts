// In-document search ("find"): every occurrence of a typed query on one indexed page. Pure, no I/O.
//
// It searches the SAME normalized index the quote locator uses (text-index.ts), not pdf.js's raw text, so what
// the locator treats as equal the find bar does too: a word hyphenated across a line break ("poli-\ncy") is one
// word, ligatures are folded (ﬁ ≡ fi), diacritics and Arabic letter variants are folded, and right-to-left runs
// are in logical order. Matching runs on the match key (no spaces), like the locator: "data set" also finds
// "dataset" and spurious spaces in a text layer do not hide a word.
//
// The index is lower-cased, so "Match case" compares, unit by unit, whether the raw character behind each key
// unit is upper case in the page and in the query; "Whole words" asks a match to start where a word starts and
// end where a word ends (words of the index, so a hyphenated line-break word counts as one).
import type { Box } from '../model/types.ts';
import { isUpper, type FindQuery } from './find-query.ts';
import type { MeasureText } from './page-text.ts';
import { spansToRects } from './rects.ts';
import type { Span } from './search-window.ts';
import type { IndexedPage } from './text-index.ts';

/** More than this many matches on one page are not collected (a one-letter query on a dense page). */
export const MAX_MATCHES_PER_PAGE = 2000;

/** Whether the raw page character behind key unit `k` is upper case. */
function pageUpper(page: IndexedPage, k: number): boolean {
  const t = page.keyToText[k];
  if (t === undefined) return false;
  const str = page.source.runs[page.run[t] ?? -1]?.str;
  return str !== undefined && isUpper(str.slice(page.start[t], page.end[t]));
}

/** Key offsets where the page's words start and end (for whole-word matching). */
function wordBounds(page: IndexedPage): { starts: Set<number>; ends: Set<number> } {
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const w of page.words) {
    starts.add(w.k0);
    ends.add(w.k1);
  }
  return { starts, ends };
}

/**
 * Whether the page's words inside the match start exactly where the query's do: the key has no spaces, so "a a"
 * on the page spells the key of the word "aa", and a whole-word search must not take one for the other.
 */
function sameWordBreaks(pageStarts: ReadonlySet<number>, s: number, e: number, queryStarts: ReadonlySet<number>): boolean {
  for (let k = s + 1; k < e; k++) if (pageStarts.has(k) !== queryStarts.has(k - s)) return false;
  return true;
}

/**
 * Every non-overlapping occurrence of the query on the page, in reading order, as key spans (the span shape the
 * locator uses, so `findRects` draws them with the same code as citation highlights).
 */
export function findInPage(page: IndexedPage, query: FindQuery, limit = MAX_MATCHES_PER_PAGE): Span[] {
  const { key } = query;
  const out: Span[] = [];
  if (!key || page.key.length < key.length) return out;
  const bounds = query.options.wholeWords ? wordBounds(page) : null;
  for (let s = page.key.indexOf(key); s >= 0 && out.length < limit;) {
    const e = s + key.length;
    let ok = !bounds || (bounds.starts.has(s) && bounds.ends.has(e) && sameWordBreaks(bounds.starts, s, e, query.wordStarts));
    if (ok && query.options.matchCase) {
      for (let i = 0; i < key.length && ok; i++) ok = pageUpper(page, s + i) === query.upper[i];
    }
    if (ok) {
      out.push({ page: page.page, k0: s, k1: e });
      s = page.key.indexOf(key, e);
    } else {
      s = page.key.indexOf(key, s + 1);
    }
  }
  return out;
}

/** Canonical boxes of one match, one per line fragment (a match across a line break has two). */
export function findRects(page: IndexedPage, span: Span, measure?: MeasureText): Box[] {
  return spansToRects(new Map([[page.page, page]]), [span], measure);
}
