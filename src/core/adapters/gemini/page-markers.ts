// Page markers some retrieval backends write into chunk text (Gemini File Search: `--- PAGE 3 ---`). They are not
// the document's words: stripped from the passage, they give its pages.

export interface PagedText {
  text: string;
  /** 1-based page of the passage's first words. */
  page?: number;
  /** Last page, when the passage crosses a marker. */
  pageEnd?: number;
}

const MARKER = /^[ \t]*-{2,}[ \t]*PAGE[ \t]+(\d{1,6})[ \t]*-{2,}[ \t]*(?:\r?\n|$)/gim;

/**
 * Strips `--- PAGE n ---` lines. Text before the first marker is on the page before it, so a chunk that starts
 * mid-page and crosses into page n has page n − 1 and pageEnd n.
 */
export function stripPageMarkers(text: string): PagedText {
  const pages: number[] = [];
  let before = '';
  let first = true;
  const stripped = text.replace(MARKER, (_m, n: string, offset: number) => {
    if (first) before = text.slice(0, offset);
    first = false;
    pages.push(Number(n));
    return '';
  });
  if (pages.length === 0) return { text };
  const out: PagedText = { text: stripped.replace(/\n{3,}/g, '\n\n').trim() };
  const starts = before.trim() !== '' && pages[0]! > 1 ? pages[0]! - 1 : pages[0]!;
  const last = Math.max(...pages);
  if (starts >= 1) out.page = starts;
  if (out.page !== undefined && last > out.page) out.pageEnd = last;
  return out;
}
