import { z } from 'zod';
import type { ReasoningBlock } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, nonNegInt, opt } from '../common.ts';
import { matcherFor, type DocumentReference } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper, resolveSpan } from '../offsets.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Gemini's Interactions API: the interaction's `steps[]` are typed (`user_input`, `thought`, `google_search_call`,
// `google_search_result`, `file_search_result`, `model_output`, …); older responses list the model's parts in
// `outputs[]`. The answer is the text of the `model_output` steps (or of `outputs[]` of type text); each text
// part's `annotations[]` cite spans of it: `url_citation { url, title }`, `file_citation { document_uri,
// file_name, source }`, each with `start_index` / `end_index` (characters: code points, end exclusive). `thought`
// steps are reasoning. Search results the answer does not cite are counted in a warning, not read as sources.

const annotation = looseObject({
  type: opt(z.string()),
  url: opt(z.string()),
  title: opt(z.string()),
  document_uri: opt(z.string()),
  file_name: opt(z.string()),
  source: opt(z.string()),
  start_index: opt(nonNegInt),
  end_index: opt(nonNegInt),
});
const part = looseObject({ type: opt(z.string()), text: opt(z.string()), annotations: opt(z.array(annotation)) });
const step = looseObject({ type: opt(z.string()), content: opt(z.array(part)), result: opt(z.unknown()), results: opt(z.unknown()) });

const interactionSchema = looseObject({ steps: opt(z.array(step)), outputs: opt(z.array(part)) });

type Part = z.output<typeof part>;

export const adaptInteractions: Adapter = (input) => {
  const payload = parsePayload('gemini', interactionSchema, input.payload);
  const parts: Array<{ part: Part; where: string }> = [];
  const reasoning: ReasoningBlock[] = [];
  const lookedAt = new Set<string>();
  for (const [i, s] of (payload.steps ?? []).entries()) {
    if (s.type === 'model_output') {
      (s.content ?? []).forEach((p, k) => parts.push({ part: p, where: `steps[${i}].content[${k}]` }));
    } else if (s.type === 'thought') {
      for (const p of s.content ?? []) if (p.text?.trim()) reasoning.push({ text: p.text });
    } else if (s.type?.endsWith('_result')) {
      for (const url of resultUrls(s.result ?? s.results)) lookedAt.add(url);
    }
  }
  if (!payload.steps) (payload.outputs ?? []).forEach((p, k) => parts.push({ part: p, where: `outputs[${k}]` }));

  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const cited: CitedSpan[] = [];
  let text = '';
  for (const { part: p, where } of parts) {
    if ((p.type !== undefined && p.type !== 'text') || p.text === undefined) continue;
    if (text !== '') text += '\n\n';
    const offset = text.length;
    const mapper = offsetMapper(p.text, 'codepoint');
    for (const [a, c] of (p.annotations ?? []).entries()) {
      const what = `${where}.annotations[${a}]`;
      const ref: DocumentReference =
        c.type === 'file_citation' ? { url: c.document_uri, filename: c.file_name, any: c.source, title: c.title } : { url: c.url, title: c.title };
      const doc = citedDocument(matcher, input.documents, ref, warnings, what, c.url);
      if (!doc) continue;
      const { source, n } = table.add(doc);
      const r = c.start_index !== undefined && c.end_index !== undefined ? resolveSpan(p.text, mapper, c.start_index, c.end_index) : undefined;
      if (r?.ok) {
        cited.push({ start: offset + r.start, end: offset + r.end, sourceId: source.id, n });
      } else {
        if (r) addFlag(source, { code: 'offset-out-of-range', message: `${what}: ${r.reason}.` });
        warnings.push(`${what} gives no usable place in the text; its marker was put at the end of the part.`);
        cited.push({ start: offset + p.text.length, end: offset + p.text.length, sourceId: source.id, n });
      }
    }
    text += p.text;
  }

  const citedUrls = new Set(table.sources.flatMap((s) => [s.url, input.documents.find((d) => d.id === s.documentId)?.url]));
  const uncited = [...lookedAt].filter((u) => !citedUrls.has(u)).length;
  if (uncited > 0)
    warnings.push(
      `${uncited} search result${uncited === 1 ? '' : 's'} of the interaction ${uncited === 1 ? 'is' : 'are'} cited by no annotation; not read as sources.`,
    );

  const marked = insertMarkers(text, cited);
  return { answer: assemble(input, { text: marked.text, sources: table.sources, citations: marked.citations, spans: marked.spans, reasoning }), warnings };
};

/** The URLs of a tool result step's results (`[{ url, title, … }]`). */
function resultUrls(results: unknown): string[] {
  if (!Array.isArray(results)) return [];
  return results.flatMap((r) => (typeof r === 'object' && r !== null && typeof (r as { url?: unknown }).url === 'string' ? [(r as { url: string }).url] : []));
}
