// The async half of the review: look each source's words up in its document with the quote locator, and read the
// text under its provider boxes. Works wherever pages can be had as `PageText`: the viewer's text cache (browser)
// and `loadPdf` (Node, src/node/load-pdf.ts) both give `pageCount` + `getPageText` (+ a shared `TextIndex`).
//
// It never blocks for long: the locator's `locateInDocument` fetches and indexes pages on demand and yields between
// pages and fuzzy windows; box pages are read one at a time with a yield between. Pass one `TextIndex` per document
// (the viewer's cache has one) so every source of that document shares the pages already indexed.
import { toCanonicalBoxes } from '../coords/conventions.ts';
import { locateInDocument, type ClosestPassage, type LocateResult } from '../locate/locate.ts';
import type { MeasureText, PageText } from '../locate/page-text.ts';
import { TextIndex } from '../locate/text-index.ts';
import type { CoordsDescriptor, Source } from '../model/types.ts';
import { quoteTooLong, quoteTooLongStatus } from './quote-limit.ts';
import { claimedPages, searchTextOf, unquotedStatus, validBoxes } from './source-pages.ts';
import { foundContext } from './evidence-context.ts';
import { quoteCoverage, textUnderBoxesInIndex } from './text-under-boxes.ts';
import { resolveConfig, type BoxTextCheck, type CitationStatus, type ReviewConfig, type SearchedScope, type SourceCheck } from './types.ts';

/** One loaded document, as the viewer's text cache and the CLI's `loadPdf` expose it. */
export interface DocumentText {
  pageCount: number;
  getPageText(page: number): Promise<PageText>;
  /** The document's shared text index; one is made when absent (then pages are indexed again per call). */
  index?: TextIndex;
  /** Width measurer for exact character boxes (the browser's canvas); default proportional to character count. */
  measure?: MeasureText;
}

export interface CheckSourceOptions {
  config?: Partial<ReviewConfig>;
  /** The answer's default box convention (`Answer.coords`); a source's own `coords` wins. */
  coords?: CoordsDescriptor;
  signal?: AbortSignal;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Indexes `page` once, sharing in-flight loads through `index.pending` exactly as the locator does. */
async function ensurePage(index: TextIndex, doc: DocumentText, page: number): Promise<boolean> {
  if (index.has(page)) return true;
  let pending = index.pending.get(page);
  if (!pending) {
    pending = (async () => {
      try {
        const pt = await doc.getPageText(page);
        index.addPage({ ...pt, page });
      } finally {
        index.pending.delete(page);
      }
    })();
    index.pending.set(page, pending);
  }
  try {
    await pending;
    return true;
  } catch {
    return false; // an unreadable page is reported as unread, not as an error of the whole check
  }
}

const pageHasText = (index: TextIndex, p: number) => (index.get(p)?.key.length ?? 0) > 0;

const contiguous = (pages: readonly number[]) => pages.every((p, i) => i === 0 || p === pages[i - 1]! + 1);

/** The order the locator searched in (locate.ts `plan`), for telling the reviewer what was looked at. */
function searchedScope(index: TextIndex, pageCount: number, claimed: number[]): SearchedScope {
  const hinted = claimed.length === 0 ? [] : contiguous(claimed) ? claimed.filter((p) => p <= claimed[0]! + 3) : [claimed[0]!];
  const valid = (p: number) => p >= 1 && p <= pageCount && !hinted.includes(p);
  const first = hinted[0];
  const nearby = first === undefined ? [] : [first - 2, first - 1, first + 1, first + 2].filter(valid);
  const pages = index.pageNumbers();
  return {
    hintedPages: hinted.filter((p) => p <= pageCount),
    nearbyPages: nearby,
    wholeDocument: pages.length >= pageCount,
    pageCount,
    pagesWithoutText: pages.filter((p) => !pageHasText(index, p)),
  };
}

function located(res: LocateResult, claimed: number[], text: string): CitationStatus {
  const page = res.page ?? 1;
  const pageEnd = res.pageEnd ?? page;
  const onClaimed = claimed.length === 0 || claimed.some((p) => p >= page && p <= pageEnd);
  if (!onClaimed) {
    const s: CitationStatus = { kind: 'wrong-page', score: res.score, foundPage: page, claimedPages: claimed, rects: res.rects, text };
    if (res.pageEnd !== undefined) s.foundPageEnd = res.pageEnd;
    return s;
  }
  if (res.score >= 1) {
    const s: CitationStatus = { kind: 'located', page, rects: res.rects };
    if (res.pageEnd !== undefined) s.pageEnd = res.pageEnd;
    return s;
  }
  const s: CitationStatus = { kind: 'approximate', score: res.score, page, rects: res.rects, text };
  if (res.pageEnd !== undefined) s.pageEnd = res.pageEnd;
  return s;
}

function differs(closest: ClosestPassage, claimed: number[], text: string): CitationStatus {
  const s: CitationStatus = {
    kind: 'differs',
    score: closest.score,
    page: closest.page,
    claimedPages: claimed,
    rects: closest.rects,
    text,
    differences: closest.differences,
  };
  if (closest.pageEnd !== undefined) s.pageEnd = closest.pageEnd;
  return s;
}

async function boxCheck(
  doc: DocumentText,
  index: TextIndex,
  source: Source,
  opts: CheckSourceOptions,
  config: ReviewConfig,
): Promise<BoxTextCheck | undefined> {
  const boxes = validBoxes(source);
  if (boxes.length === 0) return undefined;
  const pages = [...new Set(boxes.map((b) => b.page))].filter((p) => p <= doc.pageCount).sort((a, b) => a - b);
  const read: number[] = [];
  for (const p of pages) {
    checkAbort(opts.signal);
    if (await ensurePage(index, doc, p)) read.push(p);
    await tick();
  }
  if (read.length === 0) return undefined;
  const { boxes: canonical } = toCanonicalBoxes(boxes, source.coords ?? opts.coords, (p) => index.get(p)?.frame);
  const under = textUnderBoxesInIndex(index, canonical, doc.measure);
  const pagesWithoutText = read.filter((p) => !pageHasText(index, p));
  const search = searchTextOf(source);
  const canTell = !!search && !quoteTooLong(search.text) && pagesWithoutText.length < read.length;
  const coverage = canTell ? quoteCoverage(search.text, under.normalized) : null;
  return {
    pages: read,
    text: under.text,
    coverage,
    matches: coverage === null ? null : coverage >= config.highlightCoverage,
    pagesWithoutText,
  };
}

/**
 * Locate one source's quote (or passage) in its document and read the text under its boxes. Rejects only when
 * `signal` aborts; pages that fail to load are skipped.
 */
export async function checkSource(doc: DocumentText, source: Source, opts: CheckSourceOptions = {}): Promise<SourceCheck> {
  const config = resolveConfig(opts.config);
  const index = doc.index ?? new TextIndex(doc.pageCount);
  const shared: DocumentText = { ...doc, index };
  const claimed = claimedPages(source).filter((p) => p <= doc.pageCount);
  const search = searchTextOf(source);

  let status: CitationStatus;
  if (!search) {
    status = unquotedStatus(source);
  } else if (quoteTooLong(search.text)) {
    status = quoteTooLongStatus(search.text);
  } else {
    const res = await locateInDocument({
      pageCount: doc.pageCount,
      getPageText: doc.getPageText,
      quote: search.text,
      page: claimed[0],
      // a page range widens the first window; scattered pages ("pages": [3, 7]) only hint the first
      pageEnd: claimed.length > 1 && contiguous(claimed) ? claimed[claimed.length - 1] : undefined,
      index,
      signal: opts.signal,
      measure: doc.measure,
      minScore: config.locateMinScore,
      // Anything above the candidate floor comes back as the closest passage, with what differs.
      candidateFloor: config.candidateFloor,
    });
    const textOf = (rects: LocateResult['rects']) => textUnderBoxesInIndex(index, rects, doc.measure).text;
    const closest = res.closest;
    if (res.found) {
      status = located(res, claimed, textOf(res.rects));
    } else if (closest && closest.score >= config.locateMinScore && closest.differences.length > 0) {
      // The passage the quote was taken from, saying something else: an error of its own, never "approximate".
      status = differs(closest, claimed, textOf(closest.rects));
    } else {
      const pages = index.pageNumbers();
      if (pages.length >= doc.pageCount && pages.every((p) => !pageHasText(index, p))) {
        status = { kind: 'no-text-layer', pageCount: doc.pageCount };
      } else {
        status = { kind: 'not-located', searched: searchedScope(index, doc.pageCount, claimed) };
        if (closest) {
          status.closest = { page: closest.page, text: textOf(closest.rects), score: closest.score, rects: closest.rects, differences: closest.differences };
          if (closest.pageEnd !== undefined) status.closest.pageEnd = closest.pageEnd;
        }
      }
    }
  }
  const check: SourceCheck = { sourceId: source.id, status };
  const context = foundContext(status, search?.text, (p) => index.get(p)?.text);
  if (context) check.context = context;
  const boxes = await boxCheck(shared, index, source, opts, config);
  if (boxes) check.boxes = boxes;
  return check;
}

/** Check several sources of one document in turn, sharing one text index. Keyed by S-ID. */
export async function checkSources(doc: DocumentText, sources: readonly Source[], opts: CheckSourceOptions = {}): Promise<Record<string, SourceCheck>> {
  const shared: DocumentText = { ...doc, index: doc.index ?? new TextIndex(doc.pageCount) };
  const out: Record<string, SourceCheck> = {};
  for (const source of sources) {
    checkAbort(opts.signal);
    out[source.id] = await checkSource(shared, source, opts);
  }
  return out;
}
