import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';
import { docIndex, passageOf, passageQuote, stringField } from './passages.ts';

// Cohere v1 `/chat`: the answer is the top-level `text`; `citations[{ start, end, text, document_ids }]` cite spans
// of it (code points, end exclusive; `text` verifies them), and `document_ids` name entries of `documents[{ id, … }]`
// (`doc_0` is the first document sent). A document's fields vary by what the caller sent: `title`, `snippet`,
// `text`, `url` (often ""), anything else. Each (citation, document) is a source, as in v2.

const citationSchema = looseObject({
  start: opt(nonNegInt),
  end: opt(nonNegInt),
  text: opt(z.string()),
  document_ids: opt(z.array(z.string())),
});

const v1Schema = looseObject({
  text: z.string(),
  citations: opt(z.array(citationSchema)),
  documents: opt(z.array(z.record(z.string(), z.unknown()))),
});

export const adaptCohereV1: Adapter = (input) => {
  const payload = parsePayload('cohere', v1Schema, input.payload);
  const text = payload.text;
  const documents = payload.documents ?? [];
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  const mapper = offsetMapper(text, 'codepoint');

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}]`;
    const ids = c.document_ids ?? [];
    if (ids.length === 0) {
      warnings.push(`${what} ("${c.text ?? ''}") names no document; it was skipped.`);
      continue;
    }
    let range: { start: number; end: number } | undefined;
    let problem: string | undefined;
    if (c.start === undefined || c.end === undefined) {
      problem = 'it has no start/end';
    } else {
      const r = resolveSpan(text, mapper, c.start, c.end, c.text || undefined);
      if (r.ok) range = { start: r.start, end: r.end };
      problem = r.ok ? r.repaired : r.reason;
    }
    for (const id of ids) {
      const doc = documents.find((d) => d.id === id);
      if (!doc) warnings.push(`${what} names document "${id}", which the response's \`documents\` does not list; it is matched by its id alone.`);
      const ref = { id, index: docIndex(id), title: stringField(doc, 'title'), url: stringField(doc, 'url') };
      const resolved = resolveDocumentFields(matcher, ref, warnings, `${what} (${id})`);
      if (!resolved) continue;
      const passage = passageOf(doc);
      const index = docIndex(id);
      const { source, n } = table.add({
        ...resolved,
        quote: passageQuote(c.text, passage),
        text: passage,
        url: ref.url && /^https?:\/\//i.test(ref.url) ? ref.url : undefined,
        location: index !== undefined ? { resultIndex: index } : undefined,
      });
      if (problem) addFlag(source, { code: 'offset-out-of-range', message: `The cited span of ${what}: ${problem}.` });
      // A citation without a usable span still cites its source: the marker goes at the end of the answer.
      cited.push({ ...(range ?? { start: text.length, end: text.length }), sourceId: source.id, n });
    }
    if (!range) warnings.push(`${what}: ${problem ?? 'no span'}; its markers were put at the end of the answer.`);
  }

  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};
