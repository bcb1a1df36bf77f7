// The find bar's query in the index's terms (find-all.ts searches with it): apart from the search itself, so the
// viewer's own code, which only prepares queries, does not load the layout and bidi code a search needs. Pure.
import { normalizeText } from './normalize.ts';

export interface FindOptions {
  matchCase: boolean;
  wholeWords: boolean;
}

export interface FindQuery {
  /** The query's match key (normalized, no spaces). */
  key: string;
  /** Per key unit: whether the query's raw character there is upper case (used only with matchCase). */
  upper: boolean[];
  /** Key offsets (after 0) where the query's own words start: "supply chain" → [6]. */
  wordStarts: ReadonlySet<number>;
  options: FindOptions;
}

/** Whether a raw character (or cluster) is upper case. */
export const isUpper = (s: string) => s !== s.toLowerCase();

/** The query in the index's terms; null when it has nothing searchable (only spaces or punctuation). */
export function prepareFind(raw: string, options: FindOptions): FindQuery | null {
  const n = normalizeText(raw);
  let key = '';
  const upper: boolean[] = [];
  const wordStarts = new Set<number>();
  for (let i = 0; i < n.text.length; i++) {
    const c = n.text[i] as string;
    if (c === ' ') {
      if (key) wordStarts.add(key.length);
      continue;
    }
    key += c;
    upper.push(isUpper(raw.slice(n.start[i], n.end[i])));
  }
  return key ? { key, upper, wordStarts, options } : null;
}
