import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, resolveDocument, tagged } from './common.ts';
import { DocumentMatcher, type DocumentReference } from './documents.ts';
import { parsePayload } from './errors.ts';
import { insertMarkers, type CitedSpan } from './markers.ts';
import { offsetMapper, resolveSpan, type OffsetMapper } from './offsets.ts';
import { addFlag, SourceTable, type SourceFields } from './sources.ts';
import type { Adapter } from './types.ts';

// OpenAI, two shapes:
// - Responses API: `output[]` items of type "message" whose `output_text` parts carry `annotations`:
//   `file_citation { file_id, filename, index }` marks a POINT (`index`, where the citation applies; no claim start)
//   and `url_citation { url, title, start_index, end_index }` a span. We write `[n]` at the point / after the span.
// - Assistants API: a thread message (or `{ data: [messages] }`) whose `text.value` contains placeholders such as
//   `【6:0†source】`, each described by an annotation `{ type: "file_citation", text, start_index, end_index,
//   file_citation: { file_id, quote? } }`. The placeholder is REPLACED by `[n]`; no claim span is known.
// Offsets are taken as CODE POINTS (the API counts Python string indices; identical to UTF-16 without astral
// characters). A placeholder annotation carries its own text, so a unit mismatch is detected and repaired (flagged).
// Documents are matched by file_id (document id), then filename (title or URL file name). Text parts of several
// messages are joined with a blank line.

const annotationTypes = {
  file_citation: looseObject({
    file_id: opt(z.string()),
    filename: opt(z.string()),
    index: opt(nonNegInt),
    text: opt(z.string()),
    start_index: opt(nonNegInt),
    end_index: opt(nonNegInt),
    file_citation: opt(looseObject({ file_id: z.string(), quote: opt(z.string()) })),
  }),
  url_citation: looseObject({ url: z.string(), title: opt(z.string()), start_index: nonNegInt, end_index: nonNegInt }),
};
const annotation = tagged(annotationTypes);

const responsesPartTypes = { output_text: looseObject({ text: z.string(), annotations: opt(z.array(annotation)) }) };
const responsesItemTypes = { message: looseObject({ content: z.array(tagged(responsesPartTypes)) }) };
const assistantsPartTypes = {
  text: looseObject({ text: looseObject({ value: z.string(), annotations: opt(z.array(annotation)) }) }),
};
const assistantsMessage = looseObject({ role: opt(z.string()), content: z.array(tagged(assistantsPartTypes)) });

const responsesSchema = looseObject({ output: z.array(tagged(responsesItemTypes)) });
const messageListSchema = looseObject({ data: z.array(assistantsMessage).min(1) });

/** The schema for a payload: a Responses object has `output`, a message list `data`, otherwise one message. */
export function openaiSchemaFor(payload: unknown) {
  const obj = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
  if ('output' in obj) return responsesSchema;
  if ('data' in obj) return messageListSchema;
  return assistantsMessage;
}

interface Part {
  text: string;
  annotations: Array<{ type: string }>;
  where: string;
}

export const adaptOpenai: Adapter = (input) => {
  const parts: Part[] = [];
  const schema = openaiSchemaFor(input.payload);
  if (schema === responsesSchema) {
    const payload = parsePayload('openai', responsesSchema, input.payload);
    for (const [i, item] of payload.output.entries()) {
      if (item.type !== 'message') continue;
      const message = responsesItemTypes.message.parse(item);
      for (const [k, p] of message.content.entries()) {
        if (p.type !== 'output_text') continue;
        const part = responsesPartTypes.output_text.parse(p);
        parts.push({ text: part.text, annotations: part.annotations ?? [], where: `output[${i}].content[${k}]` });
      }
    }
  } else {
    const list = schema === messageListSchema;
    const messages = list ? parsePayload('openai', messageListSchema, input.payload).data : [parsePayload('openai', assistantsMessage, input.payload)];
    const m = Math.max(0, messages.findIndex((x) => x.role === 'assistant'));
    const message = messages[m]!;
    const prefix = list ? `data[${m}].` : '';
    for (const [k, p] of message.content.entries()) {
      if (p.type !== 'text') continue;
      const part = assistantsPartTypes.text.parse(p);
      parts.push({ text: part.text.value, annotations: part.text.annotations ?? [], where: `${prefix}content[${k}].text` });
    }
  }

  const matcher = new DocumentMatcher(input.documents);
  const table = new SourceTable();
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const replacements: Array<{ start: number; end: number; n: number }> = [];
  let text = '';

  for (const part of parts) {
    if (text !== '') text += '\n\n';
    const offset = text.length;
    const mapper = offsetMapper(part.text, 'codepoint');
    for (const [a, raw] of part.annotations.entries()) {
      const what = `${part.where}.annotations[${a}]`;
      const read = readAnnotation(raw, part.text, mapper, what, warnings);
      if (!read) continue;
      const documentId = resolveDocument(matcher, read.ref, warnings, what);
      if (documentId === undefined) continue;
      const { source, n } = table.add({ documentId, ...read.fields });
      if (read.flag) addFlag(source, { code: 'offset-out-of-range', message: `${what}: ${read.flag}.` });
      if (read.replace) replacements.push({ start: offset + read.replace.start, end: offset + read.replace.end, n });
      else cited.push({ start: offset + read.at.start, end: offset + read.at.end, sourceId: source.id, n });
    }
    text += part.text;
  }

  // Placeholders first (they change the text), then markers after spans and at points.
  let replaced = '';
  let last = 0;
  const shifts: Array<{ at: number; delta: number }> = [];
  for (const r of replacements.sort((x, y) => x.start - y.start)) {
    if (r.start < last) continue; // overlapping annotations: the first one wins
    const marker = `[${r.n}]`;
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
    const sourceId = table.sources[r.n - 1]?.id;
    if (sourceId && !citations.some((c) => c.n === r.n)) citations.push({ n: r.n, sourceId });
  }
  citations.sort((x, y) => x.n - y.n);

  const leftover = (replaced.match(/【[^【】\n]{1,80}】/g) ?? []).length;
  if (leftover > 0) warnings.push(`${leftover} citation placeholder${leftover === 1 ? '' : 's'} in the text ha${leftover === 1 ? 's' : 've'} no annotation and cannot be opened.`);

  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations, spans: marked.spans }), warnings };
};

interface ReadAnnotation {
  ref: DocumentReference;
  fields: Omit<SourceFields, 'documentId'>;
  /** A placeholder to replace with the marker. */
  replace?: { start: number; end: number };
  /** Otherwise where the marker goes: a point (start === end) or after a span. */
  at: { start: number; end: number };
  flag?: string;
}

function readAnnotation(raw: { type: string }, text: string, mapper: OffsetMapper, what: string, warnings: string[]): ReadAnnotation | undefined {
  if (raw.type === 'url_citation') {
    const c = annotationTypes.url_citation.parse(raw);
    const r = resolveSpan(text, mapper, c.start_index, c.end_index);
    if (!r.ok) {
      warnings.push(`${what}: ${r.reason}; the citation was dropped.`);
      return undefined;
    }
    return { ref: { url: c.url, title: c.title }, fields: {}, at: { start: r.start, end: r.end } };
  }
  if (raw.type !== 'file_citation') {
    warnings.push(`${what} has the annotation type "${raw.type}", which is not read; it was skipped.`);
    return undefined;
  }
  const c = annotationTypes.file_citation.parse(raw);
  const ref: DocumentReference = { id: c.file_citation?.file_id ?? c.file_id, filename: c.filename };
  const fields = { quote: c.file_citation?.quote || undefined };
  if (c.start_index !== undefined && c.end_index !== undefined) {
    // Assistants: a placeholder to replace (or, without placeholder text, a span).
    const r = resolveSpan(text, mapper, c.start_index, c.end_index, c.text || undefined);
    if (!r.ok) {
      warnings.push(`${what}: ${r.reason}; the citation was dropped.`);
      return undefined;
    }
    const isPlaceholder = /^【[^【】]*】$/.test(text.slice(r.start, r.end));
    return isPlaceholder
      ? { ref, fields, replace: { start: r.start, end: r.end }, at: { start: r.start, end: r.start }, flag: r.repaired }
      : { ref, fields, at: { start: r.start, end: r.end }, flag: r.repaired };
  }
  if (c.index !== undefined) {
    const at = mapper.toUtf16(c.index, 'end');
    if (at === undefined) {
      warnings.push(`${what}: index ${c.index} is outside the text (length ${mapper.length}); the citation was dropped.`);
      return undefined;
    }
    return { ref, fields, at: { start: at, end: at } };
  }
  warnings.push(`${what} gives no place in the text; its marker was put at the end of the part.`);
  return { ref, fields, at: { start: text.length, end: text.length } };
}
