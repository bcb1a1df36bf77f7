import { z } from 'zod';
import type { CitationMapping } from '../../model/types.ts';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// raglite `ask()`: the text already carries `[n]` markers; `citations[]` lists the cited passages.
// Pages are 1-based, `pageEnd` inclusive and present only when the passage crosses a page break.

const citationSchema = looseObject({
  n: nonNegInt,
  source: z.string().min(1),
  chunk: opt(z.union([nonNegInt, z.string()])),
  page: opt(pageNumber),
  pageEnd: opt(pageNumber),
  section: opt(z.string()),
  text: opt(z.string()),
});

export const ragliteSchema = looseObject({
  text: z.string(),
  citations: opt(z.array(citationSchema)),
});

export const adaptRaglite: Adapter = (input) => {
  const payload = parsePayload('raglite', ragliteSchema, input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const citations: CitationMapping[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}] ([${c.n}])`;
    if (citations.some((m) => m.n === c.n)) {
      warnings.push(`${what} repeats number ${c.n}; the first citation with that number was kept.`);
      continue;
    }
    const doc = resolveDocumentFields(matcher, { any: c.source }, warnings, what);
    if (doc === undefined) continue;
    let pageEnd = c.pageEnd;
    if (pageEnd !== undefined && (c.page === undefined || pageEnd < c.page)) {
      warnings.push(`${what} has pageEnd ${pageEnd} without a page at or before it; pageEnd was dropped.`);
      pageEnd = undefined;
    }
    const added = table.add({
      ...doc,
      chunk: c.chunk === undefined ? undefined : String(c.chunk),
      page: c.page,
      pageEnd: pageEnd !== undefined && pageEnd !== c.page ? pageEnd : undefined,
      section: c.section,
      text: c.text,
    });
    if (!added.isNew) {
      addFlag(added.source, {
        code: 'duplicate-collapsed',
        message: `Citation [${c.n}] is the same passage as another citation; both point at ${added.source.id}.`,
      });
    }
    citations.push({ n: c.n, sourceId: added.source.id });
  }

  return {
    answer: assemble(input, { text: payload.text, sources: table.sources, citations: citations.sort((a, b) => a.n - b.n) }),
    warnings,
  };
};
