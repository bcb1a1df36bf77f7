import { parseAnswerMarkdown, type ParsedMarkdown } from '../markdown/parse-answer-markdown.ts';
import type { MarkerGroup } from '../markers/marker-syntax.ts';
import { splitSentences, type Sentence } from './sentences.ts';
import { hasWords, trimRange, withoutMarkers, type Range } from './text-ranges.ts';
import type { CitationSpan } from './types.ts';

// Claims (issue #3 §3–4): one claim per CONTENT sentence of the answer markdown, cited or not.
//
// How the text is cut: the answer's one Markdown parse (src/core/markdown/parse-answer-markdown.ts: markers, and which
// blocks are content, content-blocks.ts), then sentences inside each block (sentences.ts: segmenter, abbreviations, markers at sentence ends,
// questions). This module turns content sentences into claims with ids and citations:
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
  /** The text's parse, when the caller has it already (the answer model parses once for claims and renderer). */
  markdown?: ParsedMarkdown;
}

/** Split `text` into claims. Never throws; returns [] for anything that is not a string. */
export function extractClaims(text: string, options: ClaimOptions = {}): Claim[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const resolve = options.resolve ?? ((key: string) => key);
  const markdown = options.markdown?.text === text ? options.markdown : parseAnswerMarkdown(text);
  const groups = markdown.markers;
  const sentences = splitSentences(text, markdown, groups, options.locale);

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
const TAIL_TRIM = /[\s([{«“‘,.;:،؛。、，；：]/u;

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
  return normalizeClaimText(text, { start: 0, end: text.length }, parseAnswerMarkdown(text).markers);
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
