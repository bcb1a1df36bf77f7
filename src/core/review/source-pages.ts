// What a source claims about where its evidence is, read the same way by the async check and the pure rules.
import type { Source } from '../model/types.ts';
import type { CitationStatus } from './types.ts';

const isPage = (p: unknown): p is number => typeof p === 'number' && Number.isInteger(p) && p >= 1;

/** The words to look for in the document: the quote, else the retrieved passage (as the viewer does). */
export function searchTextOf(source: Source): { text: string; field: 'quote' | 'passage' } | null {
  const quote = typeof source.quote === 'string' ? source.quote.trim() : '';
  if (quote) return { text: quote, field: 'quote' };
  const passage = typeof source.text === 'string' ? source.text.trim() : '';
  if (passage) return { text: passage, field: 'passage' };
  return null;
}

/**
 * The pages a source says its evidence is on, ascending: `pages`, else `page`..`pageEnd`, else the pages of its
 * boxes. Empty when it says nothing (a document-level citation).
 */
export function claimedPages(source: Source): number[] {
  const set = new Set<number>();
  if (Array.isArray(source.pages)) for (const p of source.pages) if (isPage(p)) set.add(p);
  if (set.size === 0 && isPage(source.page)) {
    const end = isPage(source.pageEnd) && source.pageEnd >= source.page ? Math.min(source.pageEnd, source.page + 50) : source.page;
    for (let p = source.page; p <= end; p++) set.add(p);
  }
  if (set.size === 0) for (const b of validBoxes(source)) set.add(b.page);
  return [...set].sort((a, b) => a - b);
}

export function validBoxes(source: Source): NonNullable<Source['boxes']> {
  return Array.isArray(source.boxes) ? source.boxes.filter((b) => !!b && typeof b === 'object' && isPage(b.page)) : [];
}

/** The status of a source with nothing to search: the page it points to, or only its document. */
export function unquotedStatus(source: Source): CitationStatus {
  const pages = claimedPages(source);
  if (pages.length === 0) return { kind: 'document-level' };
  const status: CitationStatus = { kind: 'page-level', page: pages[0]!, boxes: validBoxes(source) };
  if (pages.length > 1) status.pageEnd = pages[pages.length - 1]!;
  return status;
}

/** "page 5", "pages 5–6", "pages 3, 7 and 9". */
export function pagesLabel(pages: readonly number[]): string {
  if (pages.length === 0) return 'no page';
  if (pages.length === 1) return `page ${pages[0]}`;
  const contiguous = pages.every((p, i) => i === 0 || p === pages[i - 1]! + 1);
  if (contiguous) return `pages ${pages[0]}–${pages[pages.length - 1]}`;
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;
}
