import { z } from 'zod';
import type { DocumentRef } from '../../model/types.ts';
import { looseObject, nonNegInt, opt } from '../common.ts';
import type { DocumentReference } from '../documents.ts';
import { bestChunk, type RetrievedChunk } from './openai-file-search.ts';
import { enclosingLink, inlineLinkRange, sentenceBefore } from './openai-text.ts';
import { resolveSpan, type OffsetMapper, type SpanResolution } from '../offsets.ts';
import type { SourceFields } from '../sources.ts';

// Reads one OpenAI annotation into: the document it names, the source fields, and where its marker goes.

export const annotationTypes = {
  file_citation: looseObject({
    file_id: opt(z.string()),
    filename: opt(z.string()),
    index: opt(nonNegInt),
    text: opt(z.string()),
    start_index: opt(nonNegInt),
    end_index: opt(nonNegInt),
    file_citation: opt(looseObject({ file_id: z.string(), quote: opt(z.string()) })),
  }),
  // Responses and Chat Completions put `url` and `title` on the annotation; Assistants v2 (Azure AI Foundry agents
  // grounding with Bing) nest them in `url_citation` and mark a `【3:0†source】` placeholder (`text`).
  url_citation: looseObject({
    url: opt(z.string()),
    title: opt(z.string()),
    text: opt(z.string()),
    start_index: opt(nonNegInt),
    end_index: opt(nonNegInt),
    url_citation: opt(looseObject({ url: opt(z.string()), title: opt(z.string()) })),
  }),
  container_file_citation: looseObject({
    file_id: z.string(),
    container_id: opt(z.string()),
    filename: opt(z.string()),
    start_index: opt(nonNegInt),
    end_index: opt(nonNegInt),
  }),
  file_path: looseObject({
    file_id: opt(z.string()),
    index: opt(nonNegInt),
    text: opt(z.string()),
    start_index: opt(nonNegInt),
    end_index: opt(nonNegInt),
    file_path: opt(looseObject({ file_id: z.string() })),
  }),
};

/** A file the model made (code interpreter): cited like a document, stored in the provider's container. */
export interface GeneratedRef {
  fileId: string;
  containerId?: string;
  filename?: string;
}

export interface ReadAnnotation {
  /** A document the wrapper should list. */
  ref?: DocumentReference;
  /** Or a generated file: a wrapper document if one is that file, else a document the adapter adds. */
  generated?: GeneratedRef;
  fields: Omit<SourceFields, 'documentId'>;
  /** Text to take out: a placeholder (replaced by the marker) or OpenAI's inline link (deleted). */
  replace?: { start: number; end: number; with: 'marker' | 'nothing' };
  /** Where the marker goes: a point (start === end) or after a claim span. */
  at: { start: number; end: number };
  flag?: string;
  note?: string;
}

export interface PartContext {
  text: string;
  mapper: OffsetMapper;
  what: string;
  warnings: string[];
  /** file_search results of the whole response. */
  chunks: readonly RetrievedChunk[];
  /** Where the claim of a point citation may start at the earliest (after the previous citation in the part). */
  floor: number;
}

/** An Assistants citation placeholder, `【6:0†source】`. */
const PLACEHOLDER = /^【[^【】]*】$/;

/**
 * Where an annotation is: its offsets (code points), checked against the text it names; without offsets, the
 * first occurrence of that text (Assistants deltas carry a placeholder but no position).
 */
function locate(text: string, mapper: OffsetMapper, start: number | undefined, end: number | undefined, expected: string | undefined): SpanResolution {
  if (start !== undefined && end !== undefined) return resolveSpan(text, mapper, start, end, expected);
  const at = expected ? text.indexOf(expected) : -1;
  if (at >= 0) return { ok: true, start: at, end: at + expected!.length };
  return { ok: false, reason: 'it has no start_index/end_index and its text is not in the answer' };
}

export function readAnnotation(raw: { type: string }, ctx: PartContext): ReadAnnotation | undefined {
  const { text, mapper, what, warnings } = ctx;
  if (raw.type === 'url_citation') {
    const c = annotationTypes.url_citation.parse(raw);
    const url = c.url ?? c.url_citation?.url;
    const ref = { url, title: c.title ?? c.url_citation?.title };
    if (!url && !ref.title) {
      warnings.push(`${what} (url_citation) names no URL or title; it was skipped.`);
      return undefined;
    }
    const placeholder = c.text && PLACEHOLDER.test(c.text) ? c.text : undefined;
    const fields = { url };
    const r = locate(text, mapper, c.start_index, c.end_index, placeholder ?? (c.text || undefined));
    if (!r.ok && (c.start_index === undefined || c.end_index === undefined)) {
      warnings.push(`${what} gives no place in the text; its marker was put at the end of the part.`);
      return { ref, fields, at: { start: text.length, end: text.length } };
    }
    if (!r.ok) {
      warnings.push(`${what}: ${r.reason}; the citation was dropped.`);
      return undefined;
    }
    if (PLACEHOLDER.test(text.slice(r.start, r.end))) {
      // Assistants placeholder: replaced by the marker; the sentence before it is the claim (found by the app).
      return { ref, fields, replace: { start: r.start, end: r.end, with: 'marker' }, at: { start: r.start, end: r.start }, flag: r.repaired };
    }
    const link = inlineLinkRange(text, r.start, r.end);
    if (link) {
      // OpenAI's span is its own `([site](url))` after the sentence: the sentence is the claim, the link goes.
      return { ref, fields, replace: { ...link, with: 'nothing' }, at: sentenceBefore(text, link.start, ctx.floor) };
    }
    return { ref, fields, at: { start: r.start, end: r.end }, flag: r.repaired };
  }
  if (raw.type === 'container_file_citation' || raw.type === 'file_path') return readGenerated(raw, ctx);
  if (raw.type !== 'file_citation') {
    warnings.push(`${what} has the annotation type "${raw.type}", which is not read; it was skipped.`);
    return undefined;
  }
  const c = annotationTypes.file_citation.parse(raw);
  const fileId = c.file_citation?.file_id ?? c.file_id;
  const ref: DocumentReference = { id: fileId, filename: c.filename };
  const fields: Omit<SourceFields, 'documentId'> = { quote: c.file_citation?.quote || undefined };
  if (c.start_index !== undefined && c.end_index !== undefined) {
    // Assistants: a placeholder to replace (or, without placeholder text, a span).
    const r = resolveSpan(text, mapper, c.start_index, c.end_index, c.text || undefined);
    if (!r.ok) {
      warnings.push(`${what}: ${r.reason}; the citation was dropped.`);
      return undefined;
    }
    const isPlaceholder = PLACEHOLDER.test(text.slice(r.start, r.end));
    return isPlaceholder
      ? { ref, fields, replace: { start: r.start, end: r.end, with: 'marker' }, at: { start: r.start, end: r.start }, flag: r.repaired }
      : { ref, fields, at: { start: r.start, end: r.end }, flag: r.repaired };
  }
  let at = text.length;
  if (c.index !== undefined) {
    const point = mapper.toUtf16(c.index, 'end');
    if (point === undefined) {
      warnings.push(`${what}: index ${c.index} is outside the text (length ${mapper.length}); its marker was put at the end of the part.`);
    } else {
      at = point;
    }
  } else {
    warnings.push(`${what} gives no place in the text; its marker was put at the end of the part.`);
  }
  const read: ReadAnnotation = { ref, fields, at: { start: at, end: at } };
  // Responses file_search: the retrieved passage of that file that fits the claim is the source's text.
  const choice = bestChunk(ctx.chunks, { fileId, filename: c.filename }, text.slice(ctx.floor, at));
  if (choice) {
    read.fields = { ...fields, text: choice.chunk.text, location: { resultIndex: choice.chunk.index } };
    if (!fields.quote && choice.quote) {
      read.fields.quote = choice.quote;
      read.note = `The quote is the paragraph of the retrieved passage (file_search result ${choice.chunk.index}) that shares the most words with the claim; OpenAI does not say which words it cited.`;
    }
  }
  return read;
}

function readGenerated(raw: { type: string }, ctx: PartContext): ReadAnnotation | undefined {
  const { text, mapper, what, warnings } = ctx;
  let file: GeneratedRef;
  let start: number | undefined;
  let end: number | undefined;
  let expected: string | undefined;
  if (raw.type === 'container_file_citation') {
    const c = annotationTypes.container_file_citation.parse(raw);
    file = { fileId: c.file_id, containerId: c.container_id, filename: c.filename };
    start = c.start_index;
    end = c.end_index;
  } else {
    const c = annotationTypes.file_path.parse(raw);
    const fileId = c.file_path?.file_id ?? c.file_id;
    if (!fileId) {
      warnings.push(`${what} (file_path) names no file; it was skipped.`);
      return undefined;
    }
    file = { fileId, filename: c.text ? c.text.split('/').pop() || undefined : undefined };
    start = c.start_index ?? c.index;
    end = c.end_index ?? c.index;
    expected = c.text || undefined;
  }
  let at = { start: text.length, end: text.length };
  let flag: string | undefined;
  if (start !== undefined && end !== undefined) {
    const r = resolveSpan(text, mapper, start, end, expected);
    if (r.ok) {
      // The span is usually the `sandbox:` path inside a Markdown link: the marker goes after the whole link.
      at = enclosingLink(text, r.start, r.end) ?? { start: r.start, end: r.end };
      flag = r.repaired;
    } else {
      warnings.push(`${what}: ${r.reason}; its marker was put at the end of the part.`);
    }
  } else {
    warnings.push(`${what} gives no place in the text; its marker was put at the end of the part.`);
  }
  return { generated: file, fields: {}, at, ...(flag !== undefined && { flag }) };
}

/** The document the adapter adds for a generated file: `url` is the provider's address of the file's content. */
export function generatedDocument(file: GeneratedRef, id: string): DocumentRef {
  const enc = encodeURIComponent;
  const url = file.containerId
    ? `https://api.openai.com/v1/containers/${enc(file.containerId)}/files/${enc(file.fileId)}/content`
    : `https://api.openai.com/v1/files/${enc(file.fileId)}/content`;
  const doc: DocumentRef = {
    id,
    title: file.filename ?? file.fileId,
    url,
    generated: {
      fileId: file.fileId,
      ...(file.containerId !== undefined && { containerId: file.containerId }),
      ...(file.filename !== undefined && { filename: file.filename }),
    },
  };
  const mediaType = mediaTypeOf(file.filename);
  if (mediaType) doc.mediaType = mediaType;
  return doc;
}

const mediaTypes: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function mediaTypeOf(filename: string | undefined): string | undefined {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext ? mediaTypes[ext] : undefined;
}
