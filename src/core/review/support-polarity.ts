// Negation with its scope. "X, who never married, was born in Y" does not deny that X was born in Y: a negator
// belongs to its clause, so a sentence's polarity about a claim is read from the clauses that hold the claim's words,
// not from the whole sentence. A zero count says "none" too: "0 reported deaths" and "no deaths" agree. Pure.
import { evidenceSentences, negators } from './negation.ts';
import { isStopWord } from './stop-words.ts';
import { conceptOf } from './support-lexicon.ts';
import { stem, words } from './support.ts';

// Clause boundaries: punctuation that sets a phrase apart, and the words that open a subordinate or coordinate
// clause. "and" is left out: "not A and B" keeps its negation over the pair more often than not.
const BOUNDARY = /[,;:()\u2013\u2014]|\s(?=(?:who|which|whom|whose|while|whereas|although|though|but|because|unlike|so\s+that|in\s+order\s+to)\s)/giu;
// A clause opened by one of these says why, when, or of what: the sentence's assertion is in its main clauses.
const SUBORDINATE =
  /^\s*(?:so\s+that|in\s+order\s+to|because|since|although|though|while|whereas|if|unless|until|when|whenever|where|which|who|whom|whose|even\s+(?:if|though|when|where|before|after))(?![\p{L}])/iu;

/** The clauses that make the assertion (not opened by a subordinator: "so that …", "which …", "even if …"). */
export const mainClauses = (sentence: string): Clause[] => {
  const cs = clauses(sentence);
  const main = cs.filter((c) => !SUBORDINATE.test(c.text));
  return main.length > 0 ? main : cs;
};
// "0 deaths", "zero cases": a count of none.
const ZERO = /(?<![\p{L}\p{N}.,])(?:0|zero)\s+(?:\p{L}+\s+)?\p{L}{3,}/giu;

export interface Clause {
  text: string;
  /** Concepts (support-lexicon.ts) of its words. */
  concepts: Set<string>;
  /** Its negators, zero counts included. */
  negations: number;
}

// "no more than 3 litres", "not less than", "not only … but": bounds and emphasis, not denials.
const NOT_DENIAL = /(?<![\p{L}])(?:no|not)\s+(?:(?:more|less|fewer|later|earlier|longer|greater)\s+than|only)(?![\p{L}])/giu;

// "before any access is found" says none was found yet: "before" licenses the negative-polarity "any" the way "not" does.
const NOT_YET = /(?<![\p{L}])(?:before|prior\s+to)\s+any(?![\p{L}])/giu;

const negationCount = (text: string) => {
  const t = text.replace(NOT_DENIAL, (m) => ' '.repeat(m.length));
  return negators(t).length + [...t.matchAll(ZERO)].length + [...t.matchAll(NOT_YET)].length;
};

/** The clauses of one sentence. */
export function clauses(sentence: string): Clause[] {
  if (typeof sentence !== 'string' || sentence.length === 0) return [];
  return sentence
    .split(BOUNDARY)
    .filter((t) => t && /\p{L}|\d/u.test(t))
    .map((text) => ({ text, concepts: new Set(words(text).map((w) => conceptOf(w.folded))), negations: negationCount(text) }));
}

/** The concepts a claim is checked by: its words less stop words and negators. */
export function contentConcepts(text: string): string[] {
  const neg = new Set(negators(text).map((n) => n.text.toLowerCase()));
  return [
    ...new Set(
      words(text)
        .filter((w) => !isStopWord(w.folded) && !neg.has(w.folded) && w.folded.length > 1)
        .map((w) => conceptOf(w.folded)),
    ),
  ];
}

/**
 * True when `sentence` says no about the claim whose concepts are `concepts`: an odd number of negators in the fewest
 * clauses that together hold the claim's concepts (taken greedily, most first; the whole sentence when none holds
 * any). A side clause that only shares the topic ("even where no access to Company data …") is not among them.
 */
export function negativeAbout(sentence: string, concepts: readonly string[]): boolean {
  const cs = clauses(sentence);
  const left = new Set(concepts);
  const chosen: Clause[] = [];
  for (;;) {
    const best = cs
      .filter((c) => !chosen.includes(c))
      .map((c) => ({ c, n: [...left].filter((k) => c.concepts.has(k)).length }))
      .sort((a, b) => b.n - a.n)[0];
    if (!best || best.n === 0) break;
    chosen.push(best.c);
    for (const k of best.c.concepts) left.delete(k);
  }
  const n = (chosen.length > 0 ? chosen : cs).reduce((s, c) => s + c.negations, 0);
  return n % 2 === 1;
}

/** True when the claim itself says no (an odd number of negators or zero counts). */
export const claimNegative = (claim: string): boolean => negationCount(claim) % 2 === 1;

const NEGATIVE_PREFIX = /^(?:un|non|in|im|il|ir|dis)-?(\p{L}{4,})$/u;

/**
 * The words of `text` that negate by a prefix a word `other` says plainly: "unused" where the other side says "not
 * used", "invalid" where it says "valid". Only then: "index" or "discover" are no negations of anything.
 */
export function prefixNegations(text: string, other: string): number {
  const otherStems = new Set(words(other).map((w) => w.stem));
  return words(text).filter((w) => {
    const m = NEGATIVE_PREFIX.exec(w.folded);
    return !!m && !otherStems.has(w.stem) && otherStems.has(stem(m[1]!));
  }).length;
}

export interface CoveringSentence {
  sentence: string;
  /** Share (0–1) of the claim's concepts in it. */
  share: number;
}

/** The evidence sentence holding most of the claim's concepts. */
export function coveringSentence(concepts: readonly string[], passages: readonly string[]): CoveringSentence | null {
  let best: CoveringSentence | null = null;
  for (const passage of passages) {
    for (const sentence of evidenceSentences(passage)) {
      const have = new Set(words(sentence).map((w) => conceptOf(w.folded)));
      const share = concepts.length === 0 ? 0 : concepts.filter((k) => have.has(k)).length / concepts.length;
      if (!best || share > best.share) best = { sentence, share };
    }
  }
  return best;
}
