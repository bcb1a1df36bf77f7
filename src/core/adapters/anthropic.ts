import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocument, tagged } from './common.ts';
import { DocumentMatcher, type DocumentReference } from './documents.ts';
import { parsePayload } from './errors.ts';
import { insertMarkers, type CitedSpan } from './markers.ts';
import { SourceTable, type SourceFields } from './sources.ts';
import type { Adapter } from './types.ts';

// Anthropic Messages API response. The answer is the concatenation of the `text` content blocks; a block that
// carries `citations` is the claim those citations support. We write `[n]` after each such block and record the
// block as the claim span (UTF-16: JavaScript strings, no conversion). Citation locations:
// - page_location: start_page_number 1-based, end_page_number EXCLUSIVE → page, pageEnd = end − 1 (when > page);
// - char_location: 0-based character range in the document's text, exclusive end → no page (the viewer finds the quote);
// - content_block_location: 0-based block range of a custom-content document, exclusive end → no page;
// - web_search_result_location / search_result_location: a URL or source string, matched to a document by URL/title.
// `cited_text` is the quote; `document_index` (0-based, the order documents were sent in) picks the wrapper document.

const base = { cited_text: z.string(), document_title: opt(z.string()) };

const citationTypes = {
  page_location: looseObject({ ...base, document_index: nonNegInt, start_page_number: pageNumber, end_page_number: pageNumber }),
  char_location: looseObject({ ...base, document_index: nonNegInt, start_char_index: nonNegInt, end_char_index: nonNegInt }),
  content_block_location: looseObject({ ...base, document_index: nonNegInt, start_block_index: nonNegInt, end_block_index: nonNegInt }),
  web_search_result_location: looseObject({ cited_text: z.string(), url: z.string(), title: opt(z.string()) }),
  search_result_location: looseObject({ cited_text: z.string(), source: z.string(), title: opt(z.string()) }),
};
type CitationType = keyof typeof citationTypes;

const blockTypes = {
  text: looseObject({ text: z.string(), citations: opt(z.array(tagged(citationTypes))) }),
};

export const anthropicSchema = looseObject({ content: z.array(tagged(blockTypes)) });

export const adaptAnthropic: Adapter = (input) => {
  const payload = parsePayload('anthropic', anthropicSchema, input.payload);
  const matcher = new DocumentMatcher(input.documents);
  const table = new SourceTable();
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  let text = '';

  for (const [b, raw] of payload.content.entries()) {
    if (raw.type !== 'text') continue;
    const block = blockTypes.text.parse(raw);
    const start = text.length;
    text += block.text;
    for (const [k, rawCitation] of (block.citations ?? []).entries()) {
      const what = `content[${b}].citations[${k}]`;
      const fields = readCitation(rawCitation, what, matcher, warnings);
      if (!fields) continue;
      const { source, n } = table.add(fields);
      cited.push({ start, end: text.length, sourceId: source.id, n });
    }
  }

  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};

function readCitation(
  raw: { type: string },
  what: string,
  matcher: DocumentMatcher,
  warnings: string[],
): SourceFields | undefined {
  if (!Object.hasOwn(citationTypes, raw.type)) {
    warnings.push(`${what} has the citation type "${raw.type}", which is not read; it was skipped.`);
    return undefined;
  }
  const type = raw.type as CitationType;
  let ref: DocumentReference;
  let page: number | undefined;
  let pageEnd: number | undefined;
  if (type === 'web_search_result_location') {
    const c = citationTypes[type].parse(raw);
    ref = { url: c.url, title: c.title };
  } else if (type === 'search_result_location') {
    const c = citationTypes[type].parse(raw);
    ref = { any: c.source, title: c.title };
  } else {
    const c = citationTypes[type].parse(raw);
    ref = { index: c.document_index, title: c.document_title };
    if (type === 'page_location') {
      const p = citationTypes.page_location.parse(raw);
      page = p.start_page_number;
      const last = p.end_page_number - 1;
      if (last > page) pageEnd = last;
      else if (last < page) warnings.push(`${what} ends (exclusive page ${p.end_page_number}) before it starts (page ${page}); only the first page was kept.`);
    }
  }
  const documentId = resolveDocument(matcher, ref, warnings, what);
  if (documentId === undefined) return undefined;
  const quote = (raw as { cited_text?: string }).cited_text;
  return { documentId, page, pageEnd, quote: quote || undefined };
}
