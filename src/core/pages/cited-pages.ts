// Which pages of one document the answer cites, and with which marker numbers: the viewer's thumbnails carry them
// as badges. Built from the answer model (the markers the reader sees), so a badge never shows a number that is not
// a marker in the answer. A source that names its page only by its printed label keeps the label: the viewer
// resolves it once it has read the document's labels.

import type { AnswerModel } from '../model/answer-model.ts';
import { sourceFirstPage } from '../model/resolve.ts';
import type { Source } from '../model/types.ts';
import { claimedPages } from '../review/source-pages.ts';
import type { CitationStatus } from '../review/types.ts';
import { resolvePageLabel } from './page-labels.ts';

export interface PageCitation {
  sourceId: string;
  /** The marker keys that cite this source ("2", "S2"), in order of first appearance, without repeats. */
  markers: string[];
  /** Physical pages (1-based) the source names; empty when it names only a printed label or no page. */
  pages: number[];
  /** The printed label, used when `pages` is empty. */
  pageLabel?: string;
  /**
   * Where the review's checks found the quote, when the source names no page or other pages than those (withFoundPages):
   * pages the viewer makes ready to draw, never badges (the answer does not cite them by number).
   */
  foundPages?: number[];
  /**
   * The quote a click on the citation looks for, with the page it names (the citation's target's own): the viewer
   * locates it ahead, while the reader reads, so that the click draws its highlight at once. Absent for a source with
   * boxes (drawn with no search) and for a quote that names no page (the whole document would be read for it).
   */
  quote?: CitedQuote;
}

export interface CitedQuote {
  quote: string;
  page: number;
  pageEnd?: number;
}

/** The quote a citation's target searches (app/navigation/citation-target.ts), when it names a page and has no boxes. */
function citedQuote(source: Source): CitedQuote | undefined {
  if (source.boxes?.length) return undefined;
  const quote = (source.quote ?? source.text)?.trim();
  const page = sourceFirstPage(source);
  if (!quote || page === undefined) return undefined;
  return { quote, page, ...(source.pageEnd !== undefined && { pageEnd: source.pageEnd }) };
}

/** The cited passages of `documentId`, one per source, in order of first citation. */
export function pageCitations(model: AnswerModel, documentId: string): PageCitation[] {
  const bySource = new Map<string, PageCitation>();
  const add = (key: string, sourceId: string) => {
    const source = model.sources.find((s) => s.id === sourceId);
    if (!source || source.documentId !== documentId) return;
    let entry = bySource.get(source.id);
    if (!entry) {
      entry = { sourceId: source.id, markers: [], pages: claimedPages(source) };
      if (typeof source.pageLabel === 'string' && source.pageLabel.trim()) entry.pageLabel = source.pageLabel.trim();
      const quote = citedQuote(source);
      if (quote) entry.quote = quote;
      bySource.set(source.id, entry);
    }
    if (!entry.markers.includes(key)) entry.markers.push(key);
  };
  for (const group of model.markdown.markers) {
    for (const ref of group.refs) {
      const source = model.resolve(ref.key);
      if (source) add(ref.key, source.id);
    }
  }
  // Providers that give claim spans (no marker in the text before the adapter wrote one) still cite pages.
  for (const c of model.explicitCitations) add(c.key, c.sourceId);
  return [...bySource.values()];
}

/**
 * Page → marker keys, for a document of `pageCount` pages with the given labels. A label that names no single page
 * gives no badge (the viewer says why when that citation is opened); pages outside the document are dropped.
 */
export function markersByPage(citations: readonly PageCitation[], labels: readonly string[] | null, pageCount: number): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const c of citations) {
    for (const page of namedPages(c, labels, pageCount)) {
      const list = map.get(page) ?? [];
      for (const m of c.markers) if (!list.includes(m)) list.push(m);
      map.set(page, list);
    }
  }
  return map;
}

/** The pages a citation names, its printed label resolved; only pages of the document. */
function namedPages(c: PageCitation, labels: readonly string[] | null, pageCount: number): number[] {
  let pages = c.pages;
  if (pages.length === 0 && c.pageLabel) {
    const r = resolvePageLabel(labels, c.pageLabel, pageCount);
    pages = r.kind === 'page' ? [r.page] : [];
  }
  return pages.filter((p) => p >= 1 && p <= pageCount);
}

/**
 * The pages a click on one of the citations may open, in the order the answer first cites them, without repeats: the
 * pages each names, then those its quote was found on. What the viewer makes ready to draw.
 */
export function citedPagesInOrder(citations: readonly PageCitation[], labels: readonly string[] | null, pageCount: number): number[] {
  const pages = new Set<number>();
  for (const c of citations) {
    for (const p of namedPages(c, labels, pageCount)) pages.add(p);
    for (const p of c.foundPages ?? []) if (Number.isInteger(p) && p >= 1 && p <= pageCount) pages.add(p);
  }
  return [...pages];
}

/** The first and last page a check found the quote on, when it found it elsewhere than the source's named pages. */
function foundRange(status: CitationStatus | undefined, named: readonly number[]): [number, number] | null {
  switch (status?.kind) {
    case 'located':
    case 'approximate':
      // On a named page already, or anywhere when none is named.
      return named.length === 0 ? [status.page, status.pageEnd ?? status.page] : null;
    case 'wrong-page':
      return [status.foundPage, status.foundPageEnd ?? status.foundPage];
    case 'differs':
      // the viewer draws the passage the quote was taken from: make its page ready when it is not a named one
      return named.includes(status.page) ? null : [status.page, status.pageEnd ?? status.page];
    default:
      return null;
  }
}

/** For each citation, the pages the review's checks (`statuses` by source id) found its quote on elsewhere, or null. */
export function foundPagesOf(
  citations: readonly PageCitation[],
  statuses: Readonly<Record<string, { status: CitationStatus } | undefined>>,
): (number[] | null)[] {
  return citations.map((c) => {
    const range = foundRange(statuses[c.sourceId]?.status, c.pages);
    if (!range) return null;
    const [first, last] = range;
    // A quote may run over a page break; a longer range is a bad result, and only its first page is made ready.
    return last === first + 1 ? [first, last] : [first];
  });
}

/** `citations` with their `foundPages` (foundPagesOf, in the same order); the same array when there are none. */
export function withFoundPages(citations: PageCitation[], found: readonly (number[] | null)[]): PageCitation[] {
  if (!found.some((pages) => pages?.length)) return citations;
  return citations.map((c, i) => {
    const pages = found[i];
    return pages?.length ? { ...c, foundPages: pages } : c;
  });
}

/** Whether two results of foundPagesOf list the same pages for each citation. */
export function sameFoundPages(a: readonly (readonly number[] | null)[], b: readonly (readonly number[] | null)[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((pages, i) => {
    const other = b[i] ?? null;
    if (pages === null || other === null) return pages === other;
    return pages.length === other.length && pages.every((p, j) => p === other[j]);
  });
}
