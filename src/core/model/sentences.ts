import type { MarkerGroup } from '../markers/marker-syntax.ts';
import type { Block, BlockLayout } from '../markdown/content-blocks.ts';
import { groupsIn, hasWords, trimRange, withoutMarkers, type Range } from './text-ranges.ts';

// Sentences: each markdown block (from the parsed tree: src/core/markdown/content-blocks.ts) is split with `Intl.Segmenter(locale, { granularity: 'sentence' })` (or a regex
// fallback where there is none), then repaired where the segmenter gets claims wrong:
// - markers after the period ("… end. [2] Next") stay with the sentence they follow, and a cut inside a marker moves
//   before it;
// - abbreviations ("Mr.", "e.g.", "Fig. 3") do not end a sentence;
// - a piece with nothing but markers joins the sentence before it.
// Not content: sentences in non-content blocks, questions (ending with ? ؟ ？ ⸮ ;), and sentences with no letter or
// digit outside markers.

export interface Sentence extends Range {
  content: boolean;
}

/**
 * Every sentence of `text` in order, content or not. `layout` is the text's blocks and masked text, `groups` its marker
 * groups sorted by start, both from the same parse.
 */
export function splitSentences(text: string, layout: BlockLayout, groups: readonly MarkerGroup[], locale: string | undefined): Sentence[] {
  const { blocks, masked } = layout;
  const segment = sentenceSplitter(locale);

  const sentences: Sentence[] = [];
  let gi = 0;
  for (const block of blocks) {
    while (gi < groups.length && groups[gi]!.start < block.start) gi++;
    const inBlock: MarkerGroup[] = [];
    for (let k = gi; k < groups.length && groups[k]!.start < block.end; k++) inBlock.push(groups[k]!);
    for (const range of splitBlock(text, masked, block, inBlock, segment)) {
      const content = block.content && isContent(text, range, groupsIn(inBlock, range));
      sentences.push({ ...range, content });
    }
  }
  return sentences;
}

type Segment = (s: string) => number[];

/** Returns a function giving the start offsets of every sentence after the first. */
function sentenceSplitter(locale: string | undefined): Segment {
  let seg: Intl.Segmenter | null = null;
  if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
    try {
      seg = new Intl.Segmenter(locale, { granularity: 'sentence' });
    } catch {
      try {
        seg = new Intl.Segmenter(undefined, { granularity: 'sentence' });
      } catch {
        seg = null;
      }
    }
  }
  if (seg) {
    const s = seg;
    return (str) => {
      const cuts: number[] = [];
      // V8's segmenter slows down superlinearly on long strings: feed it windows cut after a full stop and a space
      // (where it would cut anyway), which keeps a long single paragraph linear.
      for (let from = 0; from < str.length;) {
        const to = windowEnd(str, from);
        if (from > 0) cuts.push(from);
        for (const part of s.segment(str.slice(from, to))) if (part.index > 0) cuts.push(from + part.index);
        from = to;
      }
      return cuts;
    };
  }
  // No Intl.Segmenter: cut after . ! ? ؟ 。 and friends followed by space or a CJK full stop.
  return (str) => {
    const cuts: number[] = [];
    for (const m of str.matchAll(/(?<![.!?؟。！？])[.!?؟。！？]+["'”’)\]]*(?:\s+|(?<=[。！？]))/g)) {
      const at = m.index + m[0].length;
      if (at < str.length) cuts.push(at);
    }
    return cuts;
  };
}

// Segmenter windows are WINDOW..2×WINDOW UTF-16 units: long enough to hold several sentences, short enough to stay fast.
const WINDOW = 1500;

function windowEnd(str: string, from: number): number {
  if (str.length - from <= WINDOW * 2) return str.length;
  const slice = str.slice(from, from + WINDOW * 2);
  let cut = -1;
  for (const m of slice.matchAll(/[.!?。！？؟]\s+(?=\S)/gu)) {
    if (m.index >= WINDOW) {
      cut = m.index + m[0].length;
      break;
    }
  }
  if (cut < 0) {
    const space = slice.lastIndexOf(' ');
    cut = space > 0 ? space + 1 : WINDOW;
  }
  // Never cut between the halves of a surrogate pair.
  if (/[\uDC00-\uDFFF]/.test(str[from + cut] ?? '')) cut++;
  return from + cut;
}

// The segmenter knows no abbreviations. Titles, "e.g.", "v." (Smith v. Jones) and initials ("J. Smith", "U.S. Army",
// "J. R. R. Tolkien") never end a sentence here; "No.", "Fig.", "p." only when a number follows. "Inc.", "Ltd.",
// "Corp." and "Co." often do end one, so they join the next piece only when what precedes them is a bare name
// ("Acme Inc." alone, at most four words), never a sentence of its own.
const ABBREV_ALWAYS = /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|sr|jr|st|e\.g|i\.e|cf|vs|v)\.$/i;
const INITIAL = /(?:^|[\s(.])\p{Lu}\.$/u;
const ABBREV_BEFORE_NUMBER = /(?:^|[\s(])(?:no|nos|fig|figs|p|pp|sec|art|ch|vol|para|eq|ref|approx|tab)\.$/i;
const COMPANY = /(?:^|[\s(])(?:inc|ltd|corp|co|llc|plc|bros)\.$/i;

function joinsNext(prev: string, next: string): boolean {
  if (ABBREV_ALWAYS.test(prev) || INITIAL.test(prev)) return true;
  if (COMPANY.test(prev) && prev.trim().split(/\s+/u).length <= 4) return true;
  return ABBREV_BEFORE_NUMBER.test(prev) && /^\p{N}/u.test(next);
}

function splitBlock(text: string, masked: string, block: Block, groups: readonly MarkerGroup[], segment: Segment): Range[] {
  const local = masked.slice(block.start, block.end);
  const byStart = new Map<number, MarkerGroup>();
  for (const g of groups) byStart.set(g.start, g);
  const cuts: number[] = [];
  let gi = 0;
  for (const c of segment(local)) {
    let b = block.start + c;
    // A cut inside a marker ("end.[" | "2] next") goes before it; then markers right after the cut ("end. [2] Next",
    // "。[1]次") belong to the sentence they follow.
    while (gi < groups.length && groups[gi]!.end <= b) gi++;
    const inside = groups[gi];
    if (inside && b > inside.start && b < inside.end) b = inside.start;
    for (;;) {
      let p = b;
      while (p < block.end && /\s/.test(masked[p]!)) p++;
      const g = byStart.get(p);
      if (!g) break;
      b = g.end;
    }
    if (b > block.start && b < block.end && b > (cuts[cuts.length - 1] ?? -1)) cuts.push(b);
  }
  const ranges: Range[] = [];
  let from = block.start;
  for (const cut of [...cuts, block.end]) {
    if (cut <= from) continue;
    const r = trimRange(masked, from, cut);
    from = cut;
    if (r.end <= r.start) continue;
    const prev = ranges[ranges.length - 1];
    // "Mr. Smith", "e.g. this", "Fig. 3": the segmenter has no abbreviation list; join them back.
    if (prev && joinsNext(text.slice(prev.start, prev.end), text.slice(r.start, r.end))) {
      prev.end = r.end;
      continue;
    }
    // A piece with nothing but markers (and punctuation) joins the sentence before it.
    if (prev && !hasWords(text, r, groupsIn(groups, r))) {
      prev.end = r.end;
      continue;
    }
    ranges.push(r);
  }
  return ranges;
}

const QUESTION = /[?؟？⸮;]$/u;

// Words that frame an answer without asserting anything checkable: "Mostly, yes.", "In short: it depends.", "Good
// question." A sentence made of these alone (at least one of the first list, and no marker) is not a claim; nor is an
// introduction ending with a colon ("Here is what the documents say:"). English and Persian.
const FRAMING = new Set(
  `yes no mostly partly partially largely generally basically essentially overall short brief summary indeed correct
  exactly absolutely certainly depends maybe perhaps likely unlikely thanks question
  بله آره خیر نه تقریباً تقریبا عمدتاً عمدتا کلاً کلا خلاصه درست دقیقاً دقیقا بستگی شاید`
    .split(/\s+/u)
    .filter(Boolean),
);
const FILLER = new Set(
  `not quite in it that this well so okay ok good great answer here there thank you to some extent sort of kind and or
  but a the is all true right sure sum both neither به طور در کل دارد بیشتر`
    .split(/\s+/u)
    .filter(Boolean),
);

/** True when a sentence asserts nothing checkable: framing words only, or an introduction ending with a colon. */
export function isFraming(bare: string): boolean {
  if (/:\s*$/u.test(bare)) return true;
  // six framing words fit in 80 characters: a longer sentence is not one (and is not split into words for nothing)
  if (bare.length > 80) return false;
  const ws = bare.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return ws.length > 0 && ws.length <= 6 && ws.some((w) => FRAMING.has(w)) && ws.every((w) => FRAMING.has(w) || FILLER.has(w));
}

function isContent(text: string, range: Range, groups: readonly MarkerGroup[]): boolean {
  const bare = withoutMarkers(text, range, groups).replace(/(?<![\s*_"'”’»)\]`~])[\s*_"'”’»)\]`~]+$/u, '');
  if (QUESTION.test(bare)) return false;
  if (groups.length === 0 && isFraming(bare)) return false;
  return /[\p{L}\p{N}]/u.test(bare);
}
