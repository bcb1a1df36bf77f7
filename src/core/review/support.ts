// Lexical support: does the cited evidence say what the claim says? A cheap, explainable stand-in for an entailment
// model, used when the backend gives no support verdict. Pure, synchronous, never throws.
//
// Three kinds of things in the claim are looked up in the evidence:
// - facts: numbers, amounts, percentages, dates (support-facts.ts), compared by value in every reading;
// - named entities: capitalized words not at a sentence start ("Security Office"), acronyms ("AES", "HSM");
// - content words: every other word that is not a stop word, compared by a light stem ("encrypted" ≡ "encryption").
// score = share of those found. Anything missing is reported by what the claim wrote, so the reason can say
// "The claim says 30 days and 2024; the cited passage has neither."
import { normalizeText } from '../locate/normalize.ts';
import { evidenceFacts, extractFacts, factInEvidence, type EvidenceFacts, type FactKind } from './support-facts.ts';
import { translateEnglish, type Translate } from '../i18n/translate.ts';
import type { FlagMessage } from './review-message.ts';
import { reviewText } from './review-text.ts';
import { isStopWord } from './stop-words.ts';

export interface SupportItem {
  kind: FactKind | 'entity';
  /** As the claim wrote it. */
  text: string;
}

export interface LexicalSupport {
  /** Share (0–1) of the claim's facts, entities and content words found in the evidence; 1 when it has none. */
  score: number;
  /** Facts and entities of the claim that the evidence lacks, in claim order. */
  missing: SupportItem[];
  /** Content words of the claim (as written) that the evidence lacks. */
  unmatchedWords: string[];
  checked: { words: number; facts: number; entities: number };
}

export interface Word {
  raw: string;
  folded: string;
  stem: string;
  index: number;
  /** First word of a sentence (or of the text): its capital says nothing. */
  sentenceStart: boolean;
}

let segmenter: Intl.Segmenter | undefined;

/** Word tokens with their folded form and stem. Uses the platform's word segmenter (works for any script). */
export function words(text: string): Word[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const out: Word[] = [];
  let lastEnd = 0;
  for (const seg of segmenter.segment(text)) {
    if (!seg.isWordLike) continue;
    const between = text.slice(lastEnd, seg.index);
    lastEnd = seg.index + seg.segment.length;
    if (!/\p{L}/u.test(seg.segment)) continue; // numbers are facts, not words
    const folded = normalizeText(seg.segment).text.replace(/ /g, '');
    if (!folded) continue;
    out.push({
      raw: seg.segment,
      folded,
      stem: stem(folded),
      index: seg.index,
      sentenceStart: out.length === 0 || /[.!?:;\n•#>|]/u.test(between),
    });
  }
  return out;
}

const SUFFIXES = [
  'ational',
  'ations',
  'ation',
  'ments',
  'ment',
  'ness',
  'ities',
  'ity',
  'ions',
  'ion',
  'ings',
  'ing',
  'ers',
  'er',
  'ied',
  'ies',
  'ed',
  'es',
  'ly',
  'age',
  's',
];

/** A light, predictable stem: one English suffix, a final "e", or a Persian plural; never shorter than 3 letters. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (/^[a-z]+$/u.test(w)) {
    w = w.replace(/'s$/u, '');
    for (const s of SUFFIXES) {
      if (w.endsWith(s) && w.length - s.length >= 3) {
        w = w.slice(0, -s.length) + (s === 'ies' || s === 'ied' ? 'y' : '');
        break;
      }
    }
    if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
    // doubled final consonant after a stripped suffix: "stopped" → "stopp" → "stop"
    if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/u.test(w)) w = w.slice(0, -1);
    return w;
  }
  for (const s of ['های', 'ها', 'ان']) {
    if (w.endsWith(s) && w.length - s.length >= 3) return w.slice(0, -s.length);
  }
  return w;
}

function stemFound(s: string, stems: Set<string>, prefixes: readonly string[]): boolean {
  if (stems.has(s)) return true;
  // "manag" ~ "management": one stem a prefix of the other, both at least 4 letters
  return s.length >= 4 && prefixes.some((p) => p.length >= 4 && (p.startsWith(s) || s.startsWith(p)));
}

export interface Entity {
  text: string;
  stems: string[];
  words: Set<Word>;
}

const isCapitalized = (w: Word) => /^\p{Lu}/u.test(w.raw);
const isAcronym = (w: Word) => /^\p{Lu}{2,}[\p{Lu}\d]*s?$/u.test(w.raw);

/** Runs of capitalized words not at a sentence start, and acronyms anywhere. */
export function entities(text: string, ws: readonly Word[]): Entity[] {
  const out: Entity[] = [];
  let cur: Word[] = [];
  const flush = () => {
    if (cur.length > 0) {
      const first = cur[0]!;
      const last = cur[cur.length - 1]!;
      out.push({ text: text.slice(first.index, last.index + last.raw.length), stems: cur.map((w) => w.stem), words: new Set(cur) });
    }
    cur = [];
  };
  ws.forEach((w, i) => {
    // a lone capital ("°C", "Plan B") names nothing worth looking up
    const named = isAcronym(w) || (isCapitalized(w) && w.folded.length > 1 && !w.sentenceStart && !isStopWord(w.folded));
    const prev = ws[i - 1];
    const adjacent = prev && cur.length > 0 && /^[\s-]*$/u.test(text.slice(prev.index + prev.raw.length, w.index));
    if (!named || !adjacent) flush();
    if (named) cur.push(w);
  });
  flush();
  return out;
}

/** An acronym is stated by its words: "HSM" by "hardware security module" (initials of consecutive content words). */
function spelledOut(e: Entity, initials: string): boolean {
  const only = e.words.size === 1 ? [...e.words][0]! : undefined;
  if (!only || !isAcronym(only)) return false;
  const letters = only.folded.replace(/s$/u, '');
  return /^\p{L}{2,8}$/u.test(letters) && initials.includes(letters);
}

function asTexts(evidence: string | readonly string[]): string[] {
  const list = Array.isArray(evidence) ? evidence : [evidence];
  return list.filter((t): t is string => typeof t === 'string' && t.length > 0);
}

/** How well `evidence` (one passage or several) supports `claim`, by its facts, names and words. */
export function lexicalSupport(claim: string, evidence: string | readonly string[]): LexicalSupport {
  try {
    return compute(typeof claim === 'string' ? claim : '', asTexts(evidence));
  } catch {
    return { score: 0, missing: [], unmatchedWords: [], checked: { words: 0, facts: 0, entities: 0 } };
  }
}

interface EvidenceAnalysis {
  evStems: Set<string>;
  evPrefixes: string[];
  evFacts: EvidenceFacts;
  initials: string;
}

// The evidence's words, stems and facts, kept per distinct evidence: an answer cites the same few passages for
// thousands of claims (10,000 claims over 2 sources read the passages 10,000 times without it: 3.8 s of a 10k-claim
// answer's review). Bounded: cleared when full.
const evidenceCache = new Map<string, EvidenceAnalysis>();
const EVIDENCE_CACHE_SIZE = 256;

function analyseEvidence(evidence: string[]): EvidenceAnalysis {
  const key = evidence.join('\u0000');
  const cached = evidenceCache.get(key);
  if (cached) return cached;
  const evWords = evidence.flatMap((t) => words(t));
  const evStems = new Set(evWords.map((w) => w.stem));
  const analysis = {
    evStems,
    evPrefixes: [...evStems],
    evFacts: evidenceFacts(evidence),
    initials: evWords
      .filter((w) => !isStopWord(w.folded))
      .map((w) => w.folded[0])
      .join(''),
  };
  if (evidenceCache.size >= EVIDENCE_CACHE_SIZE) evidenceCache.clear();
  evidenceCache.set(key, analysis);
  return analysis;
}

function compute(claim: string, evidence: string[]): LexicalSupport {
  const { evStems, evPrefixes, evFacts, initials } = analyseEvidence(evidence);

  const claimWords = words(claim);
  const ents = entities(claim, claimWords);
  const inEntity = new Set(ents.flatMap((e) => [...e.words]));
  const facts = extractFacts(claim);

  const missing: Array<SupportItem & { at: number }> = [];
  let found = 0;
  for (const f of facts) {
    if (factInEvidence(f, evFacts)) found++;
    else missing.push({ kind: f.kind, text: f.text, at: f.start });
  }
  for (const e of ents) {
    if (e.stems.every((s) => stemFound(s, evStems, evPrefixes)) || spelledOut(e, initials)) found++;
    else missing.push({ kind: 'entity', text: e.text, at: [...e.words][0]?.index ?? 0 });
  }
  const content = new Map<string, string>();
  for (const w of claimWords) {
    if (inEntity.has(w) || isStopWord(w.folded) || w.folded.length < 2) continue;
    if (!content.has(w.stem)) content.set(w.stem, w.raw);
  }
  const unmatchedWords: string[] = [];
  for (const [s, raw] of content) {
    if (stemFound(s, evStems, evPrefixes)) found++;
    else unmatchedWords.push(raw);
  }
  const total = facts.length + ents.length + content.size;
  missing.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  return {
    score: total === 0 ? 1 : found / total,
    missing: missing.filter((m) => !seen.has(m.text) && seen.add(m.text)).map(({ kind, text }) => ({ kind, text })),
    unmatchedWords,
    checked: { words: content.size, facts: facts.length, entities: ents.length },
  };
}

/**
 * Why a support result fails, as data (review-message.ts), or null when it passes. `passages`: how many cited
 * passages were read together ("the cited passage" or "the cited passages").
 */
export function supportMessage(result: LexicalSupport, floor: number, passages = 1): FlagMessage | null {
  const { missing } = result;
  if (missing.length > 0) return { kind: 'claim-says', said: missing.map((m) => m.text), passages };
  if (result.score < floor) {
    // name the telling words: short ones ("go", "set") say little about what is missing
    const long = result.unmatchedWords.filter((w) => w.length >= 4);
    const few = (long.length > 0 ? long : result.unmatchedWords).slice(0, 5);
    return { kind: 'little-wording', score: result.score, threshold: floor, words: few, passages };
  }
  return null;
}

/** The reader-facing sentence for a support result (English unless `t` is given), or null when it passes. */
export function describeSupport(result: LexicalSupport, floor: number, passages = 1, t: Translate = translateEnglish): string | null {
  const message = supportMessage(result, floor, passages);
  return message ? reviewText(message, t) : null;
}
