import { parseAnswerMarkdown } from '../markdown/parse-answer-markdown.ts';
import type { MarkerGroup } from './marker-syntax.ts';

// Citation markers of an answer, as the reader sees them: read from the answer's Markdown, so a marker inside code,
// an escaped bracket or a link destination is no marker (see src/core/markdown/micromark-markers.ts for the rules and
// src/core/markers/marker-syntax.ts for the shapes). Callers that also need the tree or the claims' blocks should call
// parseAnswerMarkdown once and read its `markers`.

export type { MarkerGroup, MarkerKind, MarkerRef } from './marker-syntax.ts';
// The adapters read provider digits (Persian, Arabic-Indic, …) with the same function the markers use.
export { digitsToNumber } from './marker-syntax.ts';

/** Every marker group in `text`, in order. Spans are UTF-16 offsets into `text`. Never throws. */
export function parseMarkers(text: string): MarkerGroup[] {
  return parseAnswerMarkdown(text).markers;
}
