// The opposite predicate in the same slot: "received very favorable reviews" where the passage says "received highly
// negative reviews", "the film was a success" where it says "the film was a failure". A claim word whose antonym
// (support-lexicon.ts) stands in a passage sentence next to the same word (the noun it modifies, the subject it is
// said of), in a sentence that does not also say the claim's word, with the same polarity (a "not unfavorable" review
// is no contradiction of a favorable one), says the opposite. Only then: an antonym elsewhere in the sentence is
// "needs a look". Pure.
import { evidenceSentences, negators } from './negation.ts';
import { isStopWord } from './stop-words.ts';
import { antonymsOf, conceptOf } from './support-lexicon.ts';
import { claimNegative, contentConcepts, negativeAbout } from './support-polarity.ts';
import { words, type Word } from './support.ts';

export interface AntonymContradiction {
  /** The claim's word and the passage's, as written. */
  claimWord: string;
  passageWord: string;
  /** The passage sentence that says the opposite. */
  sentence: string;
}

// Adverbs of degree and respect ("very", "highly", "critically") say how much or in what way, not of what.
const DEGREE =
  /^(?:very|highly|extremely|largely|mostly|mainly|widely|strongly|overwhelmingly|quite|rather|fairly|mildly|somewhat|universally|critically|commercially|generally)$/u;

/** The concept of the nearest content word on one side of `i` (stop words skipped, at most three hops). */
function neighbour(ws: readonly Word[], i: number, side: -1 | 1, negatorWords: ReadonlySet<string>): string | undefined {
  for (let j = i + side, hops = 0; j >= 0 && j < ws.length && hops < 3; j += side, hops++) {
    const w = ws[j]!;
    if (isStopWord(w.folded) || negatorWords.has(w.folded)) continue;
    if (DEGREE.test(w.folded)) continue;
    return conceptOf(w.folded);
  }
  return undefined;
}

/**
 * The first claim word whose antonym a passage sentence says of the same thing. `namesStated`: every name of the
 * claim is in the evidence or its context (without that, the sentence may be about something else).
 */
export function antonymContradiction(claim: string, passages: readonly string[], namesStated: boolean): AntonymContradiction | null {
  if (!namesStated || typeof claim !== 'string') return null;
  const cw = words(claim);
  const claimNeg = new Set(negators(claim).map((n) => n.text.toLowerCase()));
  const concepts = contentConcepts(claim);
  const negative = claimNegative(claim);
  for (let i = 0; i < cw.length; i++) {
    const opposite = antonymsOf(cw[i]!.folded);
    if (opposite.size === 0) continue;
    const own = conceptOf(cw[i]!.folded);
    const left = neighbour(cw, i, -1, claimNeg);
    const right = neighbour(cw, i, 1, claimNeg);
    for (const passage of passages) {
      for (const sentence of evidenceSentences(passage)) {
        const pw = words(sentence);
        if (pw.some((w) => conceptOf(w.folded) === own)) continue;
        const pNeg = new Set(negators(sentence).map((n) => n.text.toLowerCase()));
        const at = pw.findIndex(
          (w, k) => opposite.has(conceptOf(w.folded)) && ((!!left && neighbour(pw, k, -1, pNeg) === left) || (!!right && neighbour(pw, k, 1, pNeg) === right)),
        );
        if (at < 0 || negativeAbout(sentence, concepts) !== negative) continue;
        return { claimWord: cw[i]!.raw, passageWord: pw[at]!.raw, sentence };
      }
    }
  }
  return null;
}
