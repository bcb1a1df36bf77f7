// Quantities as a reader compares them: a value with its comparator ("more than 30 days", "before 2017", "about 400
// cases"), its unit converted ("72 hours" ≡ "3 days"), and the words around it that say WHAT it counts. A claim's
// quantity is stated by the evidence when the evidence's quantity of the same thing lies inside the claim's range,
// contradicted when every such quantity lies outside it. Pure; never throws on strings.
//
// Ranges: a claim's plain number is read with the precision it was written in ("26 million" covers 25.5–26.5 million),
// the evidence's as the value it states. "More than X" is (X, ∞), "at most X" is (−∞, X], "about X" is X ± 10 %,
// "almost X" is [0.85 X, X). Dates are day ranges ("1999" is the whole year): "before 2017" is every day before it.
import { foldDigits, extractFacts, type DateValue, type Fact } from './support-facts.ts';
import { digitOrdinals, numberWords } from './number-words.ts';
import { isStopWord } from './stop-words.ts';
import { stem } from './support.ts';
import { unitOf, type Dimension } from './units.ts';
import { fractionsAndSpans } from './quantity-fractions.ts';
import { halfUnit, withComparator, type Comparator, type Interval } from './quantity-intervals.ts';

export type { Comparator, Interval } from './quantity-intervals.ts';

export type QuantityKind = 'number' | 'amount' | 'percent' | 'date' | 'ordinal' | 'ratio' | 'fraction';

export interface Quantity {
  kind: QuantityKind;
  /** As written, comparator included: "more than 30 days". */
  text: string;
  start: number;
  end: number;
  cmp: Comparator;
  /** Every reading of the value as a range (ambiguous separators and day-month orders give several). */
  ranges: Interval[];
  /** The value(s) as written, before comparator and precision (base units; dates: their first day). */
  points: number[];
  /** Dates with no year: compared by month and day only. */
  yearless?: boolean;
  /**
   * A date a figure is given "as of": when it was read, not when something happened. It states a claim's date
   * inside its range, but a claim about another day is not contradicted by it ("before May 16" / "as of May 16").
   */
  snapshot?: boolean;
  /**
   * One end of "4–1" or "10-20": a score or a range, which a count can fall inside but never differ from (is "more
   * than four goals" said of a 4–1 win? of a 10–20 range?). It states a value, never contradicts one.
   */
  span?: boolean;
  /** Dates with a year, month and day: their month and day, for claims that give no year. */
  monthDay?: number[];
  dimension?: Dimension;
  /** Stems of the content words just before and after: what the quantity counts. */
  before: string[];
  after: string[];
  /** Stems of the content words of the whole sentence it is in: what the sentence is about. */
  sentence: string[];
}

// "within 72 hours" is read as the value 72 hours, not a bound: a deadline of 24 hours is another deadline.
const COMPARATORS: Array<[RegExp, Comparator]> = [
  [/(?:more than|greater than|older than|over|above|exceeding|exceeds|exceeded|surpassed|surpassing|in excess of|upwards of|beyond)\s*$/u, 'gt'],
  [/(?:at least|no less than|no fewer than|not less than|a minimum of|minimum of)\s*$/u, 'ge'],
  [/(?:just under|just below|almost|nearly|close to|approaching)\s*$/u, 'almost'],
  [/(?:less than|fewer than|younger than|under|below|lower than|short of)\s*$/u, 'lt'],
  [/(?:at most|no more than|not more than|up to|a maximum of|maximum of|not exceeding)\s*$/u, 'le'],
  [/(?:about|around|approximately|approx\.?|roughly|some|circa|an estimated|estimated|an average of)\s*$/u, 'approx'],
];
const DATE_COMPARATORS: Array<[RegExp, Comparator]> = [
  [/(?:before|prior to|earlier than|ahead of)\s*$/u, 'lt'],
  [/(?:after|later than|following)\s*$/u, 'gt'],
  [/(?:since|from)\s*$/u, 'ge'],
  [/(?:by|until|till|through|no later than)\s*$/u, 'le'],
];

function comparatorBefore(text: string, start: number, date: boolean): Comparator {
  const head = `${text
    .slice(Math.max(0, start - 40), start)
    .toLowerCase()
    .trimEnd()
    .replace(/\s(?:an?|the)$/u, '')} `;
  for (const [re, cmp] of date ? DATE_COMPARATORS : COMPARATORS) if (re.test(head)) return cmp;
  return 'eq';
}

const WORD = /\p{L}[\p{L}'’-]*/gu;
// A full stop ends a sentence, but not after an initial ("U.S. rose to 3,737").
const SENTENCE_END = /(?<!(?:^|[\s.])\p{Lu})[.!?;:]\s|[()]/u;
const SENTENCE_ENDS = /(?<!(?:^|[\s.])\p{Lu})[.!?;:]\s|[()]/gu;

const isNumberWord = (w: string) => numberWords(w).length > 0;
// Words that scale or name the quantity itself, not what it counts (units are left out too: they are compared).
const NOT_CONTEXT =
  /^(?:thousands?|millions?|billions?|trillions?|percent|per|cent|dollars?|euros?|pounds?|usd|eur|gbp|crore|lakh|fewer|few|greater|lower|approximately|roughly|nearly|almost|exceed\p{L}*|surpass\p{L}*)$/u;
// Plurals no suffix rule reaches.
const IRREGULAR: Record<string, string> = { men: 'man', women: 'woman', people: 'person', children: 'child', feet: 'foot', teeth: 'tooth', mice: 'mouse' };
// "twice", "half", "double": a ratio of something, compared with another ratio whatever it is of.
const RATIO = /^(?:twice|thrice|half|double|triple)$/iu;

const pick = (s: string) =>
  [...s.matchAll(WORD)]
    .map((m) => m[0].toLowerCase())
    .filter((w) => w.length > 1 && !isStopWord(w) && !isNumberWord(w) && !NOT_CONTEXT.test(w) && !unitOf(w))
    .map((w) => stem(Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w]! : w.replace(/['’]s$/u, '')));

/** The content stems of the sentence around `at` (full stops only: brackets stay inside it). */
function sentenceStems(text: string, at: number): string[] {
  const ends = [...text.matchAll(/(?<!(?:^|[\s.])\p{Lu})[.!?;]\s/gu)].map((m) => m.index + m[0].length);
  const from = Math.max(0, ...ends.filter((e) => e <= at));
  const to = Math.min(text.length, ...ends.filter((e) => e > at));
  return [...new Set(pick(text.slice(from, to)))];
}

function contextStems(text: string, start: number, end: number, lower: number, upper: number): { before: string[]; after: string[] } {
  // stay inside the sentence (a full stop or a bracket ends the window) and between the neighbouring quantities
  let from = Math.max(lower, start - 80);
  const beforeText = text.slice(from, start);
  const cut = Math.max(...[...beforeText.matchAll(SENTENCE_ENDS)].map((m) => m.index + m[0].length), 0);
  from += cut;
  let to = Math.min(upper, end + 80);
  const afterText = text.slice(end, to);
  const stop = afterText.search(SENTENCE_END);
  if (stop >= 0) to = end + stop;
  return { before: pick(text.slice(from, start)).slice(-3), after: pick(text.slice(end, to)).slice(0, 3) };
}

// A number as written, with a multiplier glued to it ("5m", "2bn") or spelled after it ("2 million").
const CORE =
  /^[^\d]*\d[\d.,\u202F\u00A0\u2009]*(?:st|nd|rd|th)?(?:(?:k|mm|mn|m|bn|b|tn|t)(?![\p{L}])|\s(?:thousand|millions?|billions?|trillion)(?![\p{L}]))?/iu;

const YEAR_LO = (y: number) => y * 372;
const dayIndex = (d: DateValue) => YEAR_LO(d.y!) + ((d.m ?? 1) - 1) * 31 + ((d.d ?? 1) - 1);

function dateRange(d: DateValue): Interval | null {
  if (d.y === undefined) return null;
  const lo = dayIndex(d);
  const hi = d.d !== undefined ? lo : d.m !== undefined ? lo + 30 : lo + 371;
  return { lo, hi, loOpen: false, hiOpen: false };
}

const monthDay = (d: DateValue) => (d.m ?? 0) * 31 + (d.d ?? 0);

function isYear(f: Fact, text: string): boolean {
  if (f.kind !== 'number' || f.values.length !== 1) return false;
  const digits = text.slice(f.start, f.end).match(/^\d{4}(?![\d.,])/u);
  const v = f.values[0]!;
  // "1081 minutes" is a measure, not a year
  const unitAfter = /^\d{4}[\s-]+(\p{L}+)/u.exec(f.text)?.[1];
  return !!digits && v >= 1000 && v <= 2100 && !(unitAfter && unitOf(unitAfter));
}

/** The quantities of `text`. `claim`: read as a claim (ranges by written precision) or as evidence (stated values). */
export function quantities(raw: string, claim: boolean): Quantity[] {
  if (typeof raw !== 'string' || raw.length === 0) return [];
  const text = foldDigits(raw.normalize('NFKC'));
  const out: Array<Quantity & { coreEnd: number }> = [];
  const taken: Array<[number, number]> = [];
  for (const f of extractFacts(raw)) {
    const year = isYear(f, text);
    const date = f.kind === 'date' || year;
    const cmp = comparatorBefore(text, f.start, date);
    // a bare number's text runs on to its unit word ("30 days"): the words around it start after the number itself
    const core = f.kind === 'number' ? (CORE.exec(f.text)?.[0] ?? f.text) : f.text;
    const coreEnd = f.start + core.length;
    const cmpText = cmp === 'eq' ? '' : (/(\S+(?:\s+\S+)?)\s*$/u.exec(text.slice(Math.max(0, f.start - 24), f.start))?.[1] ?? '');
    const shown = (cmpText ? `${cmpText} ` : '') + f.text;
    taken.push([f.start, f.end]);
    if (date) {
      const snapshot = /(?:^|[^\p{L}])as\s+(?:of|at)\s*$/u.test(text.slice(Math.max(0, f.start - 8), f.start).toLowerCase());
      const dates: DateValue[] = year ? [{ y: f.values[0]! }] : f.dates;
      const ranges = dates.map(dateRange).filter((r): r is Interval => r !== null);
      if (ranges.length > 0) {
        const md = dates.filter((d) => d.m !== undefined && d.d !== undefined).map(monthDay);
        out.push({
          kind: 'date',
          text: shown,
          start: f.start,
          end: f.end,
          cmp,
          before: [],
          after: [],
          sentence: [],
          coreEnd,
          points: ranges.map((r) => r.lo),
          ranges: ranges.map((r) => withComparator(r, cmp, claim, r.lo, true)),
          ...(md.length > 0 && { monthDay: md }),
          ...(snapshot && { snapshot }),
        });
      } else {
        const md = dates.filter((d) => d.m !== undefined && d.d !== undefined).map(monthDay);
        // "after June 3": a date without a year keeps its comparator, on the month-and-day axis
        if (md.length > 0)
          out.push({
            kind: 'date',
            text: shown,
            start: f.start,
            end: f.end,
            cmp,
            yearless: true,
            before: [],
            after: [],
            sentence: [],
            coreEnd,
            points: md,
            ranges: md.map((v) => withComparator({ lo: v, hi: v, loOpen: false, hiOpen: false }, cmp, claim, v, true)),
            ...(snapshot && { snapshot }),
          });
      }
      continue;
    }
    // a unit word right after the number ("72 hours", "3-day", "5 km") converts it
    const unitWord = /^[\s-]?(\p{L}+[²2]?)(?![\p{L}])/u.exec(text.slice(coreEnd))?.[1];
    const unit = f.kind === 'number' && unitWord ? unitOf(unitWord) : undefined;
    const factor = unit?.factor ?? 1;
    const numberText = /[\d.,\s\u202F\u00A0\u2009]+/u.exec(text.slice(f.start, f.end))?.[0] ?? '';
    const multiplier = f.values.length > 0 && numberText ? f.values[0]! / (Number(numberText.replace(/[,\s\u202F\u00A0\u2009]/gu, '')) || 1) : 1;
    const half = halfUnit(numberText.trim()) * (Number.isFinite(multiplier) && multiplier > 0 ? multiplier : 1) * factor;
    // "114,000" in English is a thousands group, never 114.0: keep that reading alone
    const values = /^\d{1,3}(?:,\d{3})+$/u.test(numberText.trim()) ? [Math.max(...f.values)] : f.values;
    const ranges = values.map((v) => {
      const value = v * factor;
      return withComparator({ lo: value - half, hi: value + half, loOpen: false, hiOpen: false }, cmp, claim, value);
    });
    const kind = f.kind === 'number' && /\d(?:st|nd|rd|th)$/iu.test(core) ? 'ordinal' : f.kind;
    const q: Quantity = {
      kind,
      text: shown,
      start: f.start,
      end: f.end,
      cmp,
      ranges,
      points: values.map((v) => v * factor),
      before: [],
      after: [],
      sentence: [],
    };
    if (unit) q.dimension = unit.dimension;
    out.push({ ...q, coreEnd });
  }
  const words = [...numberWords(text), ...digitOrdinals(text)];
  for (const w of words) {
    if (taken.some(([s, e]) => w.start < e && w.end > s)) continue;
    // "one of the …", "one another": "one" counts something only when a content word follows it
    if (w.value === 1 && !w.ordinal && !/^\s+(?!of\b|another\b|day\b)\p{L}{2,}/u.test(text.slice(w.end))) continue;
    if (/^half$/iu.test(w.text)) continue;
    const cmp = comparatorBefore(text, w.start, false);
    const unitWord = /^[\s-](\p{L}+)/u.exec(text.slice(w.end))?.[1];
    const unit = !w.ordinal && unitWord ? unitOf(unitWord) : undefined;
    const value = w.value * (unit?.factor ?? 1);
    const half = w.ordinal ? 0 : 0.5 * (unit?.factor ?? 1);
    const cmpText = cmp === 'eq' ? '' : (/(\S+(?:\s+\S+)?)\s*$/u.exec(text.slice(Math.max(0, w.start - 24), w.start))?.[1] ?? '');
    const shown = `${cmpText ? `${cmpText} ` : ''}${w.text}${unitWord && !w.ordinal ? ` ${unitWord}` : ''}`;
    const q: Quantity = {
      kind: w.ordinal ? 'ordinal' : RATIO.test(w.text) ? 'ratio' : 'number',
      points: [value],
      text: shown,
      start: w.start,
      end: w.end,
      cmp,
      before: [],
      after: [],
      sentence: [],
      ranges: [withComparator({ lo: value - half, hi: value + half, loOpen: false, hiOpen: false }, cmp, claim, value)],
    };
    if (unit) q.dimension = unit.dimension;
    out.push({ ...q, coreEnd: w.end });
  }
  // The words between two quantities belong to the nearer one's sentence part only: windows stop at the neighbours.
  const kept = out.filter((q) => !isNamePart(text, q)).sort((a, b) => a.start - b.start);
  const done = kept.map(({ coreEnd, ...q }, i) => {
    const ctx = contextStems(text, q.start, coreEnd, i > 0 ? kept[i - 1]!.coreEnd : 0, kept[i + 1]?.start ?? text.length);
    return { ...q, before: ctx.before, after: ctx.after, sentence: sentenceStems(text, q.start) };
  });
  // "49 of the 50 states", "35 out of 46 reviews": the first counts what the second does
  for (let i = done.length - 2; i >= 0; i--) {
    const q = done[i]!;
    if (q.after.length === 0 && /^\s*(?:out\s+)?of\s+(?:the\s+)?$/u.test(text.slice(kept[i]!.coreEnd, kept[i + 1]!.start))) q.after = done[i + 1]!.after;
  }
  return fractionsAndSpans(text, done, claim);
}

/** A plain number glued to a name ("Agent 47", "COVID-19", "Mardaani 2") is part of the name, not a quantity. */
function isNamePart(text: string, q: Quantity): boolean {
  if (q.cmp !== 'eq' || q.dimension || (q.kind !== 'number' && q.kind !== 'ordinal')) return false;
  const before = text.slice(Math.max(0, q.start - 30), q.start);
  return /\p{L}-$/u.test(before) || /(?:^|[^.!?]\s)\p{Lu}[\p{L}'’]*\s$/u.test(before) || /^\p{L}/u.test(text.slice(q.end));
}
