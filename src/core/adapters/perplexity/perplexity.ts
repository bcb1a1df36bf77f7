import { z } from 'zod';
import type { CitationMapping, ReasoningBlock } from '../../model/types.ts';
import { assemble, looseObject, opt, resolveDocumentFields } from '../common.ts';
import { DocumentMatcher } from '../documents.ts';
import { parsePayload } from '../errors.ts';
import { SourceTable } from '../sources.ts';
import type { Adapter } from '../types.ts';

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
  choices: z.array(looseObject({ message: looseObject({ content: z.string() }) })).min(1),
  citations: opt(z.array(z.string())),
  search_results: opt(z.array(searchResult)),
});

type SearchResult = z.output<typeof searchResult>;

export const adaptPerplexity: Adapter = (input) => {
  const payload = parsePayload('perplexity', perplexitySchema, input.payload);
  const matcher = new DocumentMatcher(input.documents);
  const table = new SourceTable(input.documents);
  const warnings: string[] = [];
  const citations: CitationMapping[] = [];

  const { text, reasoning } = splitThinking(payload.choices[0]!.message.content);
  const urls = payload.citations ?? [];
  const results = payload.search_results ?? [];
  const count = Math.max(urls.length, results.length);
  for (let i = 0; i < count; i++) {
    const url = urls[i] ?? results[i]?.url;
    // Same order in both lists; when they disagree, the search result with the citation's URL wins.
    const result: SearchResult | undefined = (url !== undefined ? results.find((r) => r.url === url) : undefined) ?? (urls[i] === undefined ? results[i] : undefined);
    const what = url !== undefined ? `citations[${i}]` : `search_results[${i}]`;
    const resolved = resolveDocumentFields(matcher, { url, title: result?.title }, warnings, `${what} ([${i + 1}])`);
    if (!resolved) continue;
    const { source } = table.add({
      ...resolved,
      url,
      date: result?.date || undefined,
      text: result?.snippet || undefined,
      location: { resultIndex: i },
    });
    citations.push({ n: i + 1, sourceId: source.id });
  }

  const known = new Set(citations.map((c) => c.n));
  const missing = [...new Set([...text.matchAll(/\[(\d{1,4})\]/g)].map((m) => Number(m[1])))].filter((n) => !known.has(n) && (n < 1 || n > count));
  if (missing.length > 0) {
    warnings.push(`The answer cites ${missing.map((n) => `[${n}]`).join(', ')}, but the response lists only ${count} citation${count === 1 ? '' : 's'}.`);
  }

  return { answer: assemble(input, { text, sources: table.sources, citations, reasoning }), warnings };
};

/** Moves a leading `<think>…</think>` block (Perplexity's reasoning models) out of the answer. */
function splitThinking(content: string): { text: string; reasoning: ReasoningBlock[] } {
  const m = /^\s*<think>([\s\S]*?)<\/think>\s*/.exec(content);
  if (!m) return { text: content, reasoning: [] };
  const thought = m[1]!.trim();
  return { text: content.slice(m[0].length), reasoning: thought ? [{ text: thought }] : [] };
}
