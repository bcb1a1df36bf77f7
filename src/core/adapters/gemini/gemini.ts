import { z } from 'zod';
import type { ReasoningBlock } from '../../model/types.ts';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { stripPageMarkers } from './page-markers.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';
import { adaptInteractions } from './interactions.ts';

// Gemini generateContent response with grounding. The answer is the first candidate's text parts, concatenated
// (thought parts are the model's reasoning: kept in answer.reasoning). Each `groundingSupports[]` entry is a claim: `segment.startIndex`/`endIndex` are UTF-8
// BYTE offsets into the part `segment.partIndex` (default 0), start inclusive, end exclusive; protobuf JSON omits
// zeros, so a missing startIndex is 0. `groundingChunkIndices` name the chunks supporting it. Each chunk
// (`retrievedContext` or `web`: uri, title, text) becomes one source, matched to a document by URI, then title;
// its `text` is the retrieved passage (not a quote). A Vertex RAG chunk's `ragChunk.pageSpan` (1-based, inclusive)
// gives pages. File Search chunks mark pages in their text (`--- PAGE 2 ---`): the markers are stripped from the
// passage and give page/pageEnd. `confidenceScores[k]` (0–1) is the confidence that the claim is supported by chunk
// `groundingChunkIndices[k]`: kept on the claim span, and on the source when that is its only score.
// snake_case keys (Python SDK dumps) are read as well.

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
  confidenceScores: opt(z.array(z.number())),
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

/** generateContent (`candidates[]`), or the Interactions API (`steps[]` / `outputs[]`: interactions.ts). */
export const adaptGemini: Adapter = (input) => {
  const p = input.payload;
  const interaction = typeof p === 'object' && p !== null && !('candidates' in p) && ('steps' in p || 'outputs' in p);
  return interaction ? adaptInteractions(input) : adaptGenerateContent(input);
};

const adaptGenerateContent: Adapter = (input) => {
  const payload = parsePayload('gemini', geminiSchema, input.payload);
  const candidate = payload.candidates[0]!;
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  // The answer text, and where each part starts in it.
  const parts = candidate.content?.parts ?? [];
  const partStart: Array<number | undefined> = [];
  const reasoning: ReasoningBlock[] = [];
  let text = '';
  for (const part of parts) {
    if (part.text === undefined || part.thought === true) {
      if (part.text?.trim()) reasoning.push({ text: part.text });
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
    const doc = resolveDocumentFields(matcher, { url: ctx.uri, title: ctx.title }, warnings, `groundingChunks[${index}]`);
    if (doc === undefined) {
      sourceOfChunk.set(index, null);
      return undefined;
    }
    const span = ctx.ragChunk?.pageSpan;
    const raw = ctx.text || ctx.ragChunk?.text || undefined;
    const paged = raw !== undefined ? stripPageMarkers(raw) : undefined;
    const page = span?.firstPage ?? paged?.page;
    const last = span?.firstPage !== undefined ? span.lastPage : paged?.pageEnd;
    const { source, n } = table.add({
      ...doc,
      text: paged?.text || undefined,
      page,
      pageEnd: page !== undefined && last !== undefined && last > page ? last : undefined,
      url: ctx.uri && /^https?:\/\//i.test(ctx.uri) ? ctx.uri : undefined,
    });
    const entry = { id: source.id, n };
    sourceOfChunk.set(index, entry);
    return entry;
  };

  const scoresOf = new Map<string, number[]>();
  for (const [i, support] of (candidate.groundingMetadata?.groundingSupports ?? []).entries()) {
    const what = `groundingSupports[${i}]`;
    const indices = support.groundingChunkIndices ?? [];
    const scores = support.confidenceScores ?? [];
    const sources = indices
      .map((k, j) => {
        const s = sourceFor(k, what);
        const score = scores[j];
        return s && { ...s, confidence: score !== undefined && score >= 0 && score <= 1 ? score : undefined };
      })
      .filter((s) => s !== undefined);
    if (sources.length === 0) continue;
    const seg = support.segment;
    // An absent partIndex is 0 (protobuf omits zeros); when part 0 is a thought, the answer's first part is meant.
    const partIndex =
      seg.partIndex ??
      Math.max(
        0,
        partStart.findIndex((p) => p !== undefined),
      );
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
      cited.push({ ...at, sourceId: s.id, n: s.n, ...(s.confidence !== undefined && { confidence: s.confidence }) });
      if (s.confidence !== undefined) scoresOf.set(s.id, [...(scoresOf.get(s.id) ?? []), s.confidence]);
    }
    if (!range) warnings.push(`${what}: ${problem ?? 'no segment'}; its markers were put at the end of the answer.`);
  }

  // Chunks no support cites: a retrieved passage of the user's documents is kept as a source without a marker (the
  // reviewer sees what was retrieved beside what was cited); a web result nobody cites is only counted.
  let uncitedWeb = 0;
  chunks.forEach((chunk, index) => {
    if (sourceOfChunk.has(index)) return;
    if (chunk.retrievedContext) sourceFor(index, `groundingChunks[${index}] (cited by no support)`);
    else if (chunk.web) uncitedWeb++;
  });
  if (uncitedWeb > 0) {
    warnings.push(
      `${uncitedWeb} web result${uncitedWeb === 1 ? '' : 's'} of groundingChunks ${uncitedWeb === 1 ? 'is' : 'are'} cited by no groundingSupport; not read as sources.`,
    );
  }

  // A source scored by one claim (or the same score every time) carries that score itself.
  for (const source of table.sources) {
    const distinct = [...new Set(scoresOf.get(source.id) ?? [])];
    if (distinct.length === 1) source.confidence = distinct[0];
  }

  const marked = insertMarkers(text, cited);
  return {
    answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans, reasoning }),
    warnings,
  };
};

/** `grounding_metadata` → `groundingMetadata`, recursively (the Python SDK's model_dump uses snake_case). */
function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (!Object.hasOwn(out, key) || key === k)
      Object.defineProperty(out, key, { value: camelizeKeys(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
