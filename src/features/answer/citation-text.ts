// What "Copy citation" puts on the clipboard: the document's title, the page and the quote, on one line, so it
// pastes cleanly into a note, a ticket or an e-mail. Plain text: the answer's data is never HTML.

export interface CitationParts {
  title: string;
  page?: number | undefined;
  section?: string | undefined;
  quote?: string | undefined;
}

/** `Title, p. 4, Section: “the quote”`; the parts that are missing are left out. */
export function citationText({ title, page, section, quote }: CitationParts): string {
  const where = [title.trim(), page !== undefined ? `p. ${page}` : '', section?.trim() ?? ''].filter(Boolean).join(', ');
  const q = quote?.replace(/\s+/g, ' ').trim();
  return q ? `${where}: “${q}”` : where;
}
