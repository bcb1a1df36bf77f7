import { isStopWord } from '../../core/review/stop-words.ts';
import { searchTerms } from '../../core/search/tokenize.ts';

// A follow-up question rewritten to stand on its own before retrieval, without a model: "And when are they
// deleted?" after "Which vendor accounts are disabled?" searches for "… (vendor accounts disabled)". A question that
// leans on the previous one (a pronoun, or too few words of its own to search with) gets the previous question's key
// words; any other question is left as it is. Pure.

const LEANS_ON_CONTEXT = /\b(?:it|its|they|them|their|theirs|that|this|those|these|there|then|he|she|him|his|her|one|ones|same|such|former|latter|else)\b/iu;
/** Words that ask rather than say what about: never carried into the next question. */
const REQUEST_WORDS = new Set([
  'tell',
  'get',
  'gets',
  'got',
  'explain',
  'describe',
  'say',
  'says',
  'said',
  'please',
  'know',
  'give',
  'show',
  'list',
  'mean',
  'means',
  'happen',
  'happens',
  'document',
  'documents',
  'policy',
  'question',
  'answer',
]);
const MAX_ADDED = 8;

/** The previous question's words worth searching for, in order, without repeats. */
export function keyWords(question: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)) {
    const word = m[0].replace(/['’]s$/u, '');
    const lower = word.toLowerCase();
    if (isStopWord(lower) || REQUEST_WORDS.has(lower) || (lower.length < 2 && !/\p{N}/u.test(lower))) continue;
    const stem = searchTerms(lower)[0];
    if (stem === undefined || seen.has(stem)) continue;
    seen.add(stem);
    out.push(word);
  }
  return out;
}

/**
 * `question` as a standalone question, given the previous turn's (standalone) question. Returns `question` itself
 * when it needs no context.
 */
export function standaloneQuestion(question: string, previous: string | undefined): string {
  const q = question.trim();
  if (previous === undefined || previous.trim() === '') return q;
  const own = searchTerms(q);
  if (!LEANS_ON_CONTEXT.test(q) && own.length >= 3) return q;
  const have = new Set(own);
  const added = keyWords(previous)
    .filter((w) => !have.has(searchTerms(w)[0] ?? ''))
    .slice(0, MAX_ADDED);
  return added.length === 0 ? q : `${q} (${added.join(' ')})`;
}
