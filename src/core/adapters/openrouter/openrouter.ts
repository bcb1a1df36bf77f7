import { z } from 'zod';
import type { CitationMapping } from '../../model/types.ts';
import { parseMarkers } from '../../markers/parse-markers.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, opt, tagged } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { insertMarkers, type CitedSpan } from '../markers.ts';
import { offsetMapper } from '../offsets.ts';
import { findLink } from '../markdown-links.ts';
import { marker, replaceRanges, type Replacement } from '../replace-ranges.ts';
import { addFlag, SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// OpenRouter chat completions with web search (`:online`, the `web` plugin or a model's native search):
// `choices[0].message.annotations[]` of `{ type: "url_citation", url_citation: { url, title?, content?,
// start_index, end_index } }`, normalized by OpenRouter over every upstream provider. Annotation i is citation
// number i + 1. Where it sits in the text depends on the upstream model, so each is placed by the first rule that
// holds:
// 1. `start_index` < `end_index` (CODE POINTS, end exclusive, as OpenAI counts) selects text: if that text holds
//    the annotation's URL it is the citation's own link (OpenAI writes `([site](url))`), which is REPLACED by
//    `[i+1]`; otherwise it is the claim, and `[i+1]` is written after it with a claim span.
// 2. Otherwise (OpenRouter often sends 0/0) a Markdown link to the URL in the text (`[nytimes.com](url)`, as the
//    web plugin's prompt asks for; wrapping parentheses included) is replaced by `[i+1]`.
// 3. Otherwise a `[i+1]` marker the model wrote itself (Perplexity-style numbering) is the only link: it is kept.
// 4. Otherwise the source is listed without a marker (warning).
// `content` (the page excerpt OpenRouter adds) → text; `url` → url when it is not the document's own.

const annotationTypes = {
  url_citation: looseObject({
    url_citation: looseObject({
      url: z.string(),
      title: opt(z.string()),
      content: opt(z.string()),
      start_index: opt(z.number().int()),
      end_index: opt(z.number().int()),
    }),
  }),
};

export const openrouterSchema = looseObject({
  choices: z.array(looseObject({ message: looseObject({ content: opt(z.string()), annotations: opt(z.array(tagged(annotationTypes))) }) })).min(1),
});

export const adaptOpenrouter: Adapter = (input) => {
  const message = parsePayload('openrouter', openrouterSchema, input.payload).choices[0]!.message;
  const text = message.content ?? '';
  const mapper = offsetMapper(text, 'codepoint');
  const written = new Set(
    parseMarkers(text)
      .filter((g) => g.kind === 'numeric')
      .flatMap((g) => g.refs.map((r) => Number(r.key))),
  );
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const mapping: CitationMapping[] = [];
  const replacements: Replacement[] = [];
  const cited: CitedSpan[] = [];
  const taken = (start: number, end: number) => replacements.some((r) => r.start < end && start < r.end);

  for (const [i, raw] of (message.annotations ?? []).entries()) {
    const what = `choices[0].message.annotations[${i}]`;
    if (raw.type !== 'url_citation') {
      warnings.push(`${what} has the annotation type "${raw.type}", which is not read; it was skipped.`);
      continue;
    }
    const a = annotationTypes.url_citation.parse(raw).url_citation;
    const n = i + 1;
    const doc = citedDocument(matcher, input.documents, { url: a.url, title: a.title }, warnings, what, a.url);
    if (!doc) continue;
    const { source } = table.add({ ...doc, text: a.content || undefined });
    mapping.push({ n, sourceId: source.id });

    // 1. A range.
    const start = a.start_index ?? 0;
    const end = a.end_index ?? 0;
    if (end > start) {
      const s = mapper.toUtf16(start, 'start');
      const e = mapper.toUtf16(end, 'end');
      if (s !== undefined && e !== undefined && !taken(s, e)) {
        if (text.slice(s, e).includes(a.url)) replacements.push({ start: s, end: e, with: marker(n) });
        else cited.push({ start: s, end: e, sourceId: source.id, n });
        continue;
      }
      addFlag(source, {
        code: 'offset-out-of-range',
        message: `${what}: offsets ${start}–${end} are outside the text (length ${mapper.length}) or overlap another citation's link.`,
      });
    }
    // 2. A Markdown link to its URL.
    const link = findLink(text, a.url, taken);
    if (link) {
      replacements.push({ ...link, with: marker(n) });
      continue;
    }
    // 3. The model's own [n].
    if (written.has(n)) continue;
    warnings.push(`${what} (${a.url}) has no place in the text: no range, no link to its URL and no [${n}] marker; it is listed as a source without a marker.`);
  }

  const replaced = replaceRanges(text, replacements);
  const marked = insertMarkers(
    replaced.text,
    cited.map((c) => ({ ...c, start: replaced.map(c.start), end: replaced.map(c.end) })),
  );
  const broken = [...written].filter((k) => k < 1 || k > (message.annotations?.length ?? 0));
  if (broken.length > 0) warnings.push(`The answer cites ${broken.map((k) => `[${k}]`).join(', ')}, which no annotation describes; shown as broken citations.`);
  return {
    answer: assemble(input, { text: marked.text, sources: table.sources, citations: mapping, spans: marked.spans }),
    warnings,
  };
};
