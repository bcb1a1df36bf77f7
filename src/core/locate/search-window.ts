// The search space of a quote: consecutive indexed pages joined into one match key, with the block boundaries that
// exact matching may bridge and the mapping back from key offsets to per-page spans.
import type { IndexedPage } from './text-index.ts';

/** A matched key range on one page. */
export interface Span {
  page: number;
  k0: number;
  k1: number;
}

/** Consecutive indexed pages searched as one text (so a quote can run from one page into the next). */
export interface Window {
  pages: IndexedPage[];
  key: string;
  /** Start offset of each page in `key`. */
  offsets: number[];
  /** Global key offsets where a block starts (page starts included), ascending. */
  blockStarts: number[];
  /** Global key offsets where a block ends (page ends included), ascending. */
  blockEnds: number[];
}

export function makeWindow(pages: IndexedPage[]): Window {
  const offsets: number[] = [];
  const starts = new Set<number>();
  const ends = new Set<number>();
  let off = 0;
  for (const p of pages) {
    offsets.push(off);
    for (const b of p.blockStarts) {
      starts.add(off + b);
      if (b > 0) ends.add(off + b);
    }
    off += p.key.length;
    ends.add(off);
  }
  return {
    pages,
    key: pages.map((p) => p.key).join(''),
    offsets,
    blockStarts: [...starts].filter((s) => s < off).sort((a, b) => a - b),
    blockEnds: [...ends].sort((a, b) => a - b),
  };
}

/** Splits a global key range of a window into per-page spans. */
export function toSpans(win: Window, g0: number, g1: number): Span[] {
  const out: Span[] = [];
  win.pages.forEach((p, i) => {
    const off = win.offsets[i] ?? 0;
    const a = Math.max(g0, off);
    const b = Math.min(g1, off + p.key.length);
    if (b > a) out.push({ page: p.page, k0: a - off, k1: b - off });
  });
  return out;
}

/** The page holding global key offset `g`. */
export function pageAt(win: Window, g: number): number {
  for (let i = win.pages.length - 1; i >= 0; i--) if (g >= (win.offsets[i] ?? 0)) return win.pages[i]?.page ?? 0;
  return win.pages[0]?.page ?? 0;
}

/** True when global key offset `g` starts a word of the page text (so an occurrence there is not mid-word). */
export function isWordStart(win: Window, g: number): boolean {
  const i = win.pages.findIndex((_, k) => g < (win.offsets[k] ?? 0) + (win.pages[k]?.key.length ?? 0));
  if (i < 0) return false;
  const p = win.pages[i] as IndexedPage;
  const k = g - (win.offsets[i] ?? 0);
  const t = p.keyToText[k] ?? 0;
  return t === 0 || p.text[t - 1] === ' ';
}
