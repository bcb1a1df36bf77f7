import { z } from 'zod';
import type { ReasoningBlock, SourceLocation } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, nonNegInt, opt } from '../common.ts';
import { matcherFor, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable, type SourceFields } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Amazon Bedrock, two APIs:
// - Converse with document citations: `output.message.content[]` blocks, `{ text }` or `{ citationsContent:
//   { content: [{ text }], citations: [...] } }`. The answer is the blocks' text concatenated; a citationsContent
//   block is the claim its citations support (`[n]` after it, as for Anthropic, whose citations Bedrock passes on).
//   Citation `location` is one of `documentChar` / `documentPage` / `documentChunk { documentIndex, start, end }`
//   (0-based document index in the request; pages 1-based with `end` EXCLUSIVE, as Anthropic's page_location — a
//   one-page citation is start 1, end 2; char and chunk ranges end exclusive), `web { url }` or
//   `searchResultLocation { searchResultIndex, start, end }`. `sourceContent[].text` is the cited text → quote.
// - Knowledge Bases RetrieveAndGenerate: `output.text` and `citations[]`, each a claim
//   `generatedResponsePart.textResponsePart { text, span { start, end } }` — span end INCLUSIVE, offsets in UTF-16
//   characters (a Java service), verified against `text` and repaired when they miss (flagged) — with the
//   `retrievedReferences[]` supporting it: `content.text` → text (the retrieved chunk), `location` (s3Location.uri,
//   webLocation.url, …) → document and url, metadata `x-amz-bedrock-kb-document-page-number` (1-based) → page,
//   `x-amz-bedrock-kb-chunk-id` → chunkId.

const range = looseObject({ documentIndex: opt(nonNegInt), start: opt(nonNegInt), end: opt(nonNegInt) });
const citationSchema = looseObject({
  title: opt(z.string()),
  source: opt(z.string()),
  sourceContent: opt(z.array(looseObject({ text: opt(z.string()) }))),
  location: opt(
    looseObject({
      documentChar: opt(range),
      documentPage: opt(range),
      documentChunk: opt(range),
      web: opt(looseObject({ url: opt(z.string()), domain: opt(z.string()) })),
      searchResultLocation: opt(looseObject({ searchResultIndex: opt(nonNegInt), start: opt(nonNegInt), end: opt(nonNegInt) })),
    }),
  ),
});
type Citation = z.infer<typeof citationSchema>;
const blockSchema = looseObject({
  text: opt(z.string()),
  citationsContent: opt(looseObject({ content: opt(z.array(looseObject({ text: opt(z.string()) }))), citations: opt(z.array(citationSchema)) })),
  reasoningContent: opt(looseObject({ reasoningText: opt(looseObject({ text: opt(z.string()) })) })),
});
const converseSchema = looseObject({ output: looseObject({ message: looseObject({ content: z.array(blockSchema) }) }) });

const urlOf = looseObject({ uri: opt(z.string()), url: opt(z.string()), id: opt(z.string()) });
const referenceSchema = looseObject({
  content: opt(looseObject({ text: opt(z.string()) })),
  location: opt(z.record(z.string(), z.unknown())),
  metadata: opt(z.record(z.string(), z.unknown())),
});
const kbSchema = looseObject({
  output: looseObject({ text: z.string() }),
  citations: opt(
    z.array(
      looseObject({
        generatedResponsePart: opt(
          looseObject({
            textResponsePart: opt(looseObject({ text: opt(z.string()), span: opt(looseObject({ start: opt(nonNegInt), end: opt(nonNegInt) })) })),
          }),
        ),
        retrievedReferences: opt(z.array(referenceSchema)),
      }),
    ),
  ),
});

/** Converse when `output.message` is there, RetrieveAndGenerate otherwise. */
export function bedrockSchemaFor(payload: unknown) {
  const output = typeof payload === 'object' && payload !== null ? (payload as { output?: unknown }).output : undefined;
  return typeof output === 'object' && output !== null && 'message' in output ? converseSchema : kbSchema;
}

export const adaptBedrock: Adapter = (input) => (bedrockSchemaFor(input.payload) === converseSchema ? adaptConverse(input) : adaptKnowledgeBase(input));

const adaptConverse: Adapter = (input) => {
  const blocks = parsePayload('bedrock', converseSchema, input.payload).output.message.content;
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const reasoning: ReasoningBlock[] = [];
  let text = '';
  for (const [b, block] of blocks.entries()) {
    if (block.text !== undefined) text += block.text;
    const reasoned = block.reasoningContent?.reasoningText?.text;
    if (reasoned) reasoning.push({ text: reasoned });
    const cc = block.citationsContent;
    if (!cc) continue;
    const start = text.length;
    text += (cc.content ?? []).map((c) => c.text ?? '').join('');
    for (const [k, c] of (cc.citations ?? []).entries()) {
      const what = `output.message.content[${b}].citationsContent.citations[${k}]`;
      const read = readConverseCitation(c, what, warnings);
      const doc = citedDocument(matcher, input.documents, read.ref, warnings, what, read.url);
      if (!doc) continue;
      const { source, n } = table.add({ ...doc, ...read.fields });
      cited.push({ start, end: text.length, sourceId: source.id, n });
    }
  }
  const marked = insertMarkers(text, cited);
  const answer = assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans });
  if (reasoning.length > 0) answer.reasoning = reasoning;
  return { answer, warnings };
};

interface Read {
  ref: DocumentReference;
  fields: Omit<SourceFields, 'documentId' | 'url'>;
  url?: string;
}

function readConverseCitation(c: Citation, what: string, warnings: string[]): Read {
  const quote = (c.sourceContent ?? []).map((s) => s.text ?? '').join('') || undefined;
  const loc = c.location;
  const ref: DocumentReference = { title: c.title, any: c.source };
  const fields: Read['fields'] = { quote };
  let url: string | undefined;
  const location: SourceLocation = {};
  if (loc?.documentPage) {
    const { documentIndex, start, end } = loc.documentPage;
    ref.index = documentIndex;
    if (start !== undefined && start >= 1) {
      fields.page = start;
      if (end !== undefined && end - 1 > start) fields.pageEnd = end - 1;
      else if (end !== undefined && end <= start)
        warnings.push(`${what} ends (exclusive page ${end}) before it starts (page ${start}); only the first page was kept.`);
    } else if (start !== undefined) {
      warnings.push(`${what} starts at page ${start}, which is not a 1-based page; the page was not kept.`);
    }
  } else if (loc?.documentChar) {
    ref.index = loc.documentChar.documentIndex;
    location.charStart = loc.documentChar.start;
    location.charEnd = loc.documentChar.end;
  } else if (loc?.documentChunk) {
    ref.index = loc.documentChunk.documentIndex;
    location.blockStart = loc.documentChunk.start;
    location.blockEnd = loc.documentChunk.end;
  } else if (loc?.web) {
    ref.url = loc.web.url;
    url = loc.web.url;
  } else if (loc?.searchResultLocation) {
    location.resultIndex = loc.searchResultLocation.searchResultIndex;
    location.blockStart = loc.searchResultLocation.start;
    location.blockEnd = loc.searchResultLocation.end;
  }
  const kept = Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined));
  if (Object.keys(kept).length > 0) fields.location = kept;
  return { ref, fields, url };
}

const adaptKnowledgeBase: Adapter = (input) => {
  const payload = parsePayload('bedrock', kbSchema, input.payload);
  const text = payload.output.text;
  const mapper = offsetMapper(text, 'utf16');
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}]`;
    const part = c.generatedResponsePart?.textResponsePart;
    const span = part?.span;
    let range: { start: number; end: number } | undefined;
    let problem: string | undefined;
    if (span?.end !== undefined) {
      // The end is inclusive: the last character of the claim.
      const r = resolveSpan(text, mapper, span.start ?? 0, span.end + 1, part?.text || undefined);
      if (r.ok) range = { start: r.start, end: r.end };
      problem = r.ok ? r.repaired : r.reason;
    } else if (part?.text && text.includes(part.text)) {
      const at = text.indexOf(part.text);
      range = { start: at, end: at + part.text.length };
    } else {
      problem = 'it gives no span';
    }
    const refs = c.retrievedReferences ?? [];
    if (refs.length === 0) warnings.push(`${what} names no retrieved reference; it cites nothing.`);
    for (const [k, r] of refs.entries()) {
      const where = `${what}.retrievedReferences[${k}]`;
      const read = readReference(r, where, warnings);
      const doc = citedDocument(matcher, input.documents, read.ref, warnings, where, read.url);
      if (!doc) continue;
      const { source, n } = table.add({ ...doc, ...read.fields });
      if (problem) addFlag(source, { code: 'offset-out-of-range', message: `The claim of ${what}: ${problem}.` });
      cited.push({ ...(range ?? { start: text.length, end: text.length }), sourceId: source.id, n });
    }
    if (!range && refs.length > 0) warnings.push(`${what}: ${problem}; its markers were put at the end of the answer.`);
  }
  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};

const PAGE_KEY = 'x-amz-bedrock-kb-document-page-number';

function readReference(r: z.infer<typeof referenceSchema>, where: string, warnings: string[]): Read {
  // The location is a union keyed by its type: s3Location, webLocation, confluenceLocation, … each with a uri or url.
  let address: string | undefined;
  for (const [key, value] of Object.entries(r.location ?? {})) {
    if (!key.endsWith('Location')) continue;
    const u = urlOf.safeParse(value);
    address ??= u.success ? (u.data.uri ?? u.data.url ?? u.data.id) : undefined;
  }
  const meta = r.metadata ?? {};
  const sourceUri = typeof meta['x-amz-bedrock-kb-source-uri'] === 'string' ? meta['x-amz-bedrock-kb-source-uri'] : undefined;
  const chunkId = typeof meta['x-amz-bedrock-kb-chunk-id'] === 'string' ? meta['x-amz-bedrock-kb-chunk-id'] : undefined;
  const rawPage = meta[PAGE_KEY];
  const pageNumber = typeof rawPage === 'string' ? Number(rawPage) : rawPage;
  let page: number | undefined;
  if (typeof pageNumber === 'number' && Number.isInteger(pageNumber) && pageNumber >= 1) page = pageNumber;
  else if (rawPage !== undefined) warnings.push(`${where} has ${PAGE_KEY} ${JSON.stringify(rawPage)}, which is not a 1-based page; the page was not kept.`);
  const url = address ?? sourceUri;
  return {
    ref: { url, any: sourceUri },
    fields: { text: r.content?.text || undefined, chunkId, page },
    // Only a web address is worth showing as the source's URL; an s3:// URI is how the document was found.
    url: url && /^https?:/i.test(url) ? url : undefined,
  };
}
