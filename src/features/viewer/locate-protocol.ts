import type { FindOptions } from '../../core/locate/find-all.ts';
import type { LocateResult } from '../../core/locate/locate.ts';
import type { PageText, TextDirection, TextRun } from '../../core/locate/page-text.ts';
import type { Box, CoordsDescriptor, Source } from '../../core/model/types.ts';
import type { SourceCheck } from '../../core/review/types.ts';

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

/** A page's text packed into a few flat arrays, moved to the worker without copying (a transfer). The structured
 * clone of the run objects themselves cost the main thread more than anything else while a quote was searched. */
export interface PackedPageText {
  page: number;
  frame: PageText['frame'];
  styles?: PageText['styles'];
  /** Per run: transform (6), width, height. */
  numbers: Float64Array;
  /** Per run: bit 0 hasEOL, bits 1–2 the direction (0 none, 1 ltr, 2 rtl, 3 ttb). */
  flags: Uint8Array;
  /** Per run: the length of its `str` in `text`, and its font's index in `fonts` (-1: none). */
  lengths: Int32Array;
  fontIndex: Int32Array;
  text: string;
  fonts: string[];
}

const DIRS: readonly (TextDirection | undefined)[] = [undefined, 'ltr', 'rtl', 'ttb'];
const NUMBERS = 8;

export function packPageText(pageText: PageText): PackedPageText {
  const { runs } = pageText;
  const numbers = new Float64Array(runs.length * NUMBERS);
  const flags = new Uint8Array(runs.length);
  const lengths = new Int32Array(runs.length);
  const fontIndex = new Int32Array(runs.length);
  const fonts: string[] = [];
  const fontIds = new Map<string, number>();
  const parts: string[] = [];
  runs.forEach((run, i) => {
    const o = i * NUMBERS;
    // pdf.js transforms have six numbers; a missing one reads as NaN, which the layout skips as it did before
    for (let k = 0; k < 6; k++) numbers[o + k] = run.transform[k] ?? NaN;
    numbers[o + 6] = run.width;
    numbers[o + 7] = run.height;
    flags[i] = (run.hasEOL ? 1 : 0) | (Math.max(0, DIRS.indexOf(run.dir)) << 1);
    lengths[i] = run.str.length;
    parts.push(run.str);
    if (run.fontName === undefined) {
      fontIndex[i] = -1;
    } else {
      let id = fontIds.get(run.fontName);
      if (id === undefined) fontIds.set(run.fontName, (id = fonts.push(run.fontName) - 1));
      fontIndex[i] = id;
    }
  });
  const packed: PackedPageText = { page: pageText.page, frame: pageText.frame, numbers, flags, lengths, fontIndex, text: parts.join(''), fonts };
  if (pageText.styles) packed.styles = pageText.styles;
  return packed;
}

export function unpackPageText(packed: PackedPageText): PageText {
  const runs: TextRun[] = [];
  let at = 0;
  for (let i = 0; i < packed.flags.length; i++) {
    const o = i * NUMBERS;
    const n = packed.numbers;
    const str = packed.text.slice(at, at + (packed.lengths[i] as number));
    at += packed.lengths[i] as number;
    const run: TextRun = {
      str,
      transform: [n[o] as number, n[o + 1] as number, n[o + 2] as number, n[o + 3] as number, n[o + 4] as number, n[o + 5] as number],
      width: n[o + 6] as number,
      height: n[o + 7] as number,
      hasEOL: ((packed.flags[i] as number) & 1) === 1,
    };
    const font = packed.fontIndex[i] as number;
    if (font >= 0) run.fontName = packed.fonts[font];
    const dir = DIRS[((packed.flags[i] as number) >> 1) & 3];
    if (dir) run.dir = dir;
    runs.push(run);
  }
  const pageText: PageText = { page: packed.page, frame: packed.frame, runs };
  if (packed.styles) pageText.styles = packed.styles;
  return pageText;
}

/** The buffers a packed page hands over (they are unusable on the sending side afterwards). */
export function transferablesOf(packed: PackedPageText): ArrayBuffer[] {
  return [packed.numbers.buffer, packed.flags.buffer, packed.lengths.buffer, packed.fontIndex.buffer] as ArrayBuffer[];
}
