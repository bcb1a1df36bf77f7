import { z } from 'zod';
import type { CitationMapping, ReasoningBlock } from '../../model/types.ts';
import { assemble, looseObject, opt, resolveDocumentFields } from '../common.ts';
import { matcherFor } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { SourceTable } from '../sources.ts';
import type { Adapter, AdapterInput, AdapterResult } from '../types.ts';

// Perplexity /chat/completions (Sonar): the model writes `[n]` markers into `choices[0].message.content`; n is
// 1-based into `citations` (the URLs, as strings) and `search_results` (`{ title, url, date?, last_updated?,
// snippet? }`, the newer, richer list; the two are in the same order). Each entry is one source: `url` → source.url
// and the document (matched by URL, then title); `date` (publication date) → date; `snippet` → text (a search
// snippet, not a quote); the 0-based position → location.resultIndex. The text is kept unchanged and
// `citations: [{ n, sourceId }]` maps the numbers. Reasoning models (sonar-reasoning) open their content with a
// `<think>…</think>` block: it is moved to answer.reasoning.

const searchResult = looseObject({
  title: opt(z.string()),
  url: opt(z.string()),
  date: opt(z.string()),
  last_updated: opt(z.string()),
  snippet: opt(z.string()),
});

export const perplexitySchema = looseObject({
  choices: z.array(looseObject({ message: looseObject({ content: opt(z.string()) }) })).min(1),
  citations: opt(z.array(z.string())),
  search_results: opt(z.array(searchResult)),
});

type SearchResult = z.output<typeof searchResult>;

export const adaptPerplexity: Adapter = (input) => {
  const p = input.payload;
  if (typeof p === 'object' && p !== null && 'output' in p) return adaptResponses(input);
  const payload = parsePayload('perplexity', perplexitySchema, input.payload);
  const { text, reasoning } = splitThinking(payload.choices[0]!.message.content ?? '');
  return numberedSources(input, text, payload.citations ?? [], payload.search_results ?? [], reasoning);
};

/**
 * The answer with its `[n]` markers and every numbered result as a source: n is 1-based into `urls` and
 * `results` (the same order; the result with the URL wins when they disagree), or a result's own `id`.
 */
function numberedSources(
  input: AdapterInput,
  text: string,
  urls: readonly string[],
  results: readonly (SearchResult & { id?: number })[],
  reasoning: ReasoningBlock[],
  warnings: string[] = [],
): AdapterResult {
  const matcher = matcherFor(input);
  const table = new SourceTable(input.documents);
  const citations: CitationMapping[] = [];
  const count = Math.max(urls.length, results.length);
  /** Every number the response lists (a dropped one was already warned about). */
  const listed = new Set<number>();
  for (let i = 0; i < count; i++) {
    const url = urls[i] ?? results[i]?.url;
    // Same order in both lists; when they disagree, the search result with the citation's URL wins.
    const result: (SearchResult & { id?: number }) | undefined =
      (url !== undefined ? results.find((r) => r.url === url) : undefined) ?? (urls[i] === undefined ? results[i] : undefined);
    const what = url !== undefined ? `citations[${i}]` : `search_results[${i}]`;
    listed.add(result?.id ?? i + 1);
    const resolved = resolveDocumentFields(matcher, { url, title: result?.title }, warnings, `${what} ([${i + 1}])`);
    if (!resolved) continue;
    const { source } = table.add({
      ...resolved,
      url,
      date: result?.date || undefined,
      text: result?.snippet || undefined,
      location: { resultIndex: i },
    });
    citations.push({ n: result?.id ?? i + 1, sourceId: source.id });
  }

  const missing = [...new Set([...text.matchAll(/\[(\d{1,4})\]/g)].map((m) => Number(m[1])))].filter((n) => !listed.has(n));
  if (missing.length > 0) {
    warnings.push(`The answer cites ${missing.map((n) => `[${n}]`).join(', ')}, but the response lists only ${count} citation${count === 1 ? '' : 's'}.`);
  }

  return { answer: assemble(input, { text, sources: table.sources, citations, reasoning }), warnings };
}

// Perplexity's Agent API (`/v1/responses`): `output[]` holds `message` items (`output_text` parts, whose `[n]`
// markers are the citations; `annotations` are empty) and `search_results` items, whose `results[]` carry the `id`
// a marker names (1-based; list position when absent).
const responsesSchema = looseObject({
  output: z.array(
    looseObject({
      type: opt(z.string()),
      content: opt(z.array(looseObject({ type: opt(z.string()), text: opt(z.string()), annotations: opt(z.array(z.unknown())) }))),
      results: opt(z.array(searchResult.extend({ id: opt(z.number().int()) }))),
    }),
  ),
});

function adaptResponses(input: AdapterInput): AdapterResult {
  const payload = parsePayload('perplexity', responsesSchema, input.payload);
  const warnings: string[] = [];
  const texts: string[] = [];
  const results: Array<SearchResult & { id?: number }> = [];
  for (const [i, item] of payload.output.entries()) {
    if (item.type === 'search_results') results.push(...(item.results ?? []));
    if (item.type !== 'message') continue;
    for (const [k, part] of (item.content ?? []).entries()) {
      if (part.type !== 'output_text' || part.text === undefined) continue;
      texts.push(part.text);
      const n = part.annotations?.length ?? 0;
      if (n > 0)
        warnings.push(
          `output[${i}].content[${k}] has ${n} annotation${n === 1 ? '' : 's'}, which are not read: the [n] markers in the text are the citations.`,
        );
    }
  }
  const { text, reasoning } = splitThinking(texts.join('\n\n'));
  return numberedSources(input, text, [], results, reasoning, warnings);
}

/** Moves a leading `<think>…</think>` block (Perplexity's reasoning models) out of the answer. */
function splitThinking(content: string): { text: string; reasoning: ReasoningBlock[] } {
  const m = /^\s*<think>([\s\S]*?)<\/think>\s*/.exec(content);
  if (!m) return { text: content, reasoning: [] };
  const thought = m[1]!.trim();
  return { text: content.slice(m[0].length), reasoning: thought ? [{ text: thought }] : [] };
}
