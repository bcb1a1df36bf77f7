import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Dify chat / completion messages (blocking response, or the streaming `message_end` event):
// `{ answer, metadata: { retriever_resources: [...] } }`. Dify writes no markers and says nothing about which
// sentence a resource supports: the resources are the knowledge passages the answer was generated from. So each is
// cited by the WHOLE answer, and that is what a reader is shown: one claim span covering the answer, with markers
// `[1][2]…` after its last word, numbered by `position` (Dify's 1-based order; list order when absent).
// Each resource is one source: `content` → text (the segment, not a quote), `segment_id` → chunkId,
// `score` → relevance, `document_id` / `document_name` → document. `page` is set only from metadata a workflow
// passes through (Dify's own PDF extractor numbers pages from 0, so it is read as 0-based).

const resourceSchema = looseObject({
  position: opt(nonNegInt),
  document_id: opt(z.string()),
  document_name: opt(z.string()),
  segment_id: opt(z.string()),
  score: opt(z.number().finite()),
  content: opt(z.string()),
  page: opt(nonNegInt),
  title: opt(z.string()),
});

export const difySchema = looseObject({
  answer: z.string(),
  metadata: opt(looseObject({ retriever_resources: opt(z.array(resourceSchema)) })),
});

export const adaptDify: Adapter = (input) => {
  const payload = parsePayload('dify', difySchema, input.payload);
  const text = payload.answer;
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  const resources = (payload.metadata?.retriever_resources ?? []).map((r, i) => ({ r, i }));
  resources.sort((a, b) => (a.r.position ?? a.i + 1) - (b.r.position ?? b.i + 1));
  const used = new Set<number>();
  for (const { r, i } of resources) {
    const what = `retriever_resources[${i}]`;
    let n = r.position ?? i + 1;
    if (used.has(n)) {
      // Two resources with one position: the second gets the next free number rather than sharing a marker.
      while (used.has(n)) n++;
      warnings.push(`${what} repeats position ${r.position}; it is cited as [${n}].`);
    }
    const doc = resolveDocumentFields(matcher, { id: r.document_id, filename: r.document_name ?? r.title }, warnings, what);
    if (!doc) continue;
    used.add(n);
    const { source } = table.add({
      ...doc,
      chunkId: r.segment_id || undefined,
      text: r.content || undefined,
      relevance: r.score,
      page: r.page !== undefined ? r.page + 1 : undefined,
    });
    cited.push({ start: 0, end: text.length, sourceId: source.id, n });
  }

  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};
