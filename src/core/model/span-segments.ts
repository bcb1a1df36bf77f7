import type { CitationSpan } from './types.ts';

// Cuts a plain text (a reasoning block) at its citation spans, so a view can mark the cited words and put each
// span's citation right after it without ever parsing the text as Markdown or HTML.

export interface TextSegment {
  /** UTF-16 offsets into the text, end exclusive. */
  start: number;
  end: number;
  text: string;
  /** Some span covers this segment. */
  cited: boolean;
  /** The spans that end where this segment ends, in their input order: their citations go right after it. */
  closes: CitationSpan[];
}

/**
 * The text in order, cut wherever a span starts or ends. The segments' texts join back to `text`; every span that
 * selects at least one character of the text (after clamping to it) closes exactly one segment; the others are
 * ignored (an adapter bug must not hide the reasoning).
 */
export function spanSegments(text: string, spans: readonly CitationSpan[]): TextSegment[] {
  const usable = spans.map((s) => ({ span: s, start: clamp(s.answerStart, text.length), end: clamp(s.answerEnd, text.length) })).filter((s) => s.start < s.end);
  const cuts = [...new Set([0, text.length, ...usable.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const segments: TextSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    segments.push({
      start,
      end,
      text: text.slice(start, end),
      cited: usable.some((s) => s.start <= start && s.end >= end),
      closes: usable.filter((s) => s.end === end).map((s) => s.span),
    });
  }
  return segments;
}

function clamp(n: number, length: number): number {
  return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 0), length) : 0;
}
