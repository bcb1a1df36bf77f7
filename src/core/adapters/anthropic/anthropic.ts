import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocumentFields, tagged } from '../common.ts';
import { matcherFor, type DocumentMatcher, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { compact, SourceTable, type SourceFields } from '../sources.ts';
import type { ReasoningBlock, SourceLocation } from '../../model/types.ts';
import type { Adapter } from '../types.ts';
import { assembleStream, streamEvents } from './stream.ts';

// Anthropic Messages API response. The answer is the concatenation of the `text` content blocks; a block that
// carries `citations` is the claim those citations support. We write `[n]` after each such block and record the
// block as the claim span (UTF-16: JavaScript strings, no conversion). Citation locations:
// - page_location: start_page_number 1-based, end_page_number EXCLUSIVE → page, pageEnd = end − 1 (when > page);
// - char_location: 0-based character range in the document's text, exclusive end → location.charStart/charEnd.
//   The API counts characters of a Python string (code points); the document's text is not in the response, so
//   they are kept as given with `charUnit: 'codepoint'` and converted by whoever loads the text (a text source in
//   the viewer, which also checks them against `cited_text`; identical to UTF-16 unless the text has astral
//   characters);
// - content_block_location: 0-based block range of a custom-content document, exclusive end → location.block*;
// - web_search_result_location: a URL (→ source.url) matched to a document by URL/title;
// - search_result_location: a source string matched by URL/title; search_result_index → location.resultIndex and
//   its block range → location.block*.
// `cited_text` is the quote; `document_index` (0-based, the order documents were sent in) picks the wrapper document,
// `document_title` when the index is absent or null. A recorded stream of events is assembled into the message first.
// `thinking` blocks are the model's reasoning: kept in answer.reasoning, never in the answer text.

// `document_index` is absent or null in SDK printouts and older recordings: the document is then found by its
// `document_title`, as Anthropic's own docs fall back to it ("null counts as absent"). Locations stay required.
const base = { cited_text: opt(z.string()), document_index: opt(nonNegInt), document_title: opt(z.string()) };

const citationTypes = {
  page_location: looseObject({ ...base, start_page_number: pageNumber, end_page_number: pageNumber }),
  char_location: looseObject({ ...base, start_char_index: nonNegInt, end_char_index: nonNegInt }),
  content_block_location: looseObject({ ...base, start_block_index: nonNegInt, end_block_index: nonNegInt }),
  web_search_result_location: looseObject({ cited_text: opt(z.string()), url: z.string(), title: opt(z.string()) }),
  search_result_location: looseObject({
    cited_text: opt(z.string()),
    source: z.string(),
    title: opt(z.string()),
    search_result_index: opt(nonNegInt),
    start_block_index: opt(nonNegInt),
    end_block_index: opt(nonNegInt),
  }),
};
type CitationType = keyof typeof citationTypes;

const blockTypes = {
  text: looseObject({ text: z.string(), citations: opt(z.array(tagged(citationTypes))) }),
  thinking: looseObject({ thinking: opt(z.string()) }),
};

export const anthropicSchema = looseObject({ content: z.array(tagged(blockTypes)) });

export const adaptAnthropic: Adapter = (input) => {
  // A recorded stream is assembled into the message first (stream.ts); error paths are then the message's.
  const events = streamEvents(input.payload);
  const payload = parsePayload('anthropic', anthropicSchema, events ? assembleStream(events) : input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const reasoning: ReasoningBlock[] = [];
  let text = '';

  for (const [b, raw] of payload.content.entries()) {
    if (raw.type === 'thinking') {
      const thought = blockTypes.thinking.parse(raw).thinking;
      if (thought?.trim()) reasoning.push({ text: thought });
      continue;
    }
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
  return {
    answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans, reasoning }),
    warnings,
  };
};

function readCitation(raw: { type: string }, what: string, matcher: DocumentMatcher, warnings: string[]): SourceFields | undefined {
  if (!Object.hasOwn(citationTypes, raw.type)) {
    warnings.push(`${what} has the citation type "${raw.type}", which is not read; it was skipped.`);
    return undefined;
  }
  const type = raw.type as CitationType;
  let ref: DocumentReference;
  let page: number | undefined;
  let pageEnd: number | undefined;
  let url: string | undefined;
  let location: SourceLocation | undefined;
  if (type === 'web_search_result_location') {
    const c = citationTypes[type].parse(raw);
    ref = { url: c.url, title: c.title };
    url = c.url;
  } else if (type === 'search_result_location') {
    const c = citationTypes[type].parse(raw);
    ref = { any: c.source, title: c.title };
    if (/^https?:\/\//i.test(c.source)) url = c.source;
    location = { resultIndex: c.search_result_index, ...blockRange(c.start_block_index, c.end_block_index) };
  } else {
    const c = citationTypes[type].parse(raw);
    ref = { index: c.document_index, title: c.document_title };
    if (type === 'page_location') {
      const p = citationTypes.page_location.parse(raw);
      page = p.start_page_number;
      const last = p.end_page_number - 1;
      if (last > page) pageEnd = last;
      else if (last < page) warnings.push(`${what} ends (exclusive page ${p.end_page_number}) before it starts (page ${page}); only the first page was kept.`);
    } else if (type === 'char_location') {
      const p = citationTypes.char_location.parse(raw);
      if (p.end_char_index >= p.start_char_index) location = { charStart: p.start_char_index, charEnd: p.end_char_index, charUnit: 'codepoint' };
      else warnings.push(`${what} ends (character ${p.end_char_index}) before it starts (${p.start_char_index}); the offsets were not kept.`);
    } else {
      const p = citationTypes.content_block_location.parse(raw);
      location = blockRange(p.start_block_index, p.end_block_index);
      if (!location) warnings.push(`${what} ends (block ${p.end_block_index}) before it starts (${p.start_block_index}); the block range was not kept.`);
    }
  }
  const doc = resolveDocumentFields(matcher, ref, warnings, what);
  if (doc === undefined) return undefined;
  const quote = (raw as { cited_text?: string }).cited_text;
  const where = location ? compact(location) : undefined;
  return { ...doc, page, pageEnd, quote: quote || undefined, url, location: where && Object.keys(where).length > 0 ? where : undefined };
}

/** A 0-based, end-exclusive block range, or undefined when it is absent or backwards. */
function blockRange(start: number | undefined, end: number | undefined): SourceLocation | undefined {
  if (start === undefined || end === undefined || end < start) return undefined;
  return { blockStart: start, blockEnd: end };
}
