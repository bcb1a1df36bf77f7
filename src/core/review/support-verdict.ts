// Three verdicts a careful reviewer would give a claim against its cited evidence, from rules only:
// - `contradicted` when the evidence gives another value for the same quantity (number, amount, percentage, date or
//   measure, units converted), says the opposite (negation), or gives the claim's role to another name;
// - `supported` only when the rules are sure: every quantity and name of the claim stated, and nearly every word;
// - `needs-look` for everything else: the rules cannot tell, so a person should (never an error).
// The evidence is read with its context (document title, section, the sentences before it on the page), so a claim
// that names "Acme Corp" is not flagged when the passage says "the company" under a heading that names it; context
// can state names and words, but values and contradictions come from the cited passage alone. Pure, synchronous.
import { entitySwap } from './entity-swap.ts';
import { evidenceSentences, isNegative, negators } from './negation.ts';
import { quantities, type Quantity } from './quantities.ts';
import { relateAll, type QuantityRelation } from './quantity-relations.ts';
import { numberWords } from './number-words.ts';
import { lexicalSupport, words, type LexicalSupport } from './support.ts';
import { isStopWord } from './stop-words.ts';
import { unitOf } from './units.ts';
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

function negationContradiction(claim: string, passages: readonly string[]): Contradiction | null {
  const claimNegative = isNegative(claim);
  const negatorWords = new Set(negators(claim).map((n) => n.text.toLowerCase()));
  const content = [...new Set(words(claim).filter((w) => !isStopWord(w.folded) && !negatorWords.has(w.folded) && w.folded.length > 1).map((w) => w.stem))];
  if (content.length < 2) return null;
  for (const passage of passages) {
    for (const sentence of evidenceSentences(passage)) {
      const stems = new Set(words(sentence).map((w) => w.stem));
      if (!content.every((s) => stems.has(s))) continue;
      if (isNegative(sentence) !== claimNegative) return { cause: 'negation', claim: snippet(claim, 120), passage: snippet(sentence, 160) };
    }
  }
  return null;
}

/** The verdict of the rules on `claim` against its evidence. Never throws. */
export function supportVerdict(claim: string, evidence: EvidenceInput): SupportVerdict {
  const passages = (evidence?.passages ?? []).filter((p): p is string => typeof p === 'string' && p.length > 0);
  const context = (evidence?.context ?? []).filter((p): p is string => typeof p === 'string' && p.length > 0);
  const text = typeof claim === 'string' ? claim : '';
  const lexical = lexicalSupport(text, [...passages, ...context]);
  // Number words ("twenty-four"), units ("hours") and negators ("isn't") are weighed as values and polarity, not words.
  const notWords = lexical.unmatchedWords.filter((w) => numberWords(w).length > 0 || unitOf(w) || negators(w).length > 0).length;
  const counted = lexical.checked.words - notWords;
  const wordCoverage = counted <= 0 ? 1 : 1 - (lexical.unmatchedWords.length - notWords) / counted;

  const evQs = passages.flatMap((p) => quantities(p, false));
  const claimQs = quantities(text, true);
  const relations = relateAll(claimQs, evQs);
  const related = claimQs.map((q, i) => ({ claim: q, relation: relations[i]! }));

  // "Joe Flacco" is named by "Flacco": a name of several words counts as stated when its last word is
  const evidenceStems = new Set([...passages, ...context].flatMap((p) => words(p).map((w) => w.stem)));
  const missingNames = lexical.missing
    .filter((m) => m.kind === 'entity')
    .map((m) => m.text)
    .filter((name) => {
      const ws = words(name);
      return ws.length < 2 || !evidenceStems.has(ws[ws.length - 1]!.stem);
    });
  const missing = [
    ...missingNames,
    ...related.filter((r) => r.relation.kind === 'absent' || r.relation.kind === 'open').map((r) => r.claim.text),
  ];
  const base = { lexical, wordCoverage, quantities: related, missing };

  const differs = related.find((r) => r.relation.kind === 'differs');
  if (differs && differs.relation.kind === 'differs') {
    const cause: ContradictionCause = differs.claim.kind === 'date' ? 'date' : 'value';
    return { ...base, verdict: 'contradicted', contradiction: { cause, claim: differs.claim.text, passage: differs.relation.evidence.text } };
  }
  const negation = negationContradiction(text, passages);
  if (negation) return { ...base, verdict: 'contradicted', contradiction: negation };
  const swap = entitySwap(text, passages, new Set(missingNames));
  if (swap) return { ...base, verdict: 'contradicted', contradiction: { cause: 'entity', claim: swap.claim, passage: swap.passage } };

  const sure = passages.length > 0 && missing.length === 0 && wordCoverage >= SUPPORTED_WORD_COVERAGE;
  return { ...base, verdict: sure ? 'supported' : 'needs-look' };
}
