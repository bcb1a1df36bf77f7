import { normalizeText } from '../locate/normalize.ts';
import { isStopWord } from '../review/stop-words.ts';

// Search terms of a question or a passage: the locator's folding (lower case, no diacritics, no punctuation), minus
// function words, with a light English suffix stripping so that "accounts" finds "account" and "disabled" finds
// "disable". Deliberately small: a full stemmer would merge words a reviewer would call different. Pure.

const VOWEL = /[aeiouy]/;

/** A light stem: plural and common verb endings, only on words long enough that the rest is still a word. */
export function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ss|us|is)$/.test(w)) return w;
  else if (/(?:sses|xes|ches|shes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ing') && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  // "disabled" → "disabl", "disable" → "disabl": both sides lose a final e
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** The search terms of `text`, in order, repeats kept (BM25 counts them). */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  for (const word of normalizeText(text).text.split(' ')) {
    if (word.length === 0 || isStopWord(word)) continue;
    // one letter says nothing; one digit may ("tier 1")
    if (word.length === 1 && !/\p{N}/u.test(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** Words that ask rather than say what about ("tell me about…", "explain…"): not searched for in a question. */
const ASKING = new Set([
  'tell',
  'explain',
  'describe',
  'say',
  'says',
  'please',
  'know',
  'give',
  'show',
  'list',
  'mean',
  'means',
  'happen',
  'happens',
  'get',
  'gets',
]);

/** The search terms of a question: as `searchTerms`, without the words that only ask. */
export function questionTerms(question: string): string[] {
  const asking = new Set([...ASKING].map(stem));
  return searchTerms(question).filter((t) => !asking.has(t));
}
