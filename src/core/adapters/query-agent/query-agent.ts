import { z } from 'zod';
import type { CitationMapping } from '../../model/types.ts';
import { assemble, looseObject, nonNegInt, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// A query agent's verified citations: the answer carries `[n]` markers whose n is `citations[].index`; each
// citation names a chunk (`chunkId`), its document and the exact quote. No pages: the viewer finds the quote.

const citationSchema = looseObject({
  index: nonNegInt,
  chunkId: opt(z.string()),
  documentId: z.string().min(1),
  documentType: opt(z.string()),
  field: opt(z.string()),
  quote: opt(z.string()),
  relevance: opt(z.number().finite()),
});

export const queryAgentSchema = looseObject({
  text: opt(z.string()),
  answer: opt(z.string()),
  citations: opt(z.array(citationSchema)),
  confidence: opt(z.number().finite()),
  reviewReport: z.unknown().optional(),
}).refine((p) => p.text !== undefined || p.answer !== undefined, { message: 'expected an answer text in "answer" or "text"' });

export const adaptQueryAgent: Adapter = (input) => {
  const payload = parsePayload('query-agent', queryAgentSchema, input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const citations: CitationMapping[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}] ([${c.index}])`;
    if (citations.some((m) => m.n === c.index)) {
      warnings.push(`${what} repeats index ${c.index}; the first citation with that index was kept.`);
      continue;
    }
    const doc = resolveDocumentFields(matcher, { id: c.documentId }, warnings, what);
    if (doc === undefined) continue;
    const added = table.add({
      ...doc,
      chunkId: c.chunkId || undefined,
      quote: c.quote || undefined,
      relevance: c.relevance,
    });
    if (!added.isNew) {
      addFlag(added.source, {
        code: 'duplicate-collapsed',
        message: `Citation [${c.index}] has the same chunk and quote as another citation; both point at ${added.source.id}.`,
      });
    }
    citations.push({ n: c.index, sourceId: added.source.id });
  }

  return {
    answer: assemble(input, {
      text: payload.answer ?? payload.text ?? '',
      sources: table.sources,
      citations: citations.sort((a, b) => a.n - b.n),
      confidence: payload.confidence,
      reviewReport: payload.reviewReport,
    }),
    warnings,
  };
};
