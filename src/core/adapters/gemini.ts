import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocument } from './common.ts';
import { DocumentMatcher } from './documents.ts';
import { parsePayload } from './errors.ts';
import { insertMarkers, type CitedSpan } from './markers.ts';
import { offsetMapper, resolveSpan } from './offsets.ts';
import { addFlag, SourceTable } from './sources.ts';
import type { Adapter } from './types.ts';

// Gemini generateContent response with grounding. The answer is the first candidate's text parts, concatenated
// (thought parts skipped). Each `groundingSupports[]` entry is a claim: `segment.startIndex`/`endIndex` are UTF-8
// BYTE offsets into the part `segment.partIndex` (default 0), start inclusive, end exclusive; protobuf JSON omits
// zeros, so a missing startIndex is 0. `groundingChunkIndices` name the chunks supporting it. Each chunk
// (`retrievedContext` or `web`: uri, title, text) becomes one source, matched to a document by URI, then title;
// its `text` is the retrieved passage (not a quote). A Vertex RAG chunk's `ragChunk.pageSpan` (1-based, inclusive)
// gives pages. snake_case keys (Python SDK dumps) are read as well.

const chunkContext = looseObject({
  uri: opt(z.string()),
  title: opt(z.string()),
  text: opt(z.string()),
  ragChunk: opt(
    looseObject({
      text: opt(z.string()),
      pageSpan: opt(looseObject({ firstPage: opt(pageNumber), lastPage: opt(pageNumber) })),
    }),
  ),
});

const supportSchema = looseObject({
  segment: looseObject({
    partIndex: opt(nonNegInt),
    startIndex: opt(nonNegInt),
    endIndex: opt(nonNegInt),
    text: opt(z.string()),
  }),
  groundingChunkIndices: opt(z.array(nonNegInt)),
});

const candidateSchema = looseObject({
  content: opt(looseObject({ parts: opt(z.array(looseObject({ text: opt(z.string()), thought: opt(z.boolean()) }))) })),
  groundingMetadata: opt(
    looseObject({
      groundingChunks: opt(z.array(looseObject({ retrievedContext: opt(chunkContext), web: opt(chunkContext) }))),
      groundingSupports: opt(z.array(supportSchema)),
    }),
  ),
});

export const geminiSchema = z.preprocess(camelizeKeys, looseObject({ candidates: z.array(candidateSchema).min(1) }));

export const adaptGemini: Adapter = (input) => {
  const payload = parsePayload('gemini', geminiSchema, input.payload);
  const candidate = payload.candidates[0]!;
  const matcher = new DocumentMatcher(input.documents);
  const table = new SourceTable();
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  // The answer text, and where each part starts in it.
  const parts = candidate.content?.parts ?? [];
  const partStart: Array<number | undefined> = [];
  let text = '';
  for (const part of parts) {
    if (part.text === undefined || part.thought === true) {
      partStart.push(undefined);
      continue;
    }
    partStart.push(text.length);
    text += part.text;
  }

  const chunks = candidate.groundingMetadata?.groundingChunks ?? [];
  const sourceOfChunk = new Map<number, { id: string; n: number } | null>();
  const sourceFor = (index: number, what: string) => {
    if (sourceOfChunk.has(index)) return sourceOfChunk.get(index) ?? undefined;
    const chunk = chunks[index];
    const ctx = chunk?.retrievedContext ?? chunk?.web;
    if (!ctx) {
      warnings.push(`${what} names grounding chunk ${index}, which ${chunk ? 'has no retrievedContext or web entry' : 'does not exist'}; it was skipped.`);
      sourceOfChunk.set(index, null);
      return undefined;
    }
    const documentId = resolveDocument(matcher, { url: ctx.uri, title: ctx.title }, warnings, `groundingChunks[${index}]`);
    if (documentId === undefined) {
      sourceOfChunk.set(index, null);
      return undefined;
    }
    const span = ctx.ragChunk?.pageSpan;
    const page = span?.firstPage;
    const last = span?.lastPage;
    const { source, n } = table.add({
      documentId,
      text: ctx.text || ctx.ragChunk?.text || undefined,
      page,
      pageEnd: page !== undefined && last !== undefined && last > page ? last : undefined,
    });
    const entry = { id: source.id, n };
    sourceOfChunk.set(index, entry);
    return entry;
  };

  for (const [i, support] of (candidate.groundingMetadata?.groundingSupports ?? []).entries()) {
    const what = `groundingSupports[${i}]`;
    const sources = (support.groundingChunkIndices ?? []).map((k) => sourceFor(k, what)).filter((s) => s !== undefined);
    if (sources.length === 0) continue;
    const seg = support.segment;
    const partIndex = seg.partIndex ?? 0;
    const offset = partStart[partIndex];
    const partText = parts[partIndex]?.text;
    let range: { start: number; end: number } | undefined;
    let problem: string | undefined;
    if (offset === undefined || partText === undefined) {
      problem = `its segment is in part ${partIndex}, which is not a text part of the answer`;
    } else if (seg.endIndex === undefined) {
      problem = 'its segment has no endIndex';
    } else {
      const r = resolveSpan(partText, offsetMapper(partText, 'utf8'), seg.startIndex ?? 0, seg.endIndex, seg.text || undefined);
      if (r.ok) {
        range = { start: offset + r.start, end: offset + r.end };
        if (r.repaired) problem = r.repaired;
      } else {
        problem = r.reason;
      }
    }
    for (const s of sources) {
      const source = table.sources.find((x) => x.id === s.id);
      if (problem && source) addFlag(source, { code: 'offset-out-of-range', message: `The claim of ${what}: ${problem}.` });
      // A support we cannot place still cites its sources: the marker goes at the end of the answer.
      const at = range ?? { start: text.length, end: text.length };
      cited.push({ ...at, sourceId: s.id, n: s.n });
    }
    if (!range) warnings.push(`${what}: ${problem ?? 'no segment'}; its markers were put at the end of the answer.`);
  }

  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};

/** `grounding_metadata` → `groundingMetadata`, recursively (the Python SDK's model_dump uses snake_case). */
function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!Object.hasOwn(out, key) || key === k) Object.defineProperty(out, key, { value: camelizeKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
