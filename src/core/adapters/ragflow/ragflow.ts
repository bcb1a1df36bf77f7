import { z } from 'zod';
import type { Box, CitationMapping, CoordsDescriptor } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, opt } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { marker, replaceRanges, type Replacement } from '../replace-ranges.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// RAGFlow chat answers. Three envelopes carry the same content: the native completion `{ code, data: { answer,
// reference } }`, its `data` alone, and the OpenAI-compatible completion `choices[0].message.{ content, reference }`.
// The answer cites retrieved chunks with `##N$$` (older prompts) or `[ID:N]` (newer ones), N 0-based: the index in
// `reference.chunks` when it is a list, the key when it is an object (`{ "20": {…} }`, OpenAI-compatible API).
// Each marker is REPLACED by `[N+1]`. Every chunk becomes a source (cited or not): `content` → text,
// `id` → chunkId, `similarity` → relevance, `document_id` / `document_name` → document, `url` → url.
// `positions` are `[page, x0, x1, top, bottom]` per line box: page 1-based, coordinates in PDF points from the
// page's top-left as pdfplumber renders it (deepdoc divides its zoomed image pixels by the zoom), so the boxes keep
// the descriptor `top-left / pt / displayed` unless the wrapper declares its own. Non-PDF chunks carry `[""]` or
// point-like boxes, which are not boxes and are skipped.

export const ragflowCoords: CoordsDescriptor = { origin: 'top-left', units: 'pt', frame: 'displayed' };

const idLike = z.union([z.string(), z.number()]).transform((v) => String(v));
const chunkSchema = looseObject({
  id: opt(idLike),
  chunk_id: opt(idLike),
  content: opt(z.string()),
  content_with_weight: opt(z.string()),
  document_id: opt(z.string()),
  doc_id: opt(z.string()),
  document_name: opt(z.string()),
  docnm_kwd: opt(z.string()),
  url: opt(z.string()),
  similarity: opt(z.number().finite()),
  // A list of boxes for PDF chunks; other shapes (`[""]`, a string in some versions) carry no box.
  positions: z.unknown().optional(),
});
type Chunk = z.infer<typeof chunkSchema>;

const referenceSchema = looseObject({
  chunks: opt(z.union([z.array(chunkSchema), z.record(z.string(), chunkSchema)])),
});
const answerSchema = looseObject({ answer: z.string(), reference: opt(z.union([referenceSchema, z.array(z.unknown())])) });
const choicesSchema = looseObject({
  choices: z.array(looseObject({ message: looseObject({ content: opt(z.string()), reference: opt(referenceSchema) }) })).min(1),
});

/** The schema of a payload's envelope: OpenAI-compatible `choices`, native `{ code, data }`, or the data alone. */
export function ragflowSchemaFor(payload: unknown) {
  const obj = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : {};
  if ('choices' in obj) return choicesSchema;
  if ('data' in obj && !('answer' in obj)) return looseObject({ data: answerSchema });
  return answerSchema;
}

const MARKERS = /##(\d{1,6})\$\$|\[ID:\s*(\d{1,6})\]/g;

export const adaptRagflow: Adapter = (input) => {
  const schema = ragflowSchemaFor(input.payload);
  let text: string;
  let reference: z.infer<typeof referenceSchema> | undefined;
  if (schema === choicesSchema) {
    const message = parsePayload('ragflow', choicesSchema, input.payload).choices[0]!.message;
    text = message.content ?? '';
    reference = message.reference;
  } else {
    type Data = z.infer<typeof answerSchema>;
    const parsed = parsePayload('ragflow', schema, input.payload) as Data | { data: Data };
    const data: Data = 'answer' in parsed ? parsed : parsed.data;
    text = data.answer;
    // An answer without references comes with `reference: {}` (or, in some versions, `[]`).
    reference = Array.isArray(data.reference) ? undefined : data.reference;
  }

  const chunks: Array<[string, Chunk]> = Array.isArray(reference?.chunks)
    ? reference.chunks.map((c, i) => [String(i), c])
    : Object.entries(reference?.chunks ?? {});
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const sourceOf = new Map<string, string>();
  for (const [key, c] of chunks) {
    const what = `reference.chunks[${key}]`;
    const ref = { id: c.document_id ?? c.doc_id, filename: c.document_name ?? c.docnm_kwd };
    const doc = citedDocument(matcher, input.documents, ref, warnings, what, c.url || undefined);
    if (!doc) continue;
    const { boxes, skipped } = readPositions(c.positions);
    const pages = boxes.map((b) => b.page);
    const page = pages.length > 0 ? Math.min(...pages) : undefined;
    const last = pages.length > 0 ? Math.max(...pages) : undefined;
    const added = table.add({
      ...doc,
      chunkId: c.id ?? c.chunk_id,
      text: (c.content ?? c.content_with_weight) || undefined,
      relevance: c.similarity,
      page,
      pageEnd: last !== undefined && page !== undefined && last > page ? last : undefined,
      boxes: boxes.length > 0 ? boxes : undefined,
      coords: boxes.length > 0 && input.coords === undefined ? ragflowCoords : undefined,
    });
    if (skipped > 0)
      addFlag(added.source, {
        code: 'adapter-note',
        message: `${skipped} of the chunk's positions ${skipped === 1 ? 'is' : 'are'} not a box [page, x0, x1, top, bottom] with an area and ${skipped === 1 ? 'was' : 'were'} skipped.`,
      });
    sourceOf.set(key, added.source.id);
  }

  const replacements: Replacement[] = [];
  const mapping: CitationMapping[] = [];
  const unknown = new Set<string>();
  for (const m of text.matchAll(MARKERS)) {
    const key = String(Number(m[1] ?? m[2]));
    const n = Number(key) + 1;
    replacements.push({ start: m.index, end: m.index + m[0].length, with: marker(n) });
    const sourceId = sourceOf.get(key);
    if (sourceId && !mapping.some((x) => x.n === n)) mapping.push({ n, sourceId });
    if (!chunks.some(([k]) => k === key)) unknown.add(m[0]);
  }
  for (const token of unknown) warnings.push(`The answer cites ${token}, which names no retrieved chunk; it is shown as a broken citation.`);

  return {
    answer: assemble(input, {
      text: replaceRanges(text, replacements).text,
      sources: table.sources,
      citations: mapping.sort((a, b) => a.n - b.n),
    }),
    warnings,
  };
};

/** `[page, x0, x1, top, bottom]` entries → boxes; anything else (RAGFlow sends `""` for non-PDF chunks) is skipped. */
function readPositions(positions: unknown): { boxes: Box[]; skipped: number } {
  const boxes: Box[] = [];
  let skipped = 0;
  for (const p of Array.isArray(positions) ? positions : []) {
    if (p === '' || p === null) continue;
    const ok = Array.isArray(p) && p.length === 5 && p.every((v) => typeof v === 'number' && Number.isFinite(v));
    const [page, a, b, c, d] = ok ? (p as number[]) : [];
    if (!ok || !Number.isInteger(page) || page! < 1 || a === b || c === d) {
      skipped++;
      continue;
    }
    boxes.push({ page: page!, x0: Math.min(a!, b!), x1: Math.max(a!, b!), y0: Math.min(c!, d!), y1: Math.max(c!, d!) });
  }
  return { boxes, skipped };
}
