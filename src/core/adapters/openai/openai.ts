import { z } from 'zod';
import type { DocumentRef } from '../../model/types.ts';
import { assemble, looseObject, nonNegInt, opt, resolveDocumentFields, tagged } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { annotationTypes, generatedDocument, readAnnotation, type ReadAnnotation } from './openai-annotations.ts';
import type { RetrievedChunk } from './openai-file-search.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// OpenAI, three shapes:
// - Responses API: `output[]` items of type "message" whose `output_text` parts carry `annotations`:
//   `file_citation { file_id, filename, index }` marks a POINT (`index`; no claim start: the claim is the sentence
//   before it) whose passage is found in the `file_search_call` results of that file; `url_citation { url, title,
//   start_index, end_index }` a span; `container_file_citation { container_id, file_id, filename, start_index,
//   end_index }` a file the model generated: a document we add (`generated`, url = the container file's content
//   address), unless the wrapper lists a document under that file id. `file_path` annotations are read the same way.
// - Chat Completions: `choices[0].message.{ content, annotations: [{ type: "url_citation", url_citation: {...} }] }`.
// - Assistants API: a thread message (or `{ data: [messages] }`) whose `text.value` contains placeholders such as
//   `【6:0†source】`, each described by an annotation `{ type: "file_citation", text, start_index, end_index,
//   file_citation: { file_id, quote? } }`. The placeholder is REPLACED by `[n]`; no claim span is known.
// A web citation whose span is OpenAI's own inline link `([site](url))` (search models write one after each cited
// sentence) has the sentence before the link as its claim; the link is removed and `[n]` stands where it was.
// Offsets are CODE POINTS (the API counts Python string indices). A placeholder annotation carries its own text,
// so a unit mismatch is detected and repaired (flagged). Documents are matched by file_id (document id), then
// filename (title or URL file name), URL. Text parts of several messages are joined with a blank line.

const annotation = tagged(annotationTypes);

const responsesPartTypes = { output_text: looseObject({ text: z.string(), annotations: opt(z.array(annotation)) }) };
const fileSearchResult = looseObject({ file_id: opt(z.string()), filename: opt(z.string()), score: opt(z.number()), text: opt(z.string()) });
const responsesItemTypes = {
  message: looseObject({ content: opt(z.array(tagged(responsesPartTypes))) }),
  file_search_call: looseObject({ results: opt(z.array(fileSearchResult)) }),
};
const assistantsPartTypes = {
  text: looseObject({ text: looseObject({ value: z.string(), annotations: opt(z.array(annotation)) }) }),
};
const assistantsMessage = looseObject({ role: opt(z.string()), content: z.array(tagged(assistantsPartTypes)) });
const chatAnnotation = tagged({
  url_citation: looseObject({
    url_citation: looseObject({ url: opt(z.string()), title: opt(z.string()), start_index: opt(nonNegInt), end_index: opt(nonNegInt) }),
  }),
});

const responsesSchema = looseObject({ output: z.array(tagged(responsesItemTypes)) });
const messageListSchema = looseObject({ data: z.array(assistantsMessage).min(1) });
const chatSchema = looseObject({
  choices: z.array(looseObject({ message: looseObject({ content: opt(z.string()), annotations: opt(z.array(chatAnnotation)) }) })).min(1),
});

/** The schema for a payload: Responses has `output`, Chat Completions `choices`, a message list `data`, otherwise one message. */
export function openaiSchemaFor(payload: unknown) {
  const obj = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
  if ('output' in obj) return responsesSchema;
  if ('choices' in obj) return chatSchema;
  if ('data' in obj) return messageListSchema;
  return assistantsMessage;
}

interface Part {
  text: string;
  annotations: Array<{ type: string }>;
  where: string;
}

function readParts(payload: unknown): { parts: Part[]; chunks: RetrievedChunk[] } {
  const parts: Part[] = [];
  const chunks: RetrievedChunk[] = [];
  const schema = openaiSchemaFor(payload);
  if (schema === responsesSchema) {
    const parsed = parsePayload('openai', responsesSchema, payload);
    for (const [i, item] of parsed.output.entries()) {
      if (item.type === 'file_search_call') {
        for (const r of responsesItemTypes.file_search_call.parse(item).results ?? []) {
          if (r.text) chunks.push({ fileId: r.file_id, filename: r.filename, text: r.text, score: r.score, index: chunks.length });
        }
      }
      if (item.type !== 'message') continue;
      const message = responsesItemTypes.message.parse(item);
      for (const [k, p] of (message.content ?? []).entries()) {
        if (p.type !== 'output_text') continue;
        const part = responsesPartTypes.output_text.parse(p);
        parts.push({ text: part.text, annotations: part.annotations ?? [], where: `output[${i}].content[${k}]` });
      }
    }
  } else if (schema === chatSchema) {
    const message = parsePayload('openai', chatSchema, payload).choices[0]!.message;
    const annotations = (message.annotations ?? []).map((a) =>
      a.type === 'url_citation' ? { type: a.type, ...(a as unknown as { url_citation: object }).url_citation } : a,
    );
    parts.push({ text: message.content ?? '', annotations, where: 'choices[0].message' });
  } else {
    const list = schema === messageListSchema;
    const messages = list ? parsePayload('openai', messageListSchema, payload).data : [parsePayload('openai', assistantsMessage, payload)];
    const m = Math.max(
      0,
      messages.findIndex((x) => x.role === 'assistant'),
    );
    const prefix = list ? `data[${m}].` : '';
    for (const [k, p] of messages[m]!.content.entries()) {
      if (p.type !== 'text') continue;
      const part = assistantsPartTypes.text.parse(p);
      parts.push({ text: part.text.value, annotations: part.text.annotations ?? [], where: `${prefix}content[${k}].text` });
    }
  }
  return { parts, chunks };
}

export const adaptOpenai: Adapter = (input) => {
  const { parts, chunks } = readParts(input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const replacements: Array<{ start: number; end: number; n?: number }> = [];
  const generatedDocs: DocumentRef[] = [];
  let text = '';

  const documentFor = (read: ReadAnnotation, what: string) => {
    if (read.ref) return resolveDocumentFields(matcher, read.ref, warnings, what);
    const file = read.generated!;
    // A generated file is a wrapper document only when the wrapper lists it under its file id (a copy the data
    // folder serves); a file name alone is no proof, and a guess would open an unrelated document.
    const listed = input.documents.find((d) => d.id === file.fileId);
    if (listed) return { documentId: listed.id };
    let doc = generatedDocs.find((d) => d.generated?.fileId === file.fileId);
    if (!doc) {
      doc = generatedDocument(file, file.fileId);
      generatedDocs.push(doc);
    }
    return { documentId: doc.id };
  };

  for (const part of parts) {
    if (text !== '') text += '\n\n';
    const offset = text.length;
    const mapper = offsetMapper(part.text, 'codepoint');
    const order = [...part.annotations.entries()].sort((a, b) => startOf(a[1]) - startOf(b[1]));
    let floor = 0;
    for (const [a, raw] of order) {
      const what = `${part.where}.annotations[${a}]`;
      const read = readAnnotation(raw, { text: part.text, mapper, what, warnings, chunks, floor });
      if (!read) continue;
      const doc = documentFor(read, what);
      if (doc === undefined) continue;
      const { source, n } = table.add({ ...doc, ...read.fields });
      if (read.flag) addFlag(source, { code: 'offset-out-of-range', message: `${what}: ${read.flag}.` });
      if (read.note) addFlag(source, { code: 'adapter-note', message: read.note });
      if (read.replace) replacements.push({ start: offset + read.replace.start, end: offset + read.replace.end, ...(read.replace.with === 'marker' && { n }) });
      if (read.replace?.with !== 'marker') cited.push({ start: offset + read.at.start, end: offset + read.at.end, sourceId: source.id, n });
      floor = Math.max(floor, read.replace?.end ?? read.at.end);
    }
    text += part.text;
  }

  // Placeholders and inline links first (they change the text), then markers after spans and at points.
  let replaced = '';
  let last = 0;
  const shifts: Array<{ at: number; delta: number }> = [];
  for (const r of replacements.sort((x, y) => x.start - y.start)) {
    if (r.start < last) continue; // overlapping annotations: the first one wins
    const marker = r.n !== undefined ? `[${r.n}]` : '';
    replaced += text.slice(last, r.start) + marker;
    shifts.push({ at: r.end, delta: marker.length - (r.end - r.start) });
    last = r.end;
  }
  replaced += text.slice(last);
  const shift = (pos: number) => pos + shifts.filter((s) => s.at <= pos).reduce((d, s) => d + s.delta, 0);
  const marked = insertMarkers(
    replaced,
    cited.map((c) => ({ ...c, start: shift(c.start), end: shift(c.end) })),
  );
  const citations = [...marked.citations];
  for (const r of replacements) {
    const sourceId = r.n !== undefined ? table.sources[r.n - 1]?.id : undefined;
    if (sourceId && !citations.some((c) => c.n === r.n)) citations.push({ n: r.n!, sourceId });
  }
  citations.sort((x, y) => x.n - y.n);

  const leftover = (replaced.match(/【[^【】\n]{1,80}】/g) ?? []).length;
  if (leftover > 0)
    warnings.push(
      `${leftover} citation placeholder${leftover === 1 ? '' : 's'} in the text ha${leftover === 1 ? 's' : 've'} no annotation and cannot be opened.`,
    );

  return {
    answer: assemble(input, { text: marked.text, sources: table.sources, citations, spans: marked.spans, extraDocuments: generatedDocs }),
    warnings,
  };
};

/** Annotations are read in text order, so each point citation's claim starts after the previous citation. */
function startOf(a: { type: string }): number {
  const o = a as { start_index?: unknown; index?: unknown };
  const v = typeof o.start_index === 'number' ? o.start_index : o.index;
  return typeof v === 'number' ? v : Number.MAX_SAFE_INTEGER;
}
