// What differs between a quote and the passage it was matched to, word by word, and whether it matters. Pure.
//
// The locator's fuzzy alignment finds the passage a quote was taken from even when a word of it was changed; that is
// its job. But "72 hours" matched to "24 hours" at 0.9 is not the document's words: a backend that stores it as
// evidence stores a hallucinated number. So every non-exact match (and an exact one whose digits only agree once the
// decimal points are dropped: "1.5" and "15" share a match key) is aligned again, word by word, and each stretch
// that differs is named:
//   - harmless: spacing ("data base" / "database"), punctuation, a contraction written out ("does not" / "doesn't"),
//     OCR-like character noise inside a word ("rn" read as "m", a ligature dropped), a footnote marker or an
//     interleaved block (running head, figure) that the document has between the quote's words;
//   - meaningful, by kind: negation, date, number, unit, entity (a proper name), word.
// A match whose differences are all harmless is still found; any meaningful one makes it "not found, closest passage
// differs" (locate.ts). The kinds are ordered most telling first: a stretch with both a number and a name is a number.
import { ALIGN_GAP, alignCell, wordSimilarity } from './fuzzy-match.ts';
import { isNumberWord } from '../review/number-words.ts';
import { foldDigits, readNumber } from '../review/support-facts.ts';

export const differenceKinds = ['negation', 'date', 'number', 'unit', 'entity', 'word'] as const;
export type DifferenceKind = (typeof differenceKinds)[number];

export interface Difference {
  kind: DifferenceKind;
  /** The quote's words there, as written ('' when the quote lacks words the document has). */
  quote: string;
  /** The document's words there, as printed ('' when the document lacks words the quote has). */
  document: string;
}

/** One word of the quote or of the document, in the locator's folded form and as written. */
export interface DiffToken {
  /** Folded (lower case, no punctuation): what the locator matches. */
  key: string;
  /** As written, with the punctuation attached to it ("1.5", "72%", "$2M", "doesn't"). */
  raw: string;
  /** Document words only: printed notably smaller than the passage (a superscript footnote marker). */
  small?: boolean;
  /** Document words only: the layout block it belongs to (a running head or a figure between two columns). */
  block?: number;
  /** The first word of a sentence: its capital says nothing about being a name. */
  sentenceStart?: boolean;
}

/** One step of an alignment: a pair, a quote word the document lacks, or a document word the quote lacks. */
export interface AlignOp {
  q?: number;
  d?: number;
}

/** A stretch of the alignment that differs, with whether it matters and, if so, how. */
export interface DiffRun {
  /** Indices of the document tokens in this stretch (for marking them on the page). */
  docTokens: number[];
  /** How many of the quote's tokens the stretch holds. */
  quoteTokens: number;
  harmless: boolean;
  difference?: Difference;
}

/**
 * Aligns every quote token against the document tokens, whose leading and trailing words are free to skip (the
 * document side is the matched passage with a few words of margin). Needleman–Wunsch with the fuzzy matcher's word
 * similarity, so "encrypted" still pairs with "encrypied" and "72" stands against "24".
 */
export function alignTokens(q: readonly DiffToken[], d: readonly DiffToken[]): AlignOp[] {
  const n = q.length;
  const m = d.length;
  const W = m + 1;
  const H = new Float32Array((n + 1) * W);
  const dir = new Uint8Array((n + 1) * W); // 1 diag, 2 up (quote word alone), 3 left (document word alone)
  for (let i = 1; i <= n; i++) {
    H[i * W] = i * ALIGN_GAP;
    dir[i * W] = 2;
  }
  for (let j = 1; j <= m; j++) dir[j] = 3; // free leading document words
  for (let i = 1; i <= n; i++) {
    const qi = q[i - 1] as DiffToken;
    for (let j = 1; j <= m; j++) {
      alignCell(H, dir, W, i, j, similarity(qi, d[j - 1] as DiffToken), -Infinity);
    }
  }
  // free trailing document words: end wherever the whole quote scored best
  let bj = 0;
  for (let j = 1; j <= m; j++) if ((H[n * W + j] as number) > (H[n * W + bj] as number)) bj = j;
  const ops: AlignOp[] = [];
  let i = n;
  let j = bj;
  while (i > 0) {
    const k = j === 0 ? 2 : dir[i * W + j];
    if (k === 1) ops.push({ q: --i, d: --j });
    else if (k === 2) ops.push({ q: --i });
    else ops.push({ d: --j });
  }
  return ops.reverse();
}

function similarity(a: DiffToken, b: DiffToken): number {
  if (a.key === b.key) return 1;
  if (expand(a) === expand(b)) return 1;
  return ocrNoise(a.key, b.key) ? 0.9 : wordSimilarity(a.key, b.key);
}

// ---------------------------------------------------------------------------------------------------------------
// What a word is.

const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nor',
  'neither',
  'nobody',
  'nothing',
  'nowhere',
  'without',
  'cannot',
  'نه',
  'نمی',
  'هرگز',
  'نیست',
  'نباید',
  'لا',
  'لم',
  'لن',
  'ليس',
  'ليست',
]);
const CONTRACTION = /n['’]t$/iu;

function isNegator(t: DiffToken): boolean {
  return NEGATORS.has(t.key) || CONTRACTION.test(t.raw);
}

/** A contraction written out: "doesn't" → "doesnot", "won't" → "willnot", "can't"/"cannot" → "cannot". */
function expand(t: DiffToken): string {
  if (!CONTRACTION.test(t.raw)) return t.key;
  const base = t.key.slice(0, -2);
  if (base === 'wo') return 'willnot';
  if (base === 'ca' || base === 'can') return 'cannot';
  if (base === 'sha') return 'shallnot';
  return `${base}not`;
}

const MONTHS = new Set([
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
]);

// Units and what each measures: "72 hours" and "72 days" differ in unit, "percent" and "%" do not.
const UNITS: Record<string, string> = {};
const unitGroups: Record<string, string[]> = {
  second: ['second', 'seconds', 'sec', 'secs', 's'],
  minute: ['minute', 'minutes', 'min', 'mins'],
  hour: ['hour', 'hours', 'hr', 'hrs', 'h'],
  day: ['day', 'days', 'd'],
  week: ['week', 'weeks', 'wk', 'wks'],
  month: ['month', 'months', 'mo'],
  year: ['year', 'years', 'yr', 'yrs'],
  percent: ['%', 'percent', 'pct', 'percentage'],
  point: ['points', 'point', 'pp', 'bps', 'basis'],
  meter: ['m', 'meter', 'meters', 'metre', 'metres'],
  km: ['km', 'kilometer', 'kilometers', 'kilometre', 'kilometres'],
  cm: ['cm', 'centimeter', 'centimeters'],
  mm: ['mm', 'millimeter', 'millimeters'],
  mile: ['mile', 'miles', 'mi'],
  foot: ['ft', 'foot', 'feet'],
  inch: ['in', 'inch', 'inches'],
  kg: ['kg', 'kilogram', 'kilograms', 'kilo', 'kilos'],
  g: ['g', 'gram', 'grams'],
  mg: ['mg', 'milligram', 'milligrams'],
  lb: ['lb', 'lbs', 'pound', 'pounds'],
  ton: ['t', 'ton', 'tons', 'tonne', 'tonnes'],
  liter: ['l', 'liter', 'liters', 'litre', 'litres'],
  ml: ['ml', 'milliliter', 'milliliters'],
  gallon: ['gallon', 'gallons', 'gal'],
  kb: ['kb', 'kilobyte', 'kilobytes'],
  mb: ['mb', 'megabyte', 'megabytes'],
  gb: ['gb', 'gigabyte', 'gigabytes'],
  tb: ['tb', 'terabyte', 'terabytes'],
  celsius: ['°c', 'c', 'celsius'],
  fahrenheit: ['°f', 'f', 'fahrenheit'],
  usd: ['$', 'usd', 'dollar', 'dollars'],
  musd: ['musd', 'musd'],
  meur: ['meur', 'm€'],
  bn: ['bn', 'billion', 'billions'],
  mn: ['mn', 'million', 'millions'],
  eur: ['€', 'eur', 'euro', 'euros'],
  gbp: ['£', 'gbp', 'sterling'],
  jpy: ['¥', 'jpy', 'yen'],
  x: ['x', 'times', 'fold'],
};
for (const [unit, names] of Object.entries(unitGroups)) for (const name of names) UNITS[name] ??= unit;

const digitsOf = (t: DiffToken) => /\d/u.test(foldDigits(t.raw));
// spelled-out numbers are number-words.ts's one list, the one the support rules read too
const isNumeric = (t: DiffToken) => digitsOf(t) || isNumberWord(t.key);

/** The unit a token names, alone ("hours") or stuck to its number ("72h", "30%", "$2"). */
function unitOf(t: DiffToken): string | undefined {
  // a capital inside a sentence is a name ("Times New Roman"), not a unit
  if (isEntity(t) && !digitsOf(t)) return undefined;
  const whole = UNITS[t.key];
  if (whole && !(t.key.length === 1 && !digitsOf(t) && /^[a-z]$/u.test(t.key))) return whole;
  const raw = foldDigits(t.raw).toLowerCase();
  if (raw.includes('%')) return 'percent';
  const sym = /^[($€£¥]/u.exec(raw.replace(/^[(["']+/u, ''));
  if (sym) return UNITS[sym[0]];
  const suffix = /\d([a-z°]+)$/u.exec(t.key);
  return suffix ? UNITS[suffix[1] as string] : undefined;
}

/** The numbers a token writes, in every reading ("1,500" → 1500 and 1.5); none for a word. */
function valuesOf(t: DiffToken): number[] {
  const m = /\d+(?:[.,\u202F\u00A0\u2009]\d+)*/u.exec(foldDigits(t.raw));
  if (!m) return [];
  const sign = /[-\u2212]\s*$/u.test(foldDigits(t.raw).slice(0, m.index)) ? -1 : 1;
  return readNumber(m[0]).map((v) => sign * v);
}

/** Two tokens that share a key may still write different numbers ("1.5" and "15", "-5" and "5", "617-387" and "6173-87"
 * never do: the digits themselves must agree, and where both can be read as numbers, some reading must). */
function sameNumbers(a: DiffToken, b: DiffToken): boolean {
  const da = foldDigits(a.raw).replace(/\D/gu, '');
  const db = foldDigits(b.raw).replace(/\D/gu, '');
  if (da !== db) return false;
  const va = valuesOf(a);
  const vb = valuesOf(b);
  if (va.length === 0 || vb.length === 0) return va.length === vb.length;
  return va.some((v) => vb.includes(v));
}

const YEAR = /^(1[89]\d\d|20\d\d)$/u;
const YEAR_RANGE = /^(1[89]\d\d|20\d\d)[-\u2010-\u2015/](\d\d|1[89]\d\d|20\d\d)$/u;
const DATE_SHAPE = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/u;

function isDateish(t: DiffToken): boolean {
  const raw = trimEnd(foldDigits(t.raw), ',.;:)');
  return MONTHS.has(t.key) || YEAR.test(raw) || YEAR_RANGE.test(raw) || DATE_SHAPE.test(raw) || /^\d{1,2}(st|nd|rd|th)$/u.test(t.key);
}

/** A proper name: a capital where a sentence does not start (or all capitals: "NATO", "EU"), not a function word. */
function isEntity(t: DiffToken): boolean {
  const letters = t.raw.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0 || NEGATORS.has(t.key)) return false;
  if (letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return true;
  return !t.sentenceStart && /^\p{Lu}/u.test(letters) && !FUNCTION_WORDS.has(t.key);
}

const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'in',
  'on',
  'at',
  'of',
  'for',
  'and',
  'or',
  'but',
  'to',
  'by',
  'with',
  'as',
  'is',
  'are',
  'was',
  'were',
  'be',
  'i',
  'we',
  'they',
  'he',
  'she',
  'you',
]);

// ---------------------------------------------------------------------------------------------------------------
// Harmless differences.

/** Characters a text layer or an OCR engine confuses, folded to one form ("rn" ≡ "m", "l" ≡ "1", "O" ≡ "0"). */
function confusionFold(s: string): string {
  // heh doachashmee for heh: an Arabic text layer's choice of form, not a different letter
  return s
    .replace(/\u06BE/gu, '\u0647')
    .replace(/rn/gu, 'm')
    .replace(/cl/gu, 'd')
    .replace(/vv/gu, 'w')
    .replace(/[1il|!]/gu, 'l')
    .replace(/0/gu, 'o');
}

const ARABIC = /^\p{sc=Arabic}+$/u;

const LIGATURE_LOSS = /(ffi|ffl|ff|fi|fl|ft|st)/gu;

/** Two different spellings of one word that a text layer, not an author, would produce. */
export function ocrNoise(a: string, b: string): boolean {
  if (a === b || Math.min(a.length, b.length) < 3) return false;
  // digit against digit is never noise: "1" and "7" are different numbers
  const digits = (s: string) => s.replace(/[^\d]/gu, '');
  if (digits(a) && digits(b) && digits(a) !== digits(b) && confusionFold(a) !== confusionFold(b)) return false;
  if (confusionFold(a) === confusionFold(b)) return true;
  // a ligature the text layer lost: "ofce" for "office", "eficient" for "efficient"
  for (const [long, short] of [
    [a, b],
    [b, a],
  ] as const) {
    if (short.length >= long.length) continue;
    for (const m of long.matchAll(LIGATURE_LOSS)) {
      const i = m.index ?? 0;
      const lig = m[0];
      for (let keep = 0; keep < lig.length; keep++) {
        if (long.slice(0, i) + lig.slice(0, keep) + long.slice(i + lig.length) === short) return true;
      }
    }
  }
  // two neighbouring letters swapped in Arabic script: how a text layer writes a ligature it took apart ("اخلطوط")
  const edit = singleEdit(a, b);
  if (edit !== null && a.length === b.length && ARABIC.test(a) && ARABIC.test(b) && a[edit] !== b[edit] && a[edit] === b[edit + 1]) return true;
  // one character dropped, doubled, swapped or misread deep inside a long word (never its first or last two:
  // prefixes and endings carry meaning: "atypical", "required"/"requires")
  if (/\d/u.test(a + b) || Math.min(a.length, b.length) < 7) return false;
  return edit !== null && edit >= 1 && edit <= Math.min(a.length, b.length) - 3;
}

/** The position of the one edit (substitution, insertion, deletion or adjacent swap) between a and b, else null. */
function singleEdit(a: string, b: string): number | null {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return i;
    if (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)) return i;
    return null;
  }
  if (Math.abs(a.length - b.length) !== 1) return null;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i) ? i : null;
}

/** A footnote number stuck to a word ("policy12" for "policy"). */
function gluedFootnote(a: string, b: string): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return /\p{L}$/u.test(short) && long.startsWith(short) && /^\d{1,3}$/u.test(long.slice(short.length));
}

interface RunContext {
  q: readonly DiffToken[];
  d: readonly DiffToken[];
  /** Blocks of the paired document words on each side of the stretch (an interleaved block is neither). */
  blocksAround: number[];
}

function harmless({ q, d, blocksAround }: RunContext): boolean {
  const joined = (ts: readonly DiffToken[]) => ts.map(expand).join('');
  // the same letters, only split or joined differently ("data base" / "database", "does not" / "doesn't"); word for
  // word the same keys would mean the numbers differ ("10.3" / "103"), which is never spacing
  const resplit = q.length !== d.length || q.some((t, i) => expand(t) !== expand(d[i]!));
  const decimals = [...q, ...d].some((t) => /\d[.,]\d/u.test(foldDigits(t.raw)));
  if (q.length > 0 && d.length > 0 && resplit && !decimals && joined(q) === joined(d)) return true;
  if (q.length === 0) {
    // a superscript, or a block that sits between the quote's words (a running head, a caption, a footnote)
    if (d.every((t) => t.small)) return true;
    if (blocksAround.length > 0 && d.every((t) => t.block !== undefined && !blocksAround.includes(t.block))) return true;
    return false;
  }
  if (q.length !== d.length) return false;
  return q.every((t, i) => {
    const other = d[i] as DiffToken;
    return !isNegator(t) && !isNegator(other) && (ocrNoise(t.key, other.key) || gluedFootnote(t.key, other.key)) && sameNumbersOrNoise(t, other);
  });
}

function sameNumbersOrNoise(a: DiffToken, b: DiffToken): boolean {
  return sameNumbers(a, b) || confusionFold(a.key) === confusionFold(b.key) || gluedFootnote(a.key, b.key);
}

// ---------------------------------------------------------------------------------------------------------------
// Kinds.

function kindOf(q: readonly DiffToken[], d: readonly DiffToken[]): DifferenceKind {
  const all = [...q, ...d];
  if (q.filter(isNegator).length !== d.filter(isNegator).length || prefixNegation(q, d)) return 'negation';
  const qNum = q.filter(isNumeric);
  const dNum = d.filter(isNumeric);
  if (qNum.length > 0 || dNum.length > 0) {
    if (all.some(isDateish)) return 'date';
    const sameValues = qNum.length === dNum.length && qNum.every((t, i) => (digitsOf(t) ? sameNumbers(t, dNum[i]!) : t.key === dNum[i]!.key));
    if (!sameValues) return 'number';
  }
  const qu = q.map(unitOf).filter(Boolean);
  const du = d.map(unitOf).filter(Boolean);
  if ((qu.length > 0 || du.length > 0) && qu.join() !== du.join()) return 'unit';
  if (all.some(isEntity)) return 'entity';
  return 'word';
}

/** "lawful" / "unlawful", "profit" / "nonprofit", "میشود" / "نمیشود": a word negated by its prefix. */
function prefixNegation(q: readonly DiffToken[], d: readonly DiffToken[]): boolean {
  if (q.length !== d.length) return false;
  return q.some((t, i) => {
    const [a, b] = [t.key, d[i]!.key];
    const [long, short] = a.length > b.length ? [a, b] : [b, a];
    return short.length >= 3 && ['un', 'non', 'ن'].some((p) => long === p + short);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Runs.

const TRAIL = ' \t\n,.;:!?)]}"\'”’»';
const LEAD = ' \t\n([{"\'“‘«';

/** `text` without the characters of `set` at its end. A loop, not /[…]+$/: that regex is quadratic on a long run of them. */
function trimEnd(text: string, set: string): string {
  let end = text.length;
  while (end > 0 && set.includes(text[end - 1] as string)) end--;
  return text.slice(0, end);
}

function trimStart(text: string, set: string): string {
  let start = 0;
  while (start < text.length && set.includes(text[start] as string)) start++;
  return text.slice(start);
}
const MAX_SHOWN = 8;

function written(tokens: readonly DiffToken[]): string {
  const words = tokens.map((t) => trimStart(trimEnd(t.raw, TRAIL), LEAD)).filter(Boolean);
  return words.length > MAX_SHOWN ? `${words.slice(0, MAX_SHOWN).join(' ')} …` : words.join(' ');
}

const isUnitWord = (t: DiffToken | undefined) => !!t && !!UNITS[t.key] && t.key.length > 1;

/**
 * Groups an alignment into the stretches that differ and judges each. Paired words that agree (same folded word,
 * same numbers) separate stretches; everything else joins one. Shown words are widened for reading: a lone number
 * takes the unit after it ("72 hours" / "24 hours"), and a stretch with nothing on one side takes a word on each side
 * ("is located" / "is not located").
 */
export function diffRuns(q: readonly DiffToken[], d: readonly DiffToken[], ops: readonly AlignOp[]): DiffRun[] {
  const same = (op: AlignOp) => op.q !== undefined && op.d !== undefined && sameWord(q[op.q]!, d[op.d]!);
  const runs: DiffRun[] = [];
  let k = 0;
  while (k < ops.length) {
    if (same(ops[k]!)) {
      k++;
      continue;
    }
    const from = k;
    while (k < ops.length && !same(ops[k]!)) k++;
    const stretch = ops.slice(from, k);
    const qs = stretch.flatMap((op) => (op.q !== undefined ? [q[op.q]!] : []));
    const docIdx = stretch.flatMap((op) => (op.d !== undefined ? [op.d] : []));
    const ds = docIdx.map((i) => d[i]!);
    const before = ops[from - 1];
    const after = ops[k];
    // document words that the alignment skipped before the first pair or after the last are margin, not a difference
    if (qs.length === 0 && (before === undefined || after === undefined)) continue;
    const blocksAround = [before, after].flatMap((op) => (op?.d !== undefined && d[op.d]?.block !== undefined ? [d[op.d]!.block!] : []));
    if (harmless({ q: qs, d: ds, blocksAround })) {
      runs.push({ docTokens: docIdx, quoteTokens: qs.length, harmless: true });
      continue;
    }
    const pairAfter = after && after.q !== undefined && after.d !== undefined ? { q: q[after.q]!, d: d[after.d]! } : undefined;
    const pairBefore = before && before.q !== undefined && before.d !== undefined ? { q: q[before.q]!, d: d[before.d]! } : undefined;
    let kind = kindOf(qs, ds);
    // "Sep 24" / "Sep 23": a number beside a month is a date
    if (kind === 'number' && [pairBefore?.q, pairAfter?.q].some((t) => t && MONTHS.has(t.key))) kind = 'date';
    let shownQ = qs;
    let shownD = ds;
    if ((kind === 'number' || kind === 'date') && isUnitWord(pairAfter?.q)) {
      shownQ = [...shownQ, pairAfter!.q];
      shownD = [...shownD, pairAfter!.d];
    }
    // a lone number says little without the word that names it: "TLS 1.1" / "TLS 1.2", "Sep 24" / "Sep 23"
    if ((kind === 'number' || kind === 'date') && shownQ.length === 1 && shownD.length === 1 && pairBefore && !FUNCTION_WORDS.has(pairBefore.q.key)) {
      shownQ = [pairBefore.q, ...shownQ];
      shownD = [pairBefore.d, ...shownD];
    }
    if (qs.length === 0 || ds.length === 0) {
      if (pairBefore) {
        shownQ = [pairBefore.q, ...shownQ];
        shownD = [pairBefore.d, ...shownD];
      }
      if (pairAfter && shownQ[shownQ.length - 1] !== pairAfter.q) {
        shownQ = [...shownQ, pairAfter.q];
        shownD = [...shownD, pairAfter.d];
      }
    }
    runs.push({ docTokens: docIdx, quoteTokens: qs.length, harmless: false, difference: { kind, quote: written(shownQ), document: written(shownD) } });
  }
  return runs;
}

function sameWord(a: DiffToken, b: DiffToken): boolean {
  return (a.key === b.key || expand(a) === expand(b)) && sameNumbers(a, b) && negatedAlike(a, b);
}

const negatedAlike = (a: DiffToken, b: DiffToken) => isNegator(a) === isNegator(b);

/** The meaningful differences between quote and document tokens (empty when they agree but for harmless noise). */
export function differencesOf(q: readonly DiffToken[], d: readonly DiffToken[]): Difference[] {
  return diffRuns(q, d, alignTokens(q, d)).flatMap((r) => (r.difference ? [r.difference] : []));
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens of a quote.

/** The words of a raw string as the locator folds them, each with the raw text it came from (whitespace-delimited). */
export function quoteTokens(raw: string, normalized: { text: string; start: Int32Array; end: Int32Array }): DiffToken[] {
  const out: DiffToken[] = [];
  const re = /[^ ]+/gu;
  for (let m = re.exec(normalized.text); m; m = re.exec(normalized.text)) {
    let s = normalized.start[m.index] ?? 0;
    let e = normalized.end[m.index + m[0].length - 1] ?? s;
    while (s > 0 && /[\p{P}\p{S}]/u.test(raw[s - 1] as string)) s--;
    while (e < raw.length && /[\p{P}\p{S}]/u.test(raw[e] as string)) e++;
    const prev = out[out.length - 1];
    const sentenceStart = !prev || /[.!?:;]["'”’)]*$/u.test(prev.raw);
    out.push({ key: m[0], raw: raw.slice(s, e), sentenceStart });
  }
  return out;
}
