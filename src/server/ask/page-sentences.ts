import type { MeasureText } from '../../core/locate/page-text.ts';
import { spansToRects } from '../../core/locate/rects.ts';
import type { IndexedPage } from '../../core/locate/text-index.ts';
import type { Box } from '../../core/model/types.ts';

// The sentences of one PDF page, each with its exact printed words and its highlight boxes. Pure, no I/O.
//
// The locator's page index (src/core/locate/text-index.ts) holds the page's text in reading order, folded (no
// punctuation, lower case), with every folded character's run and offsets. From it we rebuild the printed text in
// the same order (punctuation and case back, whitespace folded), remembering which folded character each printed one
// came from. A sentence is then a range of printed text (its quote, word for word) and a range of the index's match
// key, which the locator's own `spansToRects` turns into boxes: the boxes a viewer draws for that quote.
//
// Headings and table rows (short lines without closing punctuation, or a change of font size) end a sentence and are
// not sentences themselves: the last heading above a sentence becomes its section.

export interface PageSentence {
  page: number;
  /** The printed words, exactly (whitespace folded to single spaces). */
  quote: string;
  section?: string;
  /** Canonical boxes, one per line fragment, in reading order. */
  boxes: Box[];
}

interface PrintedLine {
  /** [start, end) in the printed text. */
  start: number;
  end: number;
  block: number;
  size: number;
  width: number;
}

interface PrintedPage {
  text: string;
  /** Per printed character: the index's `text` unit it came from, or -1 (punctuation the index dropped). */
  unit: number[];
  lines: PrintedLine[];
}

/** Rebuilds the printed text of an indexed page in reading order. */
export function printedText(p: IndexedPage): PrintedPage {
  let text = '';
  const unit: number[] = [];
  const lines: PrintedLine[] = [];
  const emit = (s: string, u: number) => {
    for (const ch of s) {
      const space = /\s/u.test(ch);
      if (space && (text.length === 0 || text.endsWith(' '))) continue;
      text += space ? ' ' : ch;
      // a surrogate pair is two units of `text`: both map to the same index unit
      for (let i = 0; i < (space ? 1 : ch.length); i++) unit.push(u);
    }
  };
  let curRun = -1;
  let curPos = 0;
  let curLine = -1;
  const flushRun = () => {
    const str = p.source.runs[curRun]?.str;
    if (str !== undefined) emit(str.slice(curPos), -1);
    curRun = -1;
  };
  const blockOf = (t: number) => {
    const k = keyIndexAtOrAfter(p, t);
    let b = 0;
    while (b + 1 < p.blockStarts.length && (p.blockStarts[b + 1] ?? Infinity) <= k) b++;
    return b;
  };
  for (let t = 0; t < p.text.length; t++) {
    const line = p.line[t] ?? 0;
    if (line !== curLine) {
      flushRun();
      if (lines.length > 0) (lines[lines.length - 1] as PrintedLine).end = text.length;
      lines.push({ start: text.length, end: text.length, block: blockOf(t), size: 0, width: 0 });
      curLine = line;
    }
    const r = p.run[t] ?? -1;
    if (r < 0) {
      flushRun();
      emit(' ', t);
      continue;
    }
    if (r !== curRun) {
      flushRun();
      curRun = r;
      curPos = 0;
      const g = p.geom.get(r);
      const l = lines[lines.length - 1] as PrintedLine;
      if (g) {
        l.size = Math.max(l.size, g.size);
        l.width += Math.max(0, g.u1 - g.u0);
      }
    }
    const str = p.source.runs[r]?.str ?? '';
    const s = p.start[t] ?? curPos;
    const e = p.end[t] ?? s;
    if (s > curPos) emit(str.slice(curPos, s), -1);
    // one folded unit may come from several printed characters, or several units from one (ﬁ → f, i: then the
    // later units have s < curPos and add nothing)
    if (e > s && s >= curPos) emit(str.slice(s, e), t);
    curPos = Math.max(curPos, e);
  }
  flushRun();
  if (lines.length > 0) (lines[lines.length - 1] as PrintedLine).end = text.length;
  return { text, unit, lines };
}

function keyIndexAtOrAfter(p: IndexedPage, t: number): number {
  // keyToText is ascending: binary search for the first key unit at or after text unit t
  let lo = 0;
  let hi = p.keyToText.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((p.keyToText[mid] ?? 0) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const CLOSES_SENTENCE = /[.!?;:,)\]"'’”…\-–—]$/u;

function sentenceCuts(s: string): number[] {
  const seg = new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...seg.segment(s)].map((x) => x.index);
}

export interface PageSentenceOptions {
  /** Lines to leave out (running heads and feet), by their printed text. */
  skipLine?: (line: string) => boolean;
  measure?: MeasureText;
}

/** The sentences of a page in reading order. */
export function pageSentences(p: IndexedPage, options: PageSentenceOptions = {}): PageSentence[] {
  const printed = printedText(p);
  const lineText = (l: PrintedLine) => printed.text.slice(l.start, l.end).trim();
  const kept = printed.lines.filter((l) => lineText(l) !== '' && !options.skipLine?.(lineText(l)));
  // paragraphs: runs of lines that continue each other
  const paragraphs: PrintedLine[][] = [];
  // a wrapped line is nearly as wide as the widest line of its size in its block (a heading may be wider than a
  // column's body text, so it is not the yardstick)
  const widthKey = (l: PrintedLine) => `${l.block}:${Math.round(l.size)}`;
  const widest = new Map<string, number>();
  for (const l of kept) widest.set(widthKey(l), Math.max(widest.get(widthKey(l)) ?? 0, l.width));
  let prev: PrintedLine | undefined;
  for (const l of kept) {
    const continues =
      prev !== undefined &&
      prev.block === l.block &&
      Math.abs(prev.size - l.size) < 0.25 &&
      (CLOSES_SENTENCE.test(lineText(prev)) || prev.width >= 0.75 * (widest.get(widthKey(prev)) ?? 0));
    if (continues) (paragraphs[paragraphs.length - 1] as PrintedLine[]).push(l);
    else paragraphs.push([l]);
    prev = l;
  }

  const out: PageSentence[] = [];
  const textToKey = new Int32Array(p.text.length).fill(-1);
  p.keyToText.forEach((t, k) => (textToKey[t] = k));
  const pages = new Map([[p.page, p]]);
  let section: string | undefined;
  for (const para of paragraphs) {
    const start = (para[0] as PrintedLine).start;
    const end = (para[para.length - 1] as PrintedLine).end;
    const raw = printed.text.slice(start, end);
    if (para.length === 1 && !CLOSES_SENTENCE.test(raw.trim()) && raw.trim().length <= 100) {
      section = raw.trim();
      continue;
    }
    const cuts = [...sentenceCuts(raw), raw.length];
    for (let i = 0; i + 1 < cuts.length; i++) {
      let s0 = start + (cuts[i] as number);
      let s1 = start + (cuts[i + 1] as number);
      while (s0 < s1 && printed.text[s0] === ' ') s0++;
      while (s1 > s0 && printed.text[s1 - 1] === ' ') s1--;
      const quote = printed.text.slice(s0, s1);
      if (quote.split(' ').length < 3 || !/\p{L}/u.test(quote)) continue;
      let k0 = -1;
      let k1 = -1;
      for (let r = s0; r < s1; r++) {
        const u = printed.unit[r] ?? -1;
        const k = u >= 0 ? (textToKey[u] ?? -1) : -1;
        if (k < 0) continue;
        if (k0 < 0) k0 = k;
        k1 = k + 1;
      }
      if (k0 < 0) continue;
      const boxes = spansToRects(pages, [{ page: p.page, k0, k1 }], options.measure);
      if (boxes.length === 0) continue;
      out.push({ page: p.page, quote, ...(section !== undefined && { section }), boxes });
    }
  }
  return out;
}
