import { citedDocuments, escapeMarkdown, passageSource, type Draft } from './draft.ts';
import type { RankedPassage } from './retrieve.ts';

// The answer of the extractive answerer: the retrieved sentences themselves, best first, one paragraph each, each
// cited with `[n]`. Nothing is paraphrased, so every claim is its source's exact words. Pure.

export function extractiveDraft(ranked: readonly RankedPassage[], searchedDocuments: number): Draft {
  if (ranked.length === 0) return nothingFound(searchedDocuments);
  const sources = ranked.map((r, i) => passageSource(r, `S${i + 1}`));
  const paragraphs = ranked.map((r, i) => {
    const words = escapeMarkdown(r.passage.quote);
    // the marker goes before a closing full stop, as a writer would put it
    return words.endsWith('.') && !words.endsWith('\\.') ? `${words.slice(0, -1)} [${i + 1}].` : `${words} [${i + 1}]`;
  });
  return {
    text: paragraphs.join('\n\n'),
    documents: citedDocuments(ranked, sources),
    sources,
    citations: sources.map((s, i) => ({ n: i + 1, sourceId: s.id })),
  };
}

export function nothingFound(searchedDocuments: number): Draft {
  const where =
    searchedDocuments === 0
      ? 'There are no documents to search.'
      : `No passage of the ${searchedDocuments === 1 ? 'one searchable document' : `${searchedDocuments} searchable documents`} is relevant to it.`;
  return { text: `Nothing relevant was found for this question. ${where}`, documents: [], sources: [] };
}
