// Locating a quote in a PDF's text: exact on the hinted page(s), then neighbours, then the whole document, then
// a fuzzy word alignment. Pure TypeScript, no I/O: works in the browser and in Node.
//
// Found means the document's words: an exact match (after the folding normalize.ts does), or an approximate one
// whose every difference is harmless (differences.ts: spacing, punctuation, character noise). A passage that differs
// by a number, a date, a unit, a negation, a name or a word is not found: it is reported as the closest passage,
// with what differs, so that nobody stores a changed number as verified evidence.
import type { Box } from '../model/types.ts';
import { alignTokens, diffRuns, quoteTokens, type Difference } from './differences.ts';
import { findExact } from './exact-match.ts';
import { findFuzzy, type SimilarityCache } from './fuzzy-match.ts';
import { normalizeText, punctSignature, toKey } from './normalize.ts';
import { findInOtherReadings } from './reading-orders.ts';
import type { MeasureText, PageText } from './page-text.ts';
import { passageWords } from './passage-tokens.ts';
import { spansToRects } from './rects.ts';
import { makeWindow, type Span, type Window } from './search-window.ts';
import { TextIndex, type IndexedPage } from './text-index.ts';
import { DEFAULT_MIN_SCORE } from './min-score.ts';

export type MatchKind = 'exact' | 'approximate' | 'none';

/** A meaningful difference, with the document's differing words marked on their page (empty when the document
 * lacks words the quote has). */
export interface LocatedDifference extends Difference {
  rects: Box[];
}

/** The passage a quote that was not found comes closest to. */
export interface ClosestPassage {
  page: number;
  pageEnd?: number;
  rects: Box[];
  score: number;
  /** What differs between the quote and this passage (meaningful differences only). */
  differences: LocatedDifference[];
}

export interface LocateResult {
  found: boolean;
  /** exact: the document's words; approximate: the same but for harmless noise; none: not found. */
  match: MatchKind;
  /** 1 for an exact match; the fuzzy alignment score (0..1) otherwise. */
  score: number;
  /** Page of the first highlighted word; when not found, the hint (or null). */
  page: number | null;
  /** Last page when the quote runs onto a following page. */
  pageEnd?: number;
  /** Canonical boxes, one per line fragment, possibly on two pages. Empty when not found. */
  rects: Box[];
  /** An approximate match's meaningful differences: always empty (any would make it not found), kept for clients. */
  differences?: LocatedDifference[];
  /** Not found: the best passage the search came up with, when it scored at least the candidate floor. */
  closest?: ClosestPassage;
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
  /** A passage that is not found is reported as `closest` when it scores at least this. Default 0.3. */
  candidateFloor?: number;
}

export interface LocateInDocumentOptions extends LocateOptions {
  pageCount: number;
  getPageText: (page: number) => Promise<PageText>;
  quote: string;
  signal?: AbortSignal;
  /** Pass one index per document to share it across quotes (pages are indexed once, on demand). */
  index?: TextIndex;
}

export const DEFAULT_CANDIDATE_FLOOR = 0.3;

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
  /** The quote's words as the difference classifier reads them (as written, with their folded keys). */
  tokens: ReturnType<typeof quoteTokens>;
}

function prepare(quote: string): Query {
  const raw = typeof quote === 'string' ? quote : String(quote ?? '');
  const normalized = normalizeText(raw);
  const text = normalized.text;
  return { key: toKey(text), words: text.split(' ').filter((w) => w.length > 0), punct: punctSignature(raw), tokens: quoteTokens(raw, normalized) };
}

/** Words of margin around a fuzzy match, where the words a quote changed at its ends lie. */
const MARGIN = 4;

interface Candidate {
  win: Window;
  spans: Span[];
  score: number;
  exact: boolean;
}

/** The verdict on a candidate passage: found (exact, or harmless differences only) or the closest, with why not. */
function judge(index: TextIndex, q: Query, c: Candidate, opts: LocateOptions): LocateResult {
  const words = passageWords(c.win, c.spans, c.exact ? 0 : MARGIN);
  const doc = words.map((w) => w.token);
  const runs = diffRuns(q.tokens, doc, alignTokens(q.tokens, doc));
  const differences: LocatedDifference[] = runs.flatMap((r) =>
    r.difference
      ? [
          {
            ...r.difference,
            rects: spansToRects(
              index.pages,
              r.docTokens.map((i) => ({ page: words[i]!.page, k0: words[i]!.k0, k1: words[i]!.k1 })),
              opts.measure,
            ),
          },
        ]
      : [],
  );
  const clean = differences.length === 0;
  const min = opts.minScore ?? DEFAULT_MIN_SCORE;
  const rects = spansToRects(index.pages, c.spans, opts.measure);
  const pages = c.spans.map((s) => s.page);
  const first = Math.min(...pages);
  const last = Math.max(...pages);
  if (clean && (c.exact || c.score >= min)) {
    const exact = c.exact;
    const res: LocateResult = { found: true, match: exact ? 'exact' : 'approximate', score: c.exact ? 1 : c.score, page: first, rects };
    if (last !== first) res.pageEnd = last;
    if (!exact) res.differences = [];
    return res;
  }
  // A passage whose folded words all agree (so the alignment scored it 1) but whose digits differ ("10.3" / "103")
  // does not score 1: the quote's words in a meaningful difference count against it.
  const differing = runs.reduce((n, r) => n + (r.harmless ? 0 : Math.max(1, r.quoteTokens)), 0);
  const res = notFound(opts, Math.min(c.score, 1 - differing / Math.max(1, q.tokens.length)));
  if (res.score >= (opts.candidateFloor ?? DEFAULT_CANDIDATE_FLOOR)) {
    res.closest = { page: first, rects, score: res.score, differences };
    if (last !== first) res.closest.pageEnd = last;
  }
  return res;
}

function notFound(opts: LocateOptions, score = 0): LocateResult {
  return { found: false, match: 'none', score, page: opts.page ?? null, rects: [] };
}

/** The first exact occurrence in search order whose digits agree too ("1.5" and "15" share a key), else null. */
function exactIn(index: TextIndex, q: Query, win: Window | null, start: number, opts: LocateOptions): LocateResult | null {
  const spans = win && findExact(win, q.key, opts.page ?? start, q.punct);
  if (!win || !spans || spans.length === 0) return null;
  const res = judge(index, q, { win, spans, score: 1, exact: true }, opts);
  return res.found ? res : null;
}

/** The quote whole in another reading of its pages (a table row in content or row order), if its digits agree too. */
function exactInOtherReadings(index: TextIndex, q: Query, pages: number[], opts: LocateOptions): LocateResult | null {
  const spans = findInOtherReadings(index, q.key, pages);
  if (!spans || spans.length === 0) return null;
  const on = [...new Set(spans.map((s) => s.page))].sort((a, b) => a - b).flatMap((p) => index.get(p) ?? []);
  const res = judge(index, q, { win: makeWindow(on), spans, score: 1, exact: true }, opts);
  return res.found ? res : null;
}

/** The best fuzzy candidate so far, or this window's when it scores clearly better. */
function better(best: Candidate | null, win: Window | null, q: Query, cache: SimilarityCache): Candidate | null {
  const m = win && findFuzzy(win, q.words, cache);
  if (m && win && (!best || m.score > best.score + 0.02)) return { win, spans: m.spans, score: m.score, exact: false };
  return best;
}

function settle(index: TextIndex, q: Query, best: Candidate | null, opts: LocateOptions): LocateResult {
  const floor = Math.min(opts.minScore ?? DEFAULT_MIN_SCORE, opts.candidateFloor ?? DEFAULT_CANDIDATE_FLOOR);
  if (best && best.score >= floor) return judge(index, q, best, opts);
  return notFound(opts, best?.score ?? 0);
}

/** Synchronous: locates `quote` among the pages already in `index` (same search order as locateInDocument). */
export function locateInIndex(index: TextIndex, quote: string, opts: LocateOptions = {}): LocateResult {
  const q = prepare(quote);
  if (!q.key) return notFound(opts);
  const count = index.pageCount ?? Math.max(0, ...index.pageNumbers());
  const pl = plan(count, opts.page, opts.pageEnd);
  for (const stage of pl.stages) {
    for (const start of stage) {
      const found = exactIn(index, q, windowOf(index, windowPages(index, start, pl.span(start))), start, opts);
      if (found) return found;
    }
  }
  // a table row, say: whole in pdf.js's content order or in rows across the page (reading-orders.ts)
  const reread = exactInOtherReadings(index, q, pl.stages.flat(), opts);
  if (reread) return reread;
  let best: Candidate | null = null;
  const cache: SimilarityCache = new Map();
  for (const stage of pl.stages) {
    for (const start of stage) best = better(best, windowOf(index, windowPages(index, start, pl.span(start))), q, cache);
  }
  return settle(index, q, best, opts);
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
      const found = exactIn(index, q, windowOf(index, windowPages(index, start, pl.span(start))), start, opts);
      if (found) return found;
    }
  }
  const reread = exactInOtherReadings(index, q, pl.stages.flat(), opts);
  if (reread) return reread;
  let best: Candidate | null = null;
  const cache: SimilarityCache = new Map();
  let last = Date.now();
  for (const stage of pl.stages) {
    for (const start of stage) {
      best = better(best, windowOf(index, windowPages(index, start, pl.span(start))), q, cache);
      if (Date.now() - last > 20) {
        await tick();
        checkAbort(opts.signal);
        last = Date.now();
      }
    }
  }
  return settle(index, q, best, opts);
}
