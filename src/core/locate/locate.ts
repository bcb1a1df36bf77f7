// Locating a quote in a PDF's text: exact on the hinted page(s), then neighbours, then the whole document, then
// a fuzzy word alignment. Pure TypeScript, no I/O: works in the browser and in Node.
import type { Box } from '../model/types.ts';
import { findExact } from './exact-match.ts';
import { findFuzzy, type SimilarityCache } from './fuzzy-match.ts';
import { normalizeText, punctSignature, toKey } from './normalize.ts';
import { findInOtherReadings } from './reading-orders.ts';
import type { MeasureText, PageText } from './page-text.ts';
import { spansToRects } from './rects.ts';
import { makeWindow, type Span, type Window } from './search-window.ts';
import { TextIndex, type IndexedPage } from './text-index.ts';

export interface LocateResult {
  found: boolean;
  /** 1 for an exact match; the fuzzy alignment score (0..1) otherwise. */
  score: number;
  /** Page of the first highlighted word; when not found, the hint (or null). */
  page: number | null;
  /** Last page when the quote runs onto a following page. */
  pageEnd?: number;
  /** Canonical boxes, one per line fragment, possibly on two pages. Empty when not found. */
  rects: Box[];
}

export interface LocateOptions {
  /** 1-based page hint (where the quote should start). */
  page?: number;
  /** Last page of the passage, when known. */
  pageEnd?: number;
  /** Width measurer (the browser passes a canvas one); default: proportional to character count. */
  measure?: MeasureText;
  /** Fuzzy acceptance threshold, default 0.6. */
  minScore?: number;
}

export interface LocateInDocumentOptions extends LocateOptions {
  pageCount: number;
  getPageText: (page: number) => Promise<PageText>;
  quote: string;
  signal?: AbortSignal;
  /** Pass one index per document to share it across quotes (pages are indexed once, on demand). */
  index?: TextIndex;
}

export const DEFAULT_MIN_SCORE = 0.6;

interface Plan {
  /** Search stages, each a list of window start pages in order. */
  stages: number[][];
  /** Extra pages a stage's first window spans beyond its start (pageEnd hint). */
  span: (start: number) => number;
}

function plan(pageCount: number, hint?: number, hintEnd?: number): Plan {
  const valid = (p: number) => Number.isInteger(p) && p >= 1 && p <= pageCount;
  const all = Array.from({ length: pageCount }, (_, i) => i + 1);
  if (hint === undefined || !valid(hint)) return { stages: [all], span: () => 1 };
  const extra = hintEnd !== undefined && valid(hintEnd) && hintEnd > hint ? Math.min(hintEnd - hint, 3) : 1;
  const near = [hint - 1, hint + 1, hint - 2, hint + 2].filter(valid);
  const seen = new Set([hint, ...near]);
  return {
    stages: [[hint], near, all.filter((p) => !seen.has(p))],
    span: (start) => (start === hint ? extra : 1),
  };
}

function windowPages(index: TextIndex, start: number, extra: number): number[] {
  const pages: number[] = [];
  for (let p = start; p <= start + extra; p++) {
    if (index.pageCount !== undefined && p > index.pageCount) break;
    pages.push(p);
  }
  return pages;
}

function windowOf(index: TextIndex, pages: number[]): Window | null {
  const indexed = pages.map((p) => index.get(p)).filter((p): p is IndexedPage => p !== undefined);
  // a window must start with its own page; following pages join only while contiguous and indexed
  const first = indexed[0];
  if (!first || first.page !== pages[0]) return null;
  const run: IndexedPage[] = [first];
  for (let i = 1; i < indexed.length && indexed[i]?.page === pages[i]; i++) run.push(indexed[i] as IndexedPage);
  return makeWindow(run);
}

interface Query {
  key: string;
  words: string[];
  punct: string;
}

function prepare(quote: string): Query {
  const raw = typeof quote === 'string' ? quote : String(quote ?? '');
  const text = normalizeText(raw).text;
  return { key: toKey(text), words: text.split(' ').filter((w) => w.length > 0), punct: punctSignature(raw) };
}

function result(index: TextIndex, spans: Span[], score: number, opts: LocateOptions): LocateResult {
  const rects = spansToRects(index.pages, spans, opts.measure);
  const pages = spans.map((s) => s.page);
  const first = Math.min(...pages);
  const last = Math.max(...pages);
  const res: LocateResult = { found: true, score, page: first, rects };
  if (last !== first) res.pageEnd = last;
  return res;
}

function notFound(opts: LocateOptions, score = 0): LocateResult {
  return { found: false, score, page: opts.page ?? null, rects: [] };
}

/** Synchronous: locates `quote` among the pages already in `index` (same search order as locateInDocument). */
export function locateInIndex(index: TextIndex, quote: string, opts: LocateOptions = {}): LocateResult {
  const q = prepare(quote);
  if (!q.key) return notFound(opts);
  const count = index.pageCount ?? Math.max(0, ...index.pageNumbers());
  const pl = plan(count, opts.page, opts.pageEnd);
  for (const stage of pl.stages) {
    for (const start of stage) {
      const win = windowOf(index, windowPages(index, start, pl.span(start)));
      const spans = win && findExact(win, q.key, opts.page ?? start, q.punct);
      if (spans && spans.length) return result(index, spans, 1, opts);
    }
  }
  // a table row, say: whole in pdf.js's content order or in rows across the page (reading-orders.ts)
  const reread = findInOtherReadings(index, q.key, pl.stages.flat());
  if (reread) return result(index, reread, 1, opts);
  let best: { spans: Span[]; score: number } | null = null;
  const cache: SimilarityCache = new Map();
  for (const stage of pl.stages) {
    for (const start of stage) {
      const win = windowOf(index, windowPages(index, start, pl.span(start)));
      const m = win && findFuzzy(win, q.words, cache);
      if (m && (!best || m.score > best.score + 0.02)) best = m;
    }
  }
  const min = opts.minScore ?? DEFAULT_MIN_SCORE;
  if (best && best.score >= min) return result(index, best.spans, best.score, opts);
  return notFound(opts, best?.score ?? 0);
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

async function ensurePage(index: TextIndex, page: number, get: (p: number) => Promise<PageText>): Promise<void> {
  if (index.has(page)) return;
  let pending = index.pending.get(page);
  if (!pending) {
    pending = (async () => {
      try {
        const pt = await get(page);
        index.addPage({ ...pt, page });
      } finally {
        index.pending.delete(page);
      }
    })();
    index.pending.set(page, pending);
  }
  await pending;
}

/**
 * Locates `quote` in a document, fetching and indexing pages on demand: the hinted page (with the next one, for
 * quotes that cross a page break) first, then pages ±2, then the rest; exact everywhere first, then fuzzy.
 * Yields to the event loop between pages and fuzzy windows, so the main thread is never blocked for long.
 * Pages that fail to load are skipped. Rejects with the signal's reason when aborted.
 */
export async function locateInDocument(opts: LocateInDocumentOptions): Promise<LocateResult> {
  const index = opts.index ?? new TextIndex(opts.pageCount);
  index.pageCount ??= opts.pageCount;
  const q = prepare(opts.quote);
  if (!q.key) return notFound(opts);
  const pl = plan(opts.pageCount, opts.page, opts.pageEnd);
  const load = async (pages: number[]) => {
    for (const p of pages) {
      if (index.has(p)) continue;
      checkAbort(opts.signal);
      try {
        await ensurePage(index, p, opts.getPageText);
      } catch {
        // an unreadable page is just not searched
      }
      await tick();
    }
  };
  for (const stage of pl.stages) {
    const needed = stage.flatMap((s) => windowPages(index, s, pl.span(s)));
    await load([...new Set(needed)]);
    checkAbort(opts.signal);
    for (const start of stage) {
      const win = windowOf(index, windowPages(index, start, pl.span(start)));
      const spans = win && findExact(win, q.key, opts.page ?? start, q.punct);
      if (spans && spans.length) return result(index, spans, 1, opts);
    }
  }
  const reread = findInOtherReadings(index, q.key, pl.stages.flat());
  if (reread) return result(index, reread, 1, opts);
  let best: { spans: Span[]; score: number } | null = null;
  const cache: SimilarityCache = new Map();
  let last = Date.now();
  for (const stage of pl.stages) {
    for (const start of stage) {
      const win = windowOf(index, windowPages(index, start, pl.span(start)));
      const m = win && findFuzzy(win, q.words, cache);
      if (m && (!best || m.score > best.score + 0.02)) best = m;
      if (Date.now() - last > 20) {
        await tick();
        checkAbort(opts.signal);
        last = Date.now();
      }
    }
  }
  const min = opts.minScore ?? DEFAULT_MIN_SCORE;
  if (best && best.score >= min) return result(index, best.spans, best.score, opts);
  return notFound(opts, best?.score ?? 0);
}
