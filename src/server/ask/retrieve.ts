import { searchShards } from '../../core/search/bm25.ts';
import { questionTerms } from '../../core/search/tokenize.ts';
import { matchKey } from '../../core/locate/normalize.ts';
import type { IndexedDocument, Passage } from './document-index.ts';

// Which sentences answer a question: BM25 over every indexed sentence (with its section heading), best first, at
// most `max`, none below an absolute floor (so an unrelated question finds nothing rather than the least unrelated
// sentence) and none far below the best one. Pure.

export interface RankedPassage {
  passage: Passage;
  document: IndexedDocument;
  /** The BM25 score divided by the best score the query could reach: 0–1. */
  relevance: number;
}

export interface RetrieveOptions {
  max?: number;
  /** Least relevance (0–1) a passage needs at all. */
  minRelevance?: number;
  /** Least score relative to the best passage's. */
  relativeFloor?: number;
}

export const DEFAULT_MAX_PASSAGES = 4;
/**
 * Measured on the demo policies: sentences that answer a question score 0.15–0.45, unrelated questions below 0.1
 * (their words are not in the documents, which counts against them: see searchShards' ceiling).
 */
export const DEFAULT_MIN_RELEVANCE = 0.15;

export function retrieve(documents: readonly IndexedDocument[], question: string, options: RetrieveOptions = {}): RankedPassage[] {
  const max = options.max ?? DEFAULT_MAX_PASSAGES;
  const minRelevance = options.minRelevance ?? DEFAULT_MIN_RELEVANCE;
  const relativeFloor = options.relativeFloor ?? 0.5;
  const query = questionTerms(question);
  if (query.length === 0) return [];
  // b = 0.5 rather than BM25's usual 0.75: passages are sentences, whose lengths vary less than documents' and where
  // a long sentence is not padding; at 0.75 short sentences that merely mention a word won too often.
  const { hits, ceiling } = searchShards(
    documents.map((d) => d.shard),
    query,
    { b: 0.5 },
  );
  const best = hits[0]?.score ?? 0;
  const out: RankedPassage[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (out.length >= max) break;
    const relevance = ceiling > 0 ? hit.score / ceiling : 0;
    if (relevance < minRelevance || hit.score < relativeFloor * best) break;
    const document = documents[hit.shard];
    const passage = document?.passages[hit.passage];
    if (!document || !passage) continue;
    // the same words twice (a repeated notice, a clause copied into two policies) cite nothing new
    const key = matchKey(passage.quote);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ passage, document, relevance: Math.round(relevance * 1000) / 1000 });
  }
  return out;
}
