// Which of a claim's names and words its evidence states, read the way a careful reader does, on top of the lexical
// check (support.ts):
// - words in other forms: irregular verbs, synonyms and derivations (support-lexicon.ts): "premiered" / "released";
// - words that only frame a name: "the film X", "X (film)", "was called Y", "the name of";
// - a name of several words stated by its last word ("Mindy Kaling" by "Kaling"), a sentence's first word included
//   ("Mindy" is a name there, not a word), unless the passage gives that last word another qualifier: "South
//   Yorkshire" is not stated by "West Riding of Yorkshire", "North Carolina" not by "North Hollywood".
// Pure.
import { negators } from './negation.ts';
import { numberWords } from './number-words.ts';
import { conceptOf, isLightWord, TYPE_NOUNS } from './support-lexicon.ts';
import { entities, words, type LexicalSupport } from './support.ts';
import { unitOf } from './units.ts';

export interface Coverage {
  /** Share (0–1) of the claim's content words the evidence states. */
  share: number;
  /** Content words not stated, as written. */
  unmatched: string[];
  /** Names not stated, as written. */
  missingNames: string[];
}

const TYPE = [...TYPE_NOUNS].join('|');
// "the film Thanks for Sharing", "the movie `` Hitman ''": a type noun before a name identifies it
const TYPE_BEFORE = new RegExp(`(?<![\\p{L}])(?:the|a|an|its|his|her|their)\\s+(${TYPE})\\s+(?:[\`'"“‘]+\\s*)?(?=\\p{Lu})`, 'giu');
// "Mardaani 2 ( film )"
const TYPE_AFTER = new RegExp(`[\\p{L}\\d]\\s*\\(\\s*(${TYPE})\\s*\\)`, 'giu');

/** The type nouns of `claim` that stand next to a name (folded). */
export function identifyingNouns(claim: string): Set<string> {
  const out = new Set<string>();
  for (const re of [TYPE_BEFORE, TYPE_AFTER]) for (const m of claim.matchAll(re)) out.add(m[1]!.toLowerCase());
  return out;
}

/**
 * True when the evidence states `last` (a name's last word) with no other qualifier: some occurrence of it is not
 * the end of a longer name whose other words the claim's name does not have.
 */
function lastWordAlone(name: string, evidence: readonly string[]): boolean {
  const nameStems = new Set(words(name).map((w) => w.stem));
  const last = words(name).at(-1)!;
  for (const text of evidence) {
    const ws = words(text);
    const named = new Set(entities(text, ws).flatMap((e) => [...e.words]));
    for (let i = 0; i < ws.length; i++) {
      if (ws[i]!.stem !== last.stem) continue;
      // the capitalized words before it, through "of" ("West Riding of Yorkshire")
      let j = i - 1;
      if (j >= 0 && ws[j]!.folded === 'of' && text.slice(ws[j]!.index + 2, ws[i]!.index).trim() === '') j--;
      const qualifier =
        j >= 0 && j < i && named.has(ws[j]!) && /^[\s-]*(?:of\s+)?$/u.test(text.slice(ws[j]!.index + ws[j]!.raw.length, ws[i]!.index)) ? ws[j]! : undefined;
      if (!qualifier || nameStems.has(qualifier.stem)) return true;
    }
  }
  return false;
}

/** The claim's sentence-first word when the name right after it continues it ("Mindy" of "Mindy Kaling"). */
function leadingNameWord(claim: string): { raw: string; name: string } | undefined {
  const ws = words(claim);
  const first = ws[0];
  const second = ws[1];
  if (!first || !second || !/^\p{Lu}/u.test(first.raw) || !/^\p{Lu}/u.test(second.raw)) return undefined;
  if (!/^[\s-]*$/u.test(claim.slice(first.index + first.raw.length, second.index))) return undefined;
  const name = entities(claim, ws).find((e) => e.words.has(second));
  return name ? { raw: first.raw, name: `${first.raw} ${name.text}` } : undefined;
}

/** What the evidence (passages and context) states of the claim's names and content words. */
export function coverage(claim: string, lexical: LexicalSupport, evidence: readonly string[]): Coverage {
  const evidenceWords = evidence.flatMap((t) => words(t));
  const evidenceStems = new Set(evidenceWords.map((w) => w.stem));
  const evidenceConcepts = new Set(evidenceWords.map((w) => conceptOf(w.folded)));
  const identifying = identifyingNouns(claim);
  const lead = leadingNameWord(claim);

  const namesOk = (name: string) => {
    const ws = words(name);
    return ws.length >= 2 && evidenceStems.has(ws[ws.length - 1]!.stem) && lastWordAlone(name, evidence);
  };
  const missingNames = lexical.missing
    .filter((m) => m.kind === 'entity')
    .map((m) => m.text)
    .filter((name) => !namesOk(name));
  // "Mindy" of "Mindy Kaling" is a name word: stated with its name, or missing with it
  const leadStated = lead ? namesOk(lead.name) || evidenceStems.has(words(lead.raw)[0]!.stem) : false;

  // Number words ("twenty-four"), units ("hours") and negators ("isn't") are weighed as values and polarity, not words.
  const notWords = (w: string) => numberWords(w).length > 0 || !!unitOf(w) || negators(w).length > 0;
  const counted = lexical.unmatchedWords.filter((w) => !notWords(w));
  const unmatched = counted.filter((raw) => {
    const folded = raw.toLowerCase();
    if (lead && raw === lead.raw) return !leadStated;
    return !evidenceConcepts.has(conceptOf(folded)) && !isLightWord(folded) && !identifying.has(folded);
  });
  const total = lexical.checked.words - (lexical.unmatchedWords.length - counted.length);
  const share = total <= 0 ? 1 : 1 - unmatched.length / total;
  return { share, unmatched, missingNames };
}
