import { z } from 'zod';
import { assemble, looseObject, nonNegInt, opt, pageNumber, resolveDocumentFields } from '../common.ts';
import { matcherFor, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// RubyLLM `Message#citations` (to_h): `content[start_index...end_index] == text`, where the indices are Ruby
// string indices: CODE POINTS, end exclusive. `start_page`/`end_page` are 1-based and BOTH INCLUSIVE.
// `cited_text` is the quote. The document is matched by url, then title, then `source_index` (0-based, the
// position in the sources sent; it may count web results, so it is the last resort). We write `[n]` after each
// cited span; a citation without indices and without `text` gets its marker at the end of the content.

const citationSchema = looseObject({
  title: opt(z.string()),
  url: opt(z.string()),
  cited_text: opt(z.string()),
  text: opt(z.string()),
  start_index: opt(nonNegInt),
  end_index: opt(nonNegInt),
  source_index: opt(nonNegInt),
  start_page: opt(pageNumber),
  end_page: opt(pageNumber),
});

export const rubyllmSchema = looseObject({
  content: z.string(),
  citations: opt(z.array(citationSchema)),
});

export const adaptRubyllm: Adapter = (input) => {
  const payload = parsePayload('rubyllm', rubyllmSchema, input.payload);
  const content = payload.content;
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const mapper = offsetMapper(content, 'codepoint');
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];

  for (const [i, c] of (payload.citations ?? []).entries()) {
    const what = `citations[${i}]`;
    const ref: DocumentReference = { url: c.url, title: c.title };
    const byName = ref.url !== undefined || ref.title !== undefined ? matcher.match(ref) : { kind: 'none' as const };
    const doc = byName.kind === 'matched' ? { documentId: byName.doc.id } : resolveDocumentFields(matcher, { ...ref, index: c.source_index }, warnings, what);
    if (doc === undefined) continue;
    let pageEnd = c.end_page;
    if (pageEnd !== undefined && (c.start_page === undefined || pageEnd < c.start_page)) {
      warnings.push(`${what} has end_page ${pageEnd} without a start_page at or before it; end_page was dropped.`);
      pageEnd = undefined;
    }
    const { source, n } = table.add({
      ...doc,
      quote: c.cited_text || undefined,
      page: c.start_page,
      pageEnd: pageEnd !== undefined && pageEnd !== c.start_page ? pageEnd : undefined,
    });

    if (c.start_index !== undefined && c.end_index !== undefined) {
      const r = resolveSpan(content, mapper, c.start_index, c.end_index, c.text || undefined);
      if (r.ok) {
        if (r.repaired) addFlag(source, { code: 'offset-out-of-range', message: `The cited span: ${r.repaired}.` });
        cited.push({ start: r.start, end: r.end, sourceId: source.id, n });
        continue;
      }
      addFlag(source, { code: 'offset-out-of-range', message: `The cited span: ${r.reason}.` });
    } else if (c.text) {
      const at = content.indexOf(c.text);
      if (at >= 0) {
        cited.push({ start: at, end: at + c.text.length, sourceId: source.id, n });
        continue;
      }
    }
    warnings.push(`${what} gives no usable place in the answer; its marker was put at the end of the answer.`);
    cited.push({ start: content.length, end: content.length, sourceId: source.id, n });
  }

  const marked = insertMarkers(content, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans }), warnings };
};
