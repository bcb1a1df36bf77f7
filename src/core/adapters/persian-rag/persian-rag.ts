import { z } from 'zod';
import type { CitationMapping, CitationSpan } from '../../model/types.ts';
import { assemble, looseObject, markerNumber, nonNegInt, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// persian_rag (citations=True): the answer carries markers like `[1]`, `[۲]` or `[٢،٣]` (the marker parser reads
// any Unicode digits); each citation names the marker, its document, the best supporting sentence (`quote`) and
// the claim's place in the answer (`answer_start`/`answer_end`). All offsets are Python string indices: CODE
// POINTS, end exclusive; the claim span is converted to UTF-16. `start`/`end` (in the document's normalized text)
// are kept as `location.charStart/charEnd` with `charUnit: 'codepoint'`: a Markdown or text source highlights by
// them once its text is loaded (converted to UTF-16 there, and checked against the quote, which wins where they
// disagree: our file is not necessarily the text persian_rag normalized); a PDF is searched by its quote.
// `chunk_start`/`chunk_end` (in a chunk we do not have) are not used. `uncited` and `invalid_markers` are kept in
// `reviewReport`.

const citationSchema = looseObject({
  marker: z.union([nonNegInt, z.string()]),
  document_id: z.string().min(1),
  quote: opt(z.string()),
  start: opt(nonNegInt),
  end: opt(nonNegInt),
  answer_start: opt(nonNegInt),
  answer_end: opt(nonNegInt),
});

export const persianRagSchema = looseObject({
  answer: z.string(),
  citations: opt(z.array(citationSchema)),
  uncited: opt(z.array(z.string())),
  invalid_markers: opt(z.array(z.union([z.number(), z.string()]))),
});

export const adaptPersianRag: Adapter = (input) => {
  const payload = parsePayload('persian-rag', persianRagSchema, input.payload);
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const mapper = offsetMapper(payload.answer, 'codepoint');
  const warnings: string[] = [];
  const citations: CitationMapping[] = [];
  const spans: CitationSpan[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}] (${String(c.marker)})`;
    const n = markerNumber(c.marker);
    if (n === undefined) {
      warnings.push(`${what} has a marker that is not a number; the citation was dropped.`);
      continue;
    }
    const doc = resolveDocumentFields(matcher, { id: c.document_id }, warnings, what);
    if (doc === undefined) continue;
    const location =
      c.start !== undefined && c.end !== undefined && c.end > c.start ? { charStart: c.start, charEnd: c.end, charUnit: 'codepoint' as const } : undefined;
    const { source } = table.add({ ...doc, quote: c.quote || undefined, location });
    // A marker cited for several claims may get a different best sentence for each: [n] opens the first,
    // and each claim span names its own source.
    if (!citations.some((m) => m.n === n)) citations.push({ n, sourceId: source.id });
    if (c.answer_start === undefined || c.answer_end === undefined) continue;
    const r = resolveSpan(payload.answer, mapper, c.answer_start, c.answer_end);
    if (!r.ok) {
      addFlag(source, { code: 'offset-out-of-range', message: `The claim for marker ${n}: ${r.reason}.` });
      continue;
    }
    if (!spans.some((s) => s.sourceId === source.id && s.answerStart === r.start && s.answerEnd === r.end)) {
      spans.push({ sourceId: source.id, key: String(n), answerStart: r.start, answerEnd: r.end });
    }
  }

  const report: Record<string, unknown> = {};
  if (payload.uncited && payload.uncited.length > 0) report.uncited = payload.uncited;
  if (payload.invalid_markers && payload.invalid_markers.length > 0) report.invalid_markers = payload.invalid_markers;

  return {
    answer: assemble(input, {
      text: payload.answer,
      sources: table.sources,
      citations: citations.sort((a, b) => a.n - b.n),
      spans: spans.sort((a, b) => a.answerStart - b.answerStart),
      reviewReport: Object.keys(report).length > 0 ? report : undefined,
    }),
    warnings,
  };
};
