// The per-document text index: built once, page by page, in any order; never rebuilt per quote. Pure, no I/O.
import type { PageFrame } from '../coords/transform.ts';
import { layoutPage, type RunGeom } from './layout.ts';
import { isCjk, normalizeText, punctSignature } from './normalize.ts';
import type { PageText } from './page-text.ts';

/** One indexed page: its normalized text in reading order with maps back to (run, char range in run). */
export interface IndexedPage {
  page: number;
  frame: PageFrame;
  source: PageText;
  /** Normalized text in reading order (letters, digits, symbols, single spaces). */
  text: string;
  /** Per unit of `text`: run index in `source.runs` (-1 for an inserted separator). */
  run: Int32Array;
  /** Per unit of `text`: [start, end) UTF-16 range in that run's `str`. */
  start: Int32Array;
  end: Int32Array;
  /** Per unit of `text`: line number (reading order). */
  line: Int32Array;
  /** The match key (text without spaces) and, per key unit, its index in `text`. */
  key: string;
  keyToText: Int32Array;
  /** Key offsets where a block (column piece) starts, ascending; key.length closes the last one. */
  blockStarts: number[];
  /** Words (space-separated) as key ranges, in reading order. */
  words: { k0: number; k1: number; key: string }[];
  /** Punctuation of runs that have no letters (e.g. a lone "-%"), by the `text` position that follows them. */
  orphanPunct: Map<number, string>;
  /** Geometry of every laid-out run, by run index. */
  geom: Map<number, RunGeom>;
}

const HYPHEN_END = /[-\u00AD\u2010\u2011]\s*$/u;

export function indexPage(source: PageText): IndexedPage {
  const blocks = layoutPage(source.runs);
  const text: string[] = [];
  const run: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const line: number[] = [];
  const blockStartText: number[] = [];
  const geom = new Map<number, RunGeom>();
  const orphanPunct = new Map<number, string>();
  let lineNo = -1;
  let wantSpace = false;
  let prevHyphen = false;

  const push = (c: string, r: number, s: number, e: number) => {
    text.push(c);
    run.push(r);
    start.push(s);
    end.push(e);
    line.push(lineNo);
  };

  for (const block of blocks) {
    blockStartText.push(text.length);
    for (const l of block.lines) {
      lineNo++;
      if (text.length > 0) wantSpace = true;
      let prev: RunGeom | null = null;
      for (const g of l.runs) {
        geom.set(g.run, g);
        const str = source.runs[g.run]?.str ?? '';
        if (prev) {
          // the blank between the two runs, whichever side of the other each lies on (runs of the other
          // direction inside a line are read the other way: layout.ts)
          const gap = Math.max(g.u0 - prev.u1, prev.u0 - g.u1);
          if (gap > 0.15 * Math.max(g.size, prev.size)) wantSpace = true;
        }
        if (/^\s/u.test(str)) wantSpace = true;
        const n = normalizeText(str);
        if (n.text.length > 0) {
          const first = n.text[0] as string;
          const last = text[text.length - 1];
          if (wantSpace && !prevHyphen && last !== undefined && last !== ' ' && !(isCjk(last) && isCjk(first))) {
            push(' ', -1, 0, 0);
          }
          for (let i = 0; i < n.text.length; i++) push(n.text[i] as string, g.run, n.start[i] ?? 0, n.end[i] ?? 0);
          wantSpace = /\s$/u.test(str);
          prevHyphen = HYPHEN_END.test(str);
        } else {
          const punct = punctSignature(str);
          if (punct) orphanPunct.set(text.length, (orphanPunct.get(text.length) ?? '') + punct);
          if (HYPHEN_END.test(str)) prevHyphen = true; // a run that is just a line-end hyphen
        }
        prev = g;
      }
    }
  }
  const joined = text.join('');
  const keyChars: string[] = [];
  const keyToText: number[] = [];
  const textToKey = new Int32Array(joined.length + 1);
  for (let i = 0; i < joined.length; i++) {
    textToKey[i] = keyChars.length;
    if (joined[i] !== ' ') {
      keyChars.push(joined[i] as string);
      keyToText.push(i);
    }
  }
  textToKey[joined.length] = keyChars.length;
  const blockStarts = [...new Set(blockStartText.map((t) => textToKey[t] ?? 0))].sort((a, b) => a - b);
  const words: IndexedPage['words'] = [];
  const re = /[^ ]+/g;
  for (let m = re.exec(joined); m; m = re.exec(joined)) {
    const k0 = textToKey[m.index] ?? 0;
    words.push({ k0, k1: k0 + m[0].length, key: m[0] });
  }
  return {
    page: source.page,
    frame: source.frame,
    source,
    text: joined,
    run: Int32Array.from(run),
    start: Int32Array.from(start),
    end: Int32Array.from(end),
    line: Int32Array.from(line),
    key: keyChars.join(''),
    keyToText: Int32Array.from(keyToText),
    blockStarts,
    words,
    orphanPunct,
    geom,
  };
}

/**
 * The text index of one document. Add pages in any order (the hinted pages first); each page is indexed once.
 * Share one index across all quotes of a document.
 */
export class TextIndex {
  readonly pages = new Map<number, IndexedPage>();
  /** Page loads in flight (used by `locateInDocument` so concurrent quotes do not fetch a page twice). */
  readonly pending = new Map<number, Promise<void>>();
  pageCount: number | undefined;

  constructor(pageCount?: number) {
    this.pageCount = pageCount;
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  /** Indexes one page (a no-op if it is already indexed). */
  addPage(pageText: PageText): IndexedPage {
    const existing = this.pages.get(pageText.page);
    if (existing) return existing;
    const p = indexPage(pageText);
    this.pages.set(pageText.page, p);
    return p;
  }

  get(page: number): IndexedPage | undefined {
    return this.pages.get(page);
  }

  /** Indexed page numbers, ascending. */
  pageNumbers(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b);
  }
}
