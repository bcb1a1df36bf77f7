import type { FindOptions } from '../../../core/locate/find-query.ts';
import type { LocateResult } from '../../../core/locate/locate.ts';
import type { PageText, TextRun } from '../../../core/locate/page-text.ts';
import { packItems, unpackItem, type PackedItems } from '../../../core/locate/packed-text-content.ts';
import type { Box, CoordsDescriptor, Source } from '../../../core/model/types.ts';
import type { SourceCheck } from '../../../core/review/types.ts';

// The messages between the main thread and the locate worker (locate-worker.ts runs locate-handler.ts; without a
// worker the same handler runs on the main thread). The worker holds each document's text index; it never talks to
// pdf.js: it asks the main thread for a page's text (`need-page`), which reads it once through the viewer's text
// cache (the text layer shares that one getTextContent) and hands it over (`page`). Jobs carry an id; `cancel`
// aborts one. Every message is plain data (structured clone).

/** One document as the worker knows it. `pageCount` travels with every job, so a worker that dropped the document
 * (it keeps a few, see locate-handler.ts) rebuilds it on demand. */
export interface DocRef {
  doc: number;
  pageCount: number;
}

export type LocateJob =
  | { kind: 'locate'; quote: string; page?: number; pageEnd?: number; minScore?: number }
  | { kind: 'find'; query: string; options: FindOptions }
  | { kind: 'check'; source: Source; coords?: CoordsDescriptor }
  | { kind: 'text-layer' };

export type ToWorker =
  | ({ type: 'job'; id: number; job: LocateJob } & DocRef)
  | { type: 'cancel'; id: number }
  | { type: 'page'; doc: number; page: number; pageText: PackedPageText }
  | { type: 'page-error'; doc: number; page: number; message: string }
  | { type: 'close'; doc: number };

/** One page's find matches: canonical boxes per match (one per line fragment). */
export interface FindPage {
  page: number;
  frame: PageText['frame'];
  matches: Box[][];
}

export type JobValue = LocateResult | SourceCheck | boolean | null;

export type FromWorker =
  | { type: 'ready' }
  | { type: 'need-page'; doc: number; page: number }
  | { type: 'find-page'; id: number; found: FindPage }
  | { type: 'done'; id: number; value: JobValue }
  | { type: 'failed'; id: number; message: string; aborted: boolean };

/** A page's text packed into a few flat arrays (core/locate/packed-text-content.ts), moved to the worker without
 * copying (a transfer). The structured clone of the run objects themselves cost the main thread more than anything
 * else while a quote was searched. */
export interface PackedPageText extends PackedItems {
  page: number;
  frame: PageText['frame'];
  styles?: PageText['styles'];
}

export function packPageText(pageText: PageText): PackedPageText {
  const packed: PackedPageText = { page: pageText.page, frame: pageText.frame, ...packItems(pageText.runs) };
  if (pageText.styles) packed.styles = pageText.styles;
  return packed;
}

export function unpackPageText(packed: PackedPageText): PageText {
  const runs: TextRun[] = [];
  let offset = 0;
  for (let i = 0; i < packed.flags.length; i++) {
    runs.push(unpackItem(packed, i, offset) as TextRun);
    offset += packed.lengths[i]!;
  }
  const pageText: PageText = { page: packed.page, frame: packed.frame, runs };
  if (packed.styles) pageText.styles = packed.styles;
  return pageText;
}

/** The buffers a packed page hands over (they are unusable on the sending side afterwards). */
export function transferablesOf(packed: PackedPageText): ArrayBuffer[] {
  return [packed.numbers.buffer, packed.flags.buffer, packed.lengths.buffer, packed.fontIndex.buffer] as ArrayBuffer[];
}
