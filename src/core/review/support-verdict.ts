// Three verdicts a careful reviewer would give a claim against its cited evidence, from rules only:
// - `contradicted` when the evidence gives another value for the same quantity (number, amount, percentage, date or
//   measure, units converted), says the opposite (negation), or gives the claim's role to another name;
// - `supported` only when the rules are sure: every quantity and name of the claim stated, and nearly every word;
// - `needs-look` for everything else: the rules cannot tell, so a person should (never an error).
// The evidence is read with its context (document title, section, the sentences before it on the page), so a claim
// that names "Acme Corp" is not flagged when the passage says "the company" under a heading that names it; context
// can state names and words, but values and contradictions come from the cited passage alone. Pure, synchronous.
import { entitySwap } from './entity-swap.ts';
import { evidenceSentences } from './negation.ts';
import { quantities, type Quantity } from './quantities.ts';
import { relateAll, type QuantityRelation } from './quantity-relations.ts';
import { antonymContradiction } from './support-antonyms.ts';
import { coverage } from './support-coverage.ts';
import { inRank, ranks, relateRanks } from './support-ranks.ts';
import { conceptOf } from './support-lexicon.ts';
import { claimNegative, clauses, contentConcepts, coveringSentence, mainClauses, negativeAbout, prefixNegations } from './support-polarity.ts';
import { lexicalSupport, words, type LexicalSupport } from './support.ts';
import { snippet } from './wording.ts';

export type Verdict = 'supported' | 'contradicted' | 'needs-look';

export type ContradictionCause = 'value' | 'date' | 'negation' | 'entity';

export interface Contradiction {
  cause: ContradictionCause;
  /** What the claim says, as written ("72 hours", "is not located in Texas"). */
  claim: string;
  /** What the passage says instead, as written. */
  passage: string;
}

export interface EvidenceInput {
  /** The cited passages (quote, retrieved text, the words under the boxes). Values are read from these only. */
  passages: readonly string[];
  /** Title, section, sentences before the passage on its page: names and words may be found here. */
  context?: readonly string[];
}

export interface SupportVerdict {
  verdict: Verdict;
  contradiction?: Contradiction;
  lexical: LexicalSupport;
  /** Share (0–1) of the claim's content words found in the evidence or its context. */
  wordCoverage: number;
  /** The claim's quantities and what the evidence says of each. */
  quantities: Array<{ claim: Quantity; relation: QuantityRelation }>;
  /** Names and values of the claim the evidence does not state (as written), for the reason. */
  missing: string[];
}

/** Share of content words needed (with every name and value stated) for `supported`. Chosen on the dev half. */
export const SUPPORTED_WORD_COVERAGE = 0.75;

/**
 * A claim clause whose every content word one passage sentence holds, said with the other polarity there: "is not
 * located in Texas" / "is located in Texas". Clause by clause on both sides, so a negation in a side clause ("who
 * never married") says nothing of the rest.
 */
function negationContradiction(claim: string, passages: readonly string[]): Contradiction | null {
  for (const clause of clauses(claim)) {
    const concepts = contentConcepts(clause.text);
    if (concepts.length < 2) continue;
    const negative = clause.negations % 2 === 1;
    for (const passage of passages) {
      for (const sentence of evidenceSentences(passage)) {
        const have = new Set(words(sentence).map((w) => conceptOf(w.folded)));
        if (!concepts.every((k) => have.has(k))) continue;
        if (negativeAbout(sentence, concepts) !== negative) return { cause: 'negation', claim: snippet(claim, 120), passage: snippet(sentence, 160) };
      }
    }
  }
  return null;
}

/** The passage sentence that holds most of the claim's assertion says it with the claim's polarity (yes or no). */
function samePolarity(claim: string, passages: readonly string[]): boolean {
  // the claim's assertion is its main clauses: "…, so that administrators cannot read it" is a purpose, whose words
  // the coverage weighs, not a denial of what the passage states
  const main = mainClauses(claim);
  const mainText = main.map((c) => c.text).join(', ');
  const concepts = contentConcepts(mainText);
  const best = coveringSentence(concepts, passages);
  if (!best) return true;
  // "unused" says "not used": a prefix negation counts where the other side has the plain word
  const claimNo = claimNegative(mainText) !== (prefixNegations(mainText, best.sentence) % 2 === 1);
  const passageNo = negativeAbout(best.sentence, concepts) !== (prefixNegations(best.sentence, claim) % 2 === 1);
  return claimNo === passageNo;
}

/** The verdict of the rules on `claim` against its evidence. Never throws. */
export function supportVerdict(claim: string, evidence: EvidenceInput): SupportVerdict {
  const passages = (evidence?.passages ?? []).filter((p): p is string => typeof p === 'string' && p.length > 0);
  const context = (evidence?.context ?? []).filter((p): p is string => typeof p === 'string' && p.length > 0);
  const text = typeof claim === 'string' ? claim : '';
  const lexical = lexicalSupport(text, [...passages, ...context]);
  const cover = coverage(text, lexical, [...passages, ...context]);
  const wordCoverage = cover.share;

  // the numbers of a rank ("only two stadiums are larger", "the fourth-largest") are compared as ranks, not counts
  const outsideRanks = (t: string, qs: Quantity[]) => {
    const rs = ranks(t);
    return qs.filter((q) => !inRank(rs, q.start, q.end));
  };
  const evQs = passages.flatMap((p) => outsideRanks(p, quantities(p, false)));
  const claimQs = outsideRanks(text, quantities(text, true));
  const rankDiffers = relateRanks(text, passages).find((r) => r.kind === 'differs');
  const relations = relateAll(claimQs, evQs);
  const related = claimQs.map((q, i) => ({ claim: q, relation: relations[i]! }));

  const missingNames = cover.missingNames;
  const missing = [...missingNames, ...related.filter((r) => r.relation.kind === 'absent' || r.relation.kind === 'open').map((r) => r.claim.text)];
  const base = { lexical, wordCoverage, quantities: related, missing };

  if (rankDiffers)
    return { ...base, verdict: 'contradicted', contradiction: { cause: 'value', claim: rankDiffers.claim.text, passage: rankDiffers.passage.text } };
  const differs = related.find((r) => r.relation.kind === 'differs');
  if (differs && differs.relation.kind === 'differs') {
    const cause: ContradictionCause = differs.claim.kind === 'date' ? 'date' : 'value';
    return { ...base, verdict: 'contradicted', contradiction: { cause, claim: differs.claim.text, passage: differs.relation.evidence.text } };
  }
  const negation = negationContradiction(text, passages);
  if (negation) return { ...base, verdict: 'contradicted', contradiction: negation };
  const swap = entitySwap(text, passages, new Set(missingNames));
  if (swap) return { ...base, verdict: 'contradicted', contradiction: { cause: 'entity', claim: swap.claim, passage: swap.passage } };
  const opposite = antonymContradiction(text, passages, missingNames.length === 0);
  if (opposite)
    return { ...base, verdict: 'contradicted', contradiction: { cause: 'negation', claim: snippet(text, 120), passage: snippet(opposite.sentence, 160) } };

  const sure = passages.length > 0 && missing.length === 0 && wordCoverage >= SUPPORTED_WORD_COVERAGE && samePolarity(text, passages);
  return { ...base, verdict: sure ? 'supported' : 'needs-look' };
}
