import { parseMarkers, type MarkerGroup } from '../markers/parse-markers.ts';
import type { CitationSpan } from './types.ts';

// Claims (issue #3 §3–4): one claim per CONTENT sentence of the answer markdown, cited or not.
//
// How the text is cut:
// - Markdown blocks bound sentences: paragraphs, list items, headings, block-quote paragraphs and table rows are cut
//   apart first, then each block is split with `Intl.Segmenter(locale, { granularity: 'sentence' })`.
// - Not content: headings (ATX and setext), table header rows, fenced code, thematic breaks, empty list bullets,
//   questions (ending with ? ؟ ？ ⸮ ;), and sentences with no letter or digit outside markers.
// - Bullets (`- `, `* `, `+ `, `1. `, `1) `, task boxes `[ ] `), block-quote `>`s and a table row's outer pipes are
//   not claim text. Inside a block that wraps over several lines, the claim span is one contiguous slice, so a
//   continuation line's `> ` stays inside it.
// - A claim's span INCLUDES the markers that belong to it: "… end [2]." and "… end. [2]" (marker after the period,
//   which the segmenter would hand to the next sentence) both end after the marker. So `text.slice(start, end)`
//   always equals `claim.text` and the markers' spans lie inside the claim's.
// - Each citation has a sub-span without markers: from the previous marker group's end (or the claim's start) to its
//   own marker, trimmed of whitespace and stray separators. Adjacent groups ("[1][3]") share the previous group's
//   sub-span; a claim's only marker, when words follow it ("According to [1], …"), gets the whole claim.
// - Explicit provider spans (`Answer.spans`) win for the citations they describe: the claim becomes the sentence(s)
//   containing the span (merged into one claim when it crosses sentences) and the citation's sub-span is the span.
//   The marker with the span's key inside that claim, if any, is consumed by it (no second citation for it).
//
// Offsets are UTF-16 code units into the answer text.

export interface ClaimCitation {
  /** The marker key: "2" for [2] or [۲], "S2" for [S2]. For explicit spans, the span's key. */
  key: string;
  /** The S-ID the key resolved to. Markers that resolve to nothing are not citations (see the model's invalidMarkers). */
  sourceId: string;
  /** The claim sub-text this citation supports: `answerText.slice(answerStart, answerEnd)`. */
  answerStart: number;
  answerEnd: number;
  /** The marker's token (`2` inside `[1, 2]`); for an explicit span with no marker in the text, answerEnd..answerEnd. */
  markerStart: number;
  markerEnd: number;
  /** True when the sub-span came from an explicit provider span. */
  explicit?: boolean;
}

export interface Claim {
  /** `c-<hash>-<ordinal>`: hash of the normalized text, ordinal among claims with the same normalized text. */
  id: string;
  text: string;
  start: number;
  end: number;
  /** Valid citations, in marker order. */
  citations: ClaimCitation[];
  /** Every marker group inside the claim, valid or not. */
  markers: MarkerGroup[];
}

export interface ClaimOptions {
  /** BCP 47 locale for the sentence segmenter ("en", "fa", "ja"). Invalid tags fall back to the default locale. */
  locale?: string;
  /** Marker key → S-ID; `undefined` makes the marker invalid. Default: every key names itself. */
  resolve?: (key: string) => string | undefined;
  /** Explicit claim spans from the provider. */
  spans?: readonly CitationSpan[];
}

interface Range {
  start: number;
  end: number;
}

interface Block extends Range {
  content: boolean;
}

interface Sentence extends Range {
  content: boolean;
}

/** Split `text` into claims. Never throws; returns [] for anything that is not a string. */
export function extractClaims(text: string, options: ClaimOptions = {}): Claim[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const resolve = options.resolve ?? ((key: string) => key);
  const groups = parseMarkers(text);
  const { blocks, masked } = scanBlocks(text);
  const segment = sentenceSplitter(options.locale);

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

  const spans = validSpans(options.spans, text);
  const units = claimUnits(sentences, spans);

  const claims: Claim[] = [];
  const ordinals = new Map<string, number>();
  let mi = 0;
  for (const unit of units) {
    while (mi < groups.length && groups[mi]!.start < unit.start) mi++;
    const markers: MarkerGroup[] = [];
    for (let k = mi; k < groups.length && groups[k]!.start < unit.end; k++) {
      if (groups[k]!.end <= unit.end) markers.push(groups[k]!);
    }
    const unitSpans = spans.filter((s) => s.answerStart >= unit.start && s.answerEnd <= unit.end);
    const citations = claimCitations(text, unit, markers, unitSpans, resolve);
    const claimText = text.slice(unit.start, unit.end);
    const norm = normalizeClaimText(text, unit, markers);
    const ordinal = ordinals.get(norm) ?? 0;
    ordinals.set(norm, ordinal + 1);
    claims.push({ id: `c-${fnv1a(norm)}-${ordinal}`, text: claimText, start: unit.start, end: unit.end, citations, markers });
  }
  return claims;
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown blocks

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;
const FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])([ \t]+(?:\[[ xX]\][ \t]+)?|[ \t]*$)/;
const QUOTE_PREFIX = /^(?: {0,3}>[ \t]?)+/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

interface OpenBlock extends Block {
  kind: 'paragraph' | 'item';
  depth: number;
  lines: number;
}

/**
 * Cut the markdown into blocks. `masked` is `text` with the same length in which everything that is not claim text
 * (bullets, `>`s, `#`s, a table row's outer pipes, line breaks inside a block) is a space, so the segmenter and the
 * trimming see prose only while every offset stays an offset into `text`.
 */
function scanBlocks(text: string): { blocks: Block[]; masked: string } {
  const chars = text.split('');
  const mask = (from: number, to: number) => {
    for (let i = from; i < to; i++) chars[i] = ' ';
  };
  const blocks: Block[] = [];
  const st: { open: OpenBlock | null; fence: { ch: string; len: number } | null; inTable: boolean } = {
    open: null,
    fence: null,
    inTable: false,
  };
  const close = () => {
    if (st.open) blocks.push({ start: st.open.start, end: st.open.end, content: st.open.content });
    st.open = null;
  };

  let lineStart = 0;
  for (;;) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let contentEnd = lineEnd;
    if (contentEnd > lineStart && text[contentEnd - 1] === '\r') contentEnd--;
    const line = text.slice(lineStart, contentEnd);
    const quote = QUOTE_PREFIX.exec(line);
    const prefixLen = quote ? quote[0].length : 0;
    const depth = quote ? (quote[0].match(/>/g) ?? []).length : 0;
    const rest = line.slice(prefixLen);
    const restStart = lineStart + prefixLen;
    const open = st.open;

    if (st.fence) {
      const m = FENCE_CLOSE.exec(rest);
      if (m?.[1] && m[1][0] === st.fence.ch && m[1].length >= st.fence.len) st.fence = null;
    } else if (rest.trim() === '') {
      close();
      st.inTable = false;
    } else if (FENCE_OPEN.test(rest)) {
      close();
      st.inTable = false;
      const m = FENCE_OPEN.exec(rest)!;
      st.fence = { ch: m[1]![0]!, len: m[1]!.length };
    } else if (ATX.test(rest)) {
      close();
      st.inTable = false;
      mask(lineStart, restStart + ATX.exec(rest)![0].length);
      blocks.push({ start: restStart, end: contentEnd, content: false });
    } else if (open?.kind === 'paragraph' && open.depth === depth && SETEXT.test(rest)) {
      // "Title\n=====" or "Title\n-----": the paragraph was a heading.
      open.content = false;
      close();
    } else if (THEMATIC.test(rest)) {
      close();
      st.inTable = false;
    } else if (open?.lines === 1 && rest.includes('|') && TABLE_DELIMITER.test(rest) && text.slice(open.start, open.end).includes('|')) {
      // The line before was the table's header row: labels, not a claim.
      open.content = false;
      close();
      st.inTable = true;
    } else if (st.inTable && rest.includes('|')) {
      const lead = rest.length - rest.trimStart().length;
      let s = restStart + lead;
      let e = restStart + rest.trimEnd().length;
      if (text[s] === '|') s++;
      if (e > s && text[e - 1] === '|' && text[e - 2] !== '\\') e--;
      mask(lineStart, s);
      mask(e, contentEnd);
      blocks.push({ start: s, end: e, content: true });
    } else {
      st.inTable = false;
      const item = LIST_ITEM.exec(rest);
      // An ordered item other than "1." cannot interrupt a paragraph ("… in\n2023. The …" stays prose).
      const interrupts = item && !(open?.kind === 'paragraph' && /^\d/.test(item[2]!) && !/^1[.)]$/.test(item[2]!));
      if (item && interrupts) {
        close();
        mask(lineStart, restStart + item[0].length);
        st.open = { start: restStart, end: contentEnd, content: true, kind: 'item', depth, lines: 1 };
      } else if (open && open.depth === depth) {
        mask(open.end, restStart);
        open.end = contentEnd;
        open.lines++;
      } else {
        close();
        mask(lineStart, restStart);
        st.open = { start: restStart, end: contentEnd, content: true, kind: 'paragraph', depth, lines: 1 };
      }
    }
    if (lineEnd >= text.length) break;
    lineStart = lineEnd + 1;
  }
  close();
  return { blocks, masked: chars.join('') };
}

// ---------------------------------------------------------------------------------------------------------------
// Sentences

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
      for (let from = 0; from < str.length; ) {
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
    for (const m of str.matchAll(/[.!?؟。！？]+["'”’)\]]*(?:\s+|(?<=[。！？]))/g)) {
      const at = m.index + m[0].length;
      if (at < str.length) cuts.push(at);
    }
    return cuts;
  };
}

// The segmenter knows no abbreviations. Titles and "e.g." never end a sentence here; "No.", "Fig.", "p." only
// when a number follows. "etc." and "Inc." often do end one, so they are left alone.
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

const ABBREV_ALWAYS = /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|sr|jr|st|e\.g|i\.e|cf|vs)\.$/i;
const ABBREV_BEFORE_NUMBER = /(?:^|[\s(])(?:no|nos|fig|figs|p|pp|sec|art|ch|vol|para|eq|ref|approx|tab)\.$/i;

function joinsNext(prev: string, next: string): boolean {
  return ABBREV_ALWAYS.test(prev) || (ABBREV_BEFORE_NUMBER.test(prev) && /^\p{N}/u.test(next));
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

function trimRange(masked: string, start: number, end: number): Range {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(masked[s]!)) s++;
  while (e > s && /\s/.test(masked[e - 1]!)) e--;
  return { start: s, end: e };
}

/** The groups (sorted by start) lying inside `range`. */
function groupsIn(groups: readonly MarkerGroup[], range: Range): MarkerGroup[] {
  let lo = 0;
  let hi = groups.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (groups[mid]!.start < range.start) lo = mid + 1;
    else hi = mid;
  }
  const out: MarkerGroup[] = [];
  for (let i = lo; i < groups.length && groups[i]!.start < range.end; i++) if (groups[i]!.end <= range.end) out.push(groups[i]!);
  return out;
}

/** The range's text with its markers blanked out. */
function withoutMarkers(text: string, range: Range, groups: readonly MarkerGroup[]): string {
  let out = '';
  let at = range.start;
  for (const g of groups) {
    if (g.start < range.start || g.end > range.end) continue;
    out += text.slice(at, g.start) + ' ';
    at = g.end;
  }
  return out + text.slice(at, range.end);
}

function hasWords(text: string, range: Range, groups: readonly MarkerGroup[]): boolean {
  return /[\p{L}\p{N}]/u.test(withoutMarkers(text, range, groups));
}

const QUESTION = /[?؟？⸮;]$/u;

function isContent(text: string, range: Range, groups: readonly MarkerGroup[]): boolean {
  const bare = withoutMarkers(text, range, groups).replace(/[\s*_"'”’»)\]`~]+$/u, '');
  if (QUESTION.test(bare)) return false;
  return /[\p{L}\p{N}]/u.test(bare);
}

// ---------------------------------------------------------------------------------------------------------------
// Claims and citations

function validSpans(spans: readonly CitationSpan[] | undefined, text: string): CitationSpan[] {
  const length = text.length;
  if (!Array.isArray(spans)) return [];
  const out: CitationSpan[] = [];
  for (const s of spans as unknown[]) {
    if (!s || typeof s !== 'object') continue;
    const { sourceId, key, answerStart, answerEnd } = s as Partial<CitationSpan>;
    if (typeof sourceId !== 'string' || typeof answerStart !== 'number' || typeof answerEnd !== 'number') continue;
    if (!Number.isFinite(answerStart) || !Number.isFinite(answerEnd)) continue;
    // Clamped to the text and trimmed of surrounding whitespace; a span of nothing but whitespace is dropped.
    const r = trimRange(text, Math.max(0, Math.min(length, Math.floor(answerStart))), Math.max(0, Math.min(length, Math.ceil(answerEnd))));
    if (r.end <= r.start) continue;
    out.push({ sourceId, key: typeof key === 'string' ? key : sourceId, answerStart: r.start, answerEnd: r.end });
  }
  return out;
}

/** Content sentences, with explicit spans widening their claims over the sentences they touch. */
function claimUnits(sentences: readonly Sentence[], spans: readonly CitationSpan[]): Range[] {
  const units: Range[] = sentences.filter((s) => s.content).map((s) => ({ start: s.start, end: s.end }));
  for (const span of spans) {
    const touched = sentences.filter((s) => s.start < span.answerEnd && s.end > span.answerStart);
    let range: Range;
    if (touched.length > 0) {
      range = { start: Math.min(span.answerStart, touched[0]!.start), end: Math.max(span.answerEnd, touched[touched.length - 1]!.end) };
    } else {
      range = { start: span.answerStart, end: span.answerEnd };
    }
    if (range.end > range.start) units.push(range);
  }
  units.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const u of units) {
    const last = merged[merged.length - 1];
    if (last && u.start < last.end) last.end = Math.max(last.end, u.end);
    else merged.push({ ...u });
  }
  return merged;
}

const LEAD_TRIM = /[\s,.;:!?،؛。、，；：)\]}»”’]/u;
const TAIL_TRIM = /[\s(\[{«“‘,.;:،؛。、，；：]/u;

function trimSub(text: string, from: number, to: number): Range {
  let s = from;
  let e = to;
  while (s < e && LEAD_TRIM.test(text[s]!)) s++;
  while (e > s && TAIL_TRIM.test(text[e - 1]!)) e--;
  return { start: s, end: e };
}

function claimCitations(
  text: string,
  unit: Range,
  markers: readonly MarkerGroup[],
  spans: readonly CitationSpan[],
  resolve: (key: string) => string | undefined,
): ClaimCitation[] {
  const out: ClaimCitation[] = [];
  const consumed = new Set<string>();
  const refId = (gi: number, ri: number) => `${gi}:${ri}`;

  for (const span of spans) {
    let found: { gi: number; ri: number } | null = null;
    let fallback: { gi: number; ri: number } | null = null;
    markers.forEach((g, gi) =>
      g.refs.forEach((r, ri) => {
        if (r.key !== span.key || consumed.has(refId(gi, ri))) return;
        if (!found && g.start >= span.answerStart) found = { gi, ri };
        if (!fallback) fallback = { gi, ri };
      }),
    );
    const hit: { gi: number; ri: number } | null = found ?? fallback;
    const { answerStart, answerEnd } = span;
    if (hit) {
      const { gi, ri } = hit;
      consumed.add(refId(gi, ri));
      const r = markers[gi]!.refs[ri]!;
      out.push({ key: span.key, sourceId: span.sourceId, answerStart, answerEnd, markerStart: r.start, markerEnd: r.end, explicit: true });
    } else {
      out.push({ key: span.key, sourceId: span.sourceId, answerStart, answerEnd, markerStart: span.answerEnd, markerEnd: span.answerEnd, explicit: true });
    }
  }

  const subs: Range[] = [];
  markers.forEach((g, gi) => {
    let sub = trimSub(text, gi === 0 ? unit.start : markers[gi - 1]!.end, g.start);
    if (sub.end <= sub.start && gi > 0) sub = subs[gi - 1]!;
    if (sub.end <= sub.start) sub = trimSub(text, g.end, markers[gi + 1]?.start ?? unit.end);
    if (markers.length === 1 && hasWords(text, { start: g.end, end: unit.end }, markers)) sub = { ...unit };
    if (sub.end <= sub.start) sub = { ...unit };
    subs.push(sub);
    g.refs.forEach((r, ri) => {
      if (consumed.has(refId(gi, ri))) return;
      const sourceId = resolve(r.key);
      if (sourceId === undefined) return;
      out.push({ key: r.key, sourceId, answerStart: sub.start, answerEnd: sub.end, markerStart: r.start, markerEnd: r.end });
    });
  });
  return out.sort((a, b) => a.markerStart - b.markerStart || a.answerStart - b.answerStart);
}

// ---------------------------------------------------------------------------------------------------------------
// Ids

/** NFKC, markers removed, whitespace folded, lowercased: what two copies of the same sentence share. */
function normalizeClaimText(text: string, range: Range, groups: readonly MarkerGroup[]): string {
  return withoutMarkers(text, range, groups)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/ (?=[.,;:!?،؛。、，])/gu, '')
    .trim();
}

/** Same normalization as claim ids use, for a bare string (markers parsed from it). */
export function normalizeClaim(text: string): string {
  if (typeof text !== 'string') return '';
  return normalizeClaimText(text, { start: 0, end: text.length }, parseMarkers(text));
}

/** FNV-1a 32 over UTF-16 code units, base 36. */
export function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
