// Checkable facts in a sentence: numbers, amounts, percentages, dates. A claim that states "30 days" or "$2M" is only
// supported by evidence that states the same quantity, however it is written ("thirty days" aside: spelled-out
// numbers count on the evidence side only, see `evidenceValues`). Pure, never throws on strings.
//
// Writing forms handled: 1,000,000 / 1.000.000 / 1 000 000 / 2,5 / 2.5 (ambiguous ones keep every reading),
// Persian and Arabic-Indic digits and separators (۱۲٫۵ ≡ 12.5), $2M / €1.5 million / 2,000,000 dollars,
// 30% / 30 percent / ٪۳۰, ISO dates, 15/03/2024 (both day-month orders), 15 March 2024, March 15, 2024, March 2024.
import { NUMBER_WORD_VALUES } from './number-words.ts';
import { isStopWord } from './stop-words.ts';

export type FactKind = 'number' | 'amount' | 'percent' | 'date';

export interface DateValue {
  y?: number;
  m?: number;
  d?: number;
}

export interface Fact {
  kind: FactKind;
  /** As written in the claim (with a following unit word for bare numbers: "30 days"). */
  text: string;
  /** Every numeric reading (1.000 → 1000 and 1); dates have none. */
  values: number[];
  /** Dates: every reading (03/04/2024 → 3 April and 4 March). */
  dates: DateValue[];
  start: number;
  end: number;
}

const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};
const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  t: 1e12,
  tn: 1e12,
  trillion: 1e12,
};

const CURRENCY_SYMBOL = '[$€£¥₹₽₩₺﷼]';
const CURRENCY_WORD = '(?:usd|eur|gbp|jpy|chf|cad|aud|irr|dollars?|euros?|pounds?|rials?|tomans?)';
// A number: digits with optional grouping/decimal separators (comma, dot, thin or normal space between groups).
// Narrow/no-break spaces group thousands ("30\u202F000"); a plain space does not, it separates numbers too often.
const NUM = '(?:\\d{1,3}(?:[\\u202F\\u00A0\\u2009]\\d{3})+(?![\\d.,])|\\d+(?:[.,]\\d+)*)';

/** ASCII digits and separators for Persian, Arabic-Indic and fullwidth forms (length-preserving). */
export function foldDigits(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x06f0 && c <= 0x06f9) out += String(c - 0x06f0);
    else if (c >= 0x0660 && c <= 0x0669) out += String(c - 0x0660);
    else if (c >= 0xff10 && c <= 0xff19) out += String(c - 0xff10);
    else if (ch === '\u066B')
      out += '.'; // Arabic decimal separator
    else if (ch === '\u066C')
      out += ','; // Arabic thousands separator
    else if (ch === '\u066A' || ch === '\uFF05') out += '%';
    else out += ch;
  }
  return out;
}

/** Every plausible value of a written number: "1,000" → [1000, 1]; "2,5" → [2.5]; "1.234,56" → [1234.56]. */
export function readNumber(written: string): number[] {
  const s = written.replace(/[\u202F\u00A0\u2009]/g, '');
  const out = new Set<number>();
  const add = (t: string) => {
    const n = Number(t);
    if (Number.isFinite(n)) out.add(n);
  };
  const seps = s.match(/[.,]/g) ?? [];
  if (seps.length === 0) add(s);
  else {
    const lastSep = Math.max(s.lastIndexOf('.'), s.lastIndexOf(','));
    const kinds = new Set(seps);
    const groups = s.split(/[.,]/);
    const grouped = groups.slice(1).every((g) => g.length === 3);
    // Separators as thousands grouping (all the same kind, groups of three).
    if (kinds.size === 1 && grouped) add(groups.join(''));
    // The last separator as the decimal point, the others as grouping.
    if (kinds.size === 2 || seps.length === 1) {
      const intPart = s.slice(0, lastSep).replace(/[.,]/g, '');
      add(`${intPart}.${s.slice(lastSep + 1)}`);
    }
    // "1.2.3" (a version or section number) has no numeric reading; it is compared as written.
  }
  return [...out];
}

/**
 * The characters already read as part of a fact. An overlap test costs the new span's length, not the number of facts
 * found so far: scanning every earlier span was quadratic (4,000 "$1" in 8 KB of text, runtime-regex.test.ts).
 */
class Taken {
  private readonly marks: Uint8Array;
  constructor(length: number) {
    this.marks = new Uint8Array(length);
  }
  push({ start, end }: { start: number; end: number }): void {
    this.marks.fill(1, start, end);
  }
  overlaps(s: number, e: number): boolean {
    for (let i = s; i < e; i++) if (this.marks[i]) return true;
    return false;
  }
}
const overlaps = (taken: Taken, s: number, e: number) => taken.overlaps(s, e);

function fact(kind: FactKind, text: string, start: number, values: number[], dates: DateValue[] = []): Fact {
  return { kind, text: text.trim(), values, dates, start, end: start + text.length };
}

function year(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

function validDate(d: DateValue): boolean {
  return (d.m === undefined || (d.m >= 1 && d.m <= 12)) && (d.d === undefined || (d.d >= 1 && d.d <= 31));
}

/** 03/04/2024 is 3 April in most of the world and March 4 in the US: keep both readings. */
const dayMonth = (m: RegExpExecArray): DateValue[] => [
  { y: year(m[3]!), m: +m[2]!, d: +m[1]! },
  { y: year(m[3]!), m: +m[1]!, d: +m[2]! },
];

function findDates(text: string, taken: Taken): Fact[] {
  const out: Fact[] = [];
  const patterns: Array<[RegExp, (m: RegExpExecArray) => DateValue[]]> = [
    [/(?<![\d.])(\d{4})-(\d{1,2})-(\d{1,2})(?![\d])/gu, (m) => [{ y: +m[1]!, m: +m[2]!, d: +m[3]! }]],
    [/(?<![\d.,/])(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?![\d])/gu, dayMonth],
    // With dots only a four-digit year: "1.2.3" is a version or a section, not a date.
    [/(?<![\d.,])(\d{1,2})\.(\d{1,2})\.(\d{4})(?![\d.])/gu, dayMonth],
    [
      new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})(?![\\d])`, 'giu'),
      (m) => [{ y: +m[3]!, m: MONTHS[m[2]!.toLowerCase()]!, d: +m[1]! }],
    ],
    [
      new RegExp(`(?<![\\p{L}])${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?![\\d])`, 'giu'),
      (m) => [{ y: +m[3]!, m: MONTHS[m[1]!.toLowerCase()]!, d: +m[2]! }],
    ],
    [new RegExp(`(?<![\\p{L}])${MONTH},?\\s+(\\d{4})(?![\\d])`, 'giu'), (m) => [{ y: +m[2]!, m: MONTHS[m[1]!.toLowerCase()]! }]],
    [
      new RegExp(`(?<![\\p{L}\\d])(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?![\\p{L}])`, 'giu'),
      (m) => [{ m: MONTHS[m[2]!.toLowerCase()]!, d: +m[1]! }],
    ],
    [new RegExp(`(?<![\\p{L}])${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d\\p{L}])`, 'giu'), (m) => [{ m: MONTHS[m[1]!.toLowerCase()]!, d: +m[2]! }]],
  ];
  for (const [re, read] of patterns) {
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const dates = read(m).filter(validDate);
      // "May 5" is a date; "may 5" after a modal verb is not worth the confusion: require a capital for bare "may".
      if (/^may\b/u.test(m[0]) || dates.length === 0 || overlaps(taken, m.index, m.index + m[0].length)) continue;
      out.push(fact('date', m[0], m.index, [], dates));
      taken.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

function scaled(values: number[], mult: string | undefined): number[] {
  const k = mult ? MULTIPLIERS[mult.toLowerCase()] : undefined;
  return k ? values.map((v) => v * k) : values;
}

function findQuantities(text: string, taken: Taken): Fact[] {
  const out: Fact[] = [];
  // "2M", "5k" (no space: "5 m" is more often metres) or "2 million".
  const mult = '(?:(k|mm|mn|m|bn|b|tn|t)(?![\\p{L}])|\\s(thousand|millions?|billions?|trillion)(?![\\p{L}]))?';
  const amountBefore = new RegExp(`${CURRENCY_SYMBOL}\\s?(${NUM})${mult}`, 'giu');
  const amountAfter = new RegExp(`(?<![\\p{L}\\d.,])(${NUM})${mult}\\s?(?:${CURRENCY_SYMBOL}|${CURRENCY_WORD}(?![\\p{L}]))`, 'giu');
  const percent = new RegExp(`(?<![\\p{L}\\d.,])(${NUM})\\s?(?:%|percent(?:age points?)?|per cent|pct)|%\\s?(${NUM})`, 'giu');
  for (const re of [amountBefore, amountAfter]) {
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const values = scaled(readNumber(m[1]!), m[2] ?? m[3]);
      if (values.length === 0 || overlaps(taken, m.index, m.index + m[0].length)) continue;
      out.push(fact('amount', m[0], m.index, values));
      taken.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  for (let m = percent.exec(text); m; m = percent.exec(text)) {
    const values = readNumber(m[1] ?? m[2]!);
    if (values.length === 0 || overlaps(taken, m.index, m.index + m[0].length)) continue;
    out.push(fact('percent', m[0], m.index, values));
    taken.push({ start: m.index, end: m.index + m[0].length });
  }
  // Bare numbers, with the unit word that follows them for the reason ("30 days"), never inside a word ("S2", "v3").
  const bare = new RegExp(`(?<![\\p{L}\\d.,])(${NUM})(?:st|nd|rd|th)?${mult}(?![\\p{L}\\d])(?:([ -])(\\p{L}{2,}))?`, 'giu');
  for (let m = bare.exec(text); m; m = bare.exec(text)) {
    const numEnd = m.index + m[0].length - (m[5] ? m[4]!.length + m[5].length : 0);
    if (overlaps(taken, m.index, numEnd)) continue;
    const values = readNumber(m[1]!);
    // "5m" may be five million or five metres: keep both readings; "3 million" spelled out is only three million
    const all = m[2] ? [...scaled(values, m[2]), ...values] : m[3] ? scaled(values, m[3]) : values;
    if (all.length === 0) continue;
    let unit = m[5] && !isStopWord(m[5]) ? m[0] : text.slice(m.index, numEnd);
    // "30-day window": a hyphenated unit is an adjective; the noun after it says what the number counts
    const noun = m[4] === '-' && unit === m[0] ? /^ (\p{L}{2,})/u.exec(text.slice(m.index + m[0].length)) : null;
    if (noun && !isStopWord(noun[1]!)) unit += noun[0];
    out.push(fact('number', unit, m.index, all));
    taken.push({ start: m.index, end: numEnd });
  }
  return out;
}

/** Numbers, amounts, percentages and dates in `text`, in text order. Offsets refer to `text`. */
export function extractFacts(text: string): Fact[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const t = foldDigits(text.normalize('NFKC'));
  // NFKC can change length (ligatures); the offsets then refer to the folded text, which is all the callers use.
  const taken = new Taken(t.length);
  const facts = [...findDates(t, taken), ...findQuantities(t, taken)];
  return facts.sort((a, b) => a.start - b.start);
}

/** What a piece of evidence states, for looking claim facts up. */
export interface EvidenceFacts {
  values: Set<string>;
  dates: DateValue[];
}

const valueKey = (v: number) => String(Number(v.toPrecision(12)));

/** Every quantity and date in the evidence, including spelled-out numbers ("twelve months") and date parts. */
export function evidenceFacts(texts: readonly string[]): EvidenceFacts {
  const values = new Set<string>();
  const dates: DateValue[] = [];
  for (const text of texts) {
    if (typeof text !== 'string') continue;
    for (const f of extractFacts(text)) {
      for (const v of f.values) values.add(valueKey(v));
      for (const d of f.dates) {
        dates.push(d);
        for (const part of [d.y, d.m, d.d]) if (part !== undefined) values.add(valueKey(part));
      }
    }
    for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      const v = NUMBER_WORD_VALUES.get(w); // a Map: "constructor" is a word here, not a key of every object
      if (v !== undefined) values.add(valueKey(v));
    }
  }
  return { values, dates };
}

/** True when the evidence states the claim's fact (any reading of it). */
export function factInEvidence(f: Fact, ev: EvidenceFacts): boolean {
  if (f.kind === 'date') {
    return f.dates.some(
      (cd) =>
        ev.dates.some((ed) => (['y', 'm', 'd'] as const).every((k) => cd[k] === undefined || cd[k] === ed[k])) ||
        // "in March 2024" is stated by any evidence with that month and year written apart; a bare year by the year.
        (cd.d === undefined && cd.y !== undefined && ev.values.has(valueKey(cd.y)) && (cd.m === undefined || ev.values.has(valueKey(cd.m)))),
    );
  }
  return f.values.some((v) => ev.values.has(valueKey(v)));
}
