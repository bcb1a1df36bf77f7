import type { Source } from '../model/types.ts';
import { locateSource, type TextDocumentModel } from '../text-source/text-document.ts';
import { quoteTooLong, quoteTooLongStatus } from './quote-limit.ts';
import { searchTextOf, unquotedStatus } from './source-pages.ts';
import type { SourceCheck } from './types.ts';

// The review's check of a source in a Markdown or plain-text document: its quote (else its passage) looked up in the
// words the reader sees, with the quote locator's normalizer, where its offsets and section say first (the same
// function the viewer highlights with). The verdicts are the PDF statuses: a text document is one page without
// coordinates, so `located` carries page 1 and no rectangles, and a miss has searched "the whole document".
// Only exact (normalized) matches count: there is no fuzzy alignment for text yet, so an altered quote is reported
// as not found rather than approximate.

export function checkTextSource(doc: TextDocumentModel, source: Source): SourceCheck {
  const search = searchTextOf(source);
  if (!search) return { sourceId: source.id, status: unquotedStatus(source) };
  if (quoteTooLong(search.text)) return { sourceId: source.id, status: quoteTooLongStatus(search.text) };
  const passage = locateSource(doc, source, search.text);
  if (!passage.quoteMissing && (passage.by === 'offsets' || passage.by === 'quote')) {
    return { sourceId: source.id, status: { kind: 'located', page: 1, rects: [] } };
  }
  return {
    sourceId: source.id,
    status: { kind: 'not-located', searched: { hintedPages: [], nearbyPages: [], wholeDocument: true, pageCount: 1, pagesWithoutText: [] } },
  };
}
