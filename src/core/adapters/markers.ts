import type { CitationMapping, CitationSpan } from '../model/types.ts';

// For providers that give claim spans instead of markers (Anthropic, RubyLLM, Gemini, OpenAI): writes a `[n]`
// marker after each cited span and records the span in UTF-16 offsets of the FINAL text.

export interface CitedSpan {
  /** UTF-16 offsets into the provider's text; `start === end` means a point (a marker, but no claim span). */
  start: number;
  end: number;
  sourceId: string;
  /** The number written into the marker. */
  n: number;
  /** The provider's confidence (0–1) that the span is supported by the source; kept on the span. */
  confidence?: number;
}

export interface MarkedText {
  text: string;
  spans: CitationSpan[];
  citations: CitationMapping[];
}

/**
 * Inserts `[n]` markers (one group per source, `[1][2]` when several spans end at one place) at the end of every
 * span, after trimming the span's surrounding whitespace so the marker sits against the claim's last word.
 * A marker followed by `(` would read as a Markdown link, so a space is written between them.
 */
export function insertMarkers(base: string, cited: readonly CitedSpan[]): MarkedText {
  const trimmed = cited.map((c) => trimSpan(base, c));
  const at = new Map<number, Set<number>>();
  for (const c of trimmed) {
    const list = at.get(c.end) ?? new Set<number>();
    list.add(c.n);
    at.set(c.end, list);
  }
  const positions = [...at.keys()].sort((a, b) => a - b);
  const inserted = new Map<number, string>();
  const parts: string[] = [];
  let last = 0;
  for (const pos of positions) {
    let marker = [...(at.get(pos) ?? [])]
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join('');
    if (base[pos] === '(') marker += ' ';
    inserted.set(pos, marker);
    parts.push(base.slice(last, pos), marker);
    last = pos;
  }
  parts.push(base.slice(last));
  const text = parts.join('');

  // Offsets shift by the markers inserted before them; a span's start moves past a marker written at its own
  // start (that marker closes the previous claim), its end does not. `before[i]` is the length of the markers at
  // positions[0..i), so each shift is a binary search: 20,000 spans once cost a walk over 20,000 positions each.
  const before = [0];
  for (const p of positions) before.push((before.at(-1) as number) + (inserted.get(p)?.length ?? 0));
  const shift = (pos: number, includeAt: boolean): number => {
    let lo = 0;
    let hi = positions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const p = positions[mid] as number;
      if (p < pos || (includeAt && p === pos)) lo = mid + 1;
      else hi = mid;
    }
    return pos + (before[lo] as number);
  };
  const spans: CitationSpan[] = [];
  const seen = new Set<string>();
  for (const c of trimmed) {
    if (c.start >= c.end) continue;
    const span: CitationSpan = { sourceId: c.sourceId, key: String(c.n), answerStart: shift(c.start, true), answerEnd: shift(c.end, false) };
    if (c.confidence !== undefined) span.confidence = c.confidence;
    const k = `${span.sourceId}|${span.answerStart}|${span.answerEnd}`;
    if (seen.has(k)) continue;
    seen.add(k);
    spans.push(span);
  }
  spans.sort((a, b) => a.answerStart - b.answerStart || a.answerEnd - b.answerEnd || Number(a.key) - Number(b.key));

  const byN = new Map<number, CitationMapping>();
  for (const c of cited) if (!byN.has(c.n)) byN.set(c.n, { n: c.n, sourceId: c.sourceId });
  const citations = [...byN.values()].sort((a, b) => a.n - b.n);
  return { text, spans, citations };
}

function trimSpan(text: string, c: CitedSpan): CitedSpan {
  let { start, end } = c;
  if (start === end) {
    // A point: move it back over whitespace so the marker follows the last word.
    while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
    start = end;
  }
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  if (start < end) {
    start = afterBullet(text, start, end);
    end = sentenceEnd(text, end);
  }
  // Never split a surrogate pair.
  if (end > 0 && end < text.length && isHigh(text.charCodeAt(end - 1)) && isLow(text.charCodeAt(end))) end++;
  return { ...c, start, end };
}

/** A list bullet, ordered-list number, heading or quote mark at the start of a line. */
const BULLET = /^(?:[-*+•]|\d{1,3}[.)]|#{1,6}|>)[ \t]+/;

/** A span that begins a line with a list bullet starts after it: the bullet is layout, not the claim. */
function afterBullet(text: string, start: number, end: number): number {
  // Only spaces between the line's start and the span (a scan back over them, not over the line).
  let i = start;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (i > 0 && text[i - 1] !== '\n') return start;
  const m = BULLET.exec(text.slice(start, end));
  return m && start + m[0].length < end ? start + m[0].length : start;
}

/**
 * A span that stops just short of its sentence's end (cut inside its last word, before the last word, or before
 * the full stop) ends with the sentence: `…is blue` before `.` becomes `…is blue.`, so the marker follows the
 * claim's full stop as it does for every provider whose spans are whole sentences.
 */
function sentenceEnd(text: string, end: number): number {
  let e = end;
  // Inside a word: to its end.
  if (/[\p{L}\p{N}]/u.test(text[e - 1] ?? '')) while (e < text.length && /[\p{L}\p{N}'’-]/u.test(text[e] ?? '') && /[\p{L}\p{N}]/u.test(text[e] ?? '')) e++;
  const rest = text.slice(e, e + 80);
  if (/^[.!?…。！？]/u.test(text[e - 1] ?? '') && !/^[)"'”’»]/u.test(rest)) return e;
  const m = SENTENCE_TAIL.exec(rest);
  return m ? e + m[0].length : e === end ? end : e;
}

/** At most one more word, closing quotes or brackets, then the sentence's closing punctuation and a break. */
const SENTENCE_TAIL = /^(?:[ \t]+[\p{L}\p{N}][\p{L}\p{N}'’-]*)?[)"'”’»\]]*[.!?…。！？]+[)"'”’»]*(?=\s|$)/u;

const isHigh = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number) => u >= 0xdc00 && u <= 0xdfff;
