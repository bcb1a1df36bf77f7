import { z } from 'zod';
import type { CitationMapping, ReasoningBlock } from '../../model/types.ts';
import { citedDocument } from '../cited-document.ts';
import { assemble, looseObject, opt } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { findLink } from '../markdown-links.ts';
import { marker, replaceRanges, type Replacement } from '../replace-ranges.ts';
import { SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

// Groq's compound systems (`groq/compound`, `compound-beta`): an OpenAI-style chat completion whose message carries
// the tools Groq ran on its side, `executed_tools[{ type, arguments, output, search_results: { results: [{ title,
// url, content, score }] } }]`, and the model's `reasoning`. The answer is `message.content`; its citations are the
// search results (every execution's, in order, one source per URL): a Markdown link to a result's URL in the text is
// replaced by its marker. A result the text does not link is kept as a source without a marker (warning), since
// the answer was written from it. No offsets.

const resultSchema = looseObject({ title: opt(z.string()), url: opt(z.string()), content: opt(z.string()), score: opt(z.number().finite()) });
const toolSchema = looseObject({ type: opt(z.string()), search_results: opt(looseObject({ results: opt(z.array(resultSchema)) })) });

export const groqSchema = looseObject({
  choices: z
    .array(looseObject({ message: looseObject({ content: opt(z.string()), reasoning: opt(z.string()), executed_tools: opt(z.array(toolSchema)) }) }))
    .min(1),
});

export const adaptGroq: Adapter = (input) => {
  const message = parsePayload('groq', groqSchema, input.payload).choices[0]!.message;
  const text = message.content ?? '';
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const citations: CitationMapping[] = [];
  const replacements: Replacement[] = [];
  const taken = (start: number, end: number) => replacements.some((r) => r.start < end && start < r.end);
  const seen = new Set<string>();
  let unlinked = 0;
  let resultIndex = 0;

  for (const [t, tool] of (message.executed_tools ?? []).entries()) {
    for (const [k, r] of (tool.search_results?.results ?? []).entries()) {
      const what = `choices[0].message.executed_tools[${t}].search_results.results[${k}]`;
      const index = resultIndex++;
      if (r.url !== undefined && seen.has(r.url)) continue;
      if (r.url !== undefined) seen.add(r.url);
      const doc = citedDocument(matcher, input.documents, { url: r.url, title: r.title }, warnings, what, r.url);
      if (!doc) continue;
      const { source, n, isNew } = table.add({ ...doc, text: r.content || undefined, relevance: r.score, location: { resultIndex: index } });
      if (isNew) citations.push({ n, sourceId: source.id });
      let linked = false;
      for (let link = r.url ? findLink(text, r.url, taken) : undefined; link; link = findLink(text, r.url!, taken)) {
        replacements.push({ ...link, with: marker(n) });
        linked = true;
      }
      if (!linked && isNew) unlinked++;
    }
  }
  if (unlinked > 0) {
    warnings.push(
      `${unlinked} search result${unlinked === 1 ? '' : 's'} of executed_tools ${unlinked === 1 ? 'is' : 'are'} linked nowhere in the answer; listed as sources without a marker.`,
    );
  }
  const reasoning: ReasoningBlock[] = message.reasoning?.trim() ? [{ text: message.reasoning.trim() }] : [];
  return { answer: assemble(input, { text: replaceRanges(text, replacements).text, sources: table.sources, citations, reasoning }), warnings };
};
