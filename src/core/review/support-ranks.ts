// Ranks said with superlatives: "the fourth-largest stadium" is rank 4; "among the seven largest operators" and "one
// of the three greatest strikers" are ranks 1–7 and 1–3; "only two stadiums are larger" is rank 3; "the largest" is
// rank 1. A claim's rank is stated by a passage rank of the same superlative about the same kind of thing inside its
// range, and contradicted by one outside it ("among the seven largest" / "the eighth largest"). The numbers inside a
// rank are not counts: the caller leaves them out of the quantity comparison (`spans`). Pure.
import { isStopWord } from './stop-words.ts';
import { wordsValue } from './number-words.ts';
import { conceptOf } from './support-lexicon.ts';

export interface Rank {
  /** As written: "the fourth-largest football stadium". */
  text: string;
  start: number;
  end: number;
  /** The superlative, as its base ("large" for "largest", "larger", "most large"). */
  scale: string;
  lo: number;
  hi: number;
  /** Concepts of the words after it: what is ranked. */
  of: string[];
}

const SUPERLATIVES: Record<string, string> = {
  largest: 'large',
  biggest: 'large',
  highest: 'high',
  lowest: 'low',
  longest: 'long',
  shortest: 'short',
  oldest: 'old',
  youngest: 'young',
  greatest: 'great',
  smallest: 'small',
  best: 'good',
  worst: 'bad',
  richest: 'rich',
  poorest: 'poor',
  fastest: 'fast',
  slowest: 'slow',
  tallest: 'tall',
  busiest: 'busy',
  deadliest: 'deadly',
  heaviest: 'heavy',
  strongest: 'strong',
  wealthiest: 'rich',
};
const COMPARATIVES: Record<string, string> = {
  larger: 'large',
  bigger: 'large',
  higher: 'high',
  lower: 'low',
  longer: 'long',
  shorter: 'short',
  older: 'old',
  younger: 'young',
  greater: 'great',
  smaller: 'small',
  better: 'good',
  worse: 'bad',
  richer: 'rich',
  poorer: 'poor',
  faster: 'fast',
  slower: 'slow',
  taller: 'tall',
  busier: 'busy',
  heavier: 'heavy',
  stronger: 'strong',
};
const SUP = `(?:(?:most|least)\\s+\\p{L}+|${Object.keys(SUPERLATIVES).join('|')})`;
const CMP = `(?:more\\s+\\p{L}+|${Object.keys(COMPARATIVES).join('|')})`;
const NUM = '(?:\\d+|[a-z]+(?:-[a-z]+)?)';
const ORD = '(?:\\d+(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)';

/** The value of a number or ordinal written in digits or words, or undefined. */
function valueOf(written: string, ordinal: boolean): number | undefined {
  const digits = /^(\d+)(st|nd|rd|th)?$/iu.exec(written);
  if (digits) return ordinal === !!digits[2] ? Number(digits[1]) : undefined;
  const v = wordsValue(written.toLowerCase().split('-'));
  return v && v.ordinal === ordinal ? v.value : undefined;
}

function scaleOf(phrase: string): string {
  const w = phrase.toLowerCase().split(/\s+/u);
  if (w[0] === 'most' || w[0] === 'more') return conceptOf(w[1]!);
  if (w[0] === 'least') return `-${conceptOf(w[1]!)}`;
  return SUPERLATIVES[w[0]!] ?? COMPARATIVES[w[0]!] ?? w[0]!;
}

const after = (text: string, end: number) =>
  (text.slice(end, end + 60).match(/\p{L}+/gu) ?? [])
    .filter((w) => !isStopWord(w))
    .slice(0, 3)
    .map((w) => conceptOf(w.toLowerCase()));

/** The ranks stated in `text`. */
export function ranks(text: string): Rank[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const out: Rank[] = [];
  const add = (m: RegExpExecArray, sup: string, lo: number, hi: number, of = after(text, m.index + m[0].length)) => {
    if (out.some((r) => m.index < r.end && m.index + m[0].length > r.start)) return;
    out.push({ text: m[0].trim(), start: m.index, end: m.index + m[0].length, scale: scaleOf(sup), lo, hi, of });
  };
  const patterns: Array<[RegExp, (m: RegExpExecArray) => void]> = [
    // "among the seven largest", "one of the three greatest", "top 10 largest": a rank at most N
    [
      new RegExp(`(?<![\\p{L}])(?:among\\s+the|one\\s+of\\s+the|top)\\s+(${NUM})\\s+(${SUP})(?![\\p{L}])`, 'giu'),
      (m) => {
        const n = valueOf(m[1]!, false);
        if (n !== undefined) add(m, m[2]!, 1, n);
      },
    ],
    // "the fourth-largest", "eighth largest", "the second most populous"
    [
      new RegExp(`(?<![\\p{L}\\d])(${ORD})[\\s-]+(${SUP})(?![\\p{L}])`, 'giu'),
      (m) => {
        const n = valueOf(m[1]!, true);
        if (n !== undefined) add(m, m[2]!, n, n);
      },
    ],
    // "only two stadiums (are) larger than": rank N + 1
    [
      new RegExp(`(?<![\\p{L}])only\\s+(${NUM})\\s+((?:\\p{L}+\\s+){1,5}?)(${CMP})\\s+than(?![\\p{L}])`, 'giu'),
      (m) => {
        const n = valueOf(m[1]!, false);
        // what is ranked stands between the count and the comparative: "only two football stadiums are larger"
        const of = (m[2]!.match(/\p{L}+/gu) ?? []).filter((w) => !isStopWord(w)).map((w) => conceptOf(w.toLowerCase()));
        if (n !== undefined) add(m, m[3]!, n + 1, n + 1, [...of, ...after(text, m.index + m[0].length)]);
      },
    ],
    // "the largest": rank 1 (not "one of the largest", which says no rank)
    [new RegExp(`(?<!one\\s+of\\s+)(?<![\\p{L}])the\\s+(${SUP})(?![\\p{L}])`, 'giu'), (m) => add(m, m[1]!, 1, 1)],
  ];
  for (const [re, read] of patterns) for (let m = re.exec(text); m; m = re.exec(text)) read(m);
  return out.sort((a, b) => a.start - b.start);
}

export type RankRelation = { kind: 'stated' | 'differs'; claim: Rank; passage: Rank };

/** The claim's ranks against the passage's: same superlative, something ranked in common. */
export function relateRanks(claim: string, passages: readonly string[]): RankRelation[] {
  const theirs = passages.flatMap((p) => ranks(p));
  const out: RankRelation[] = [];
  for (const c of ranks(claim)) {
    const same = theirs.filter((p) => p.scale === c.scale && p.of.some((k) => c.of.includes(k)));
    if (same.length === 0) continue;
    const inside = same.find((p) => p.lo >= c.lo && p.hi <= c.hi);
    if (inside) out.push({ kind: 'stated', claim: c, passage: inside });
    else if (same.every((p) => p.hi < c.lo || p.lo > c.hi)) out.push({ kind: 'differs', claim: c, passage: same[0]! });
  }
  return out;
}

/** Whether a number word at [start, end) of `text` belongs to a rank ("two" in "only two stadiums are larger"). */
export const inRank = (rs: readonly Rank[], start: number, end: number): boolean => rs.some((r) => start < r.end && end > r.start);
