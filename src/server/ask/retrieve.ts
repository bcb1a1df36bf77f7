import { scoreCandidates } from '../../core/search/bm25.ts';
import { questionTerms } from '../../core/search/tokenize.ts';
import { matchKey } from '../../core/locate/normalize.ts';
import type { Passage } from './extract-passages.ts';
import type { IndexedDocument, SearchIndexStore } from './search-index-db.ts';

// Which sentences answer a question: the database engine finds the sentences that hold a question's term (its own
// ranking picks at most `candidates` of them), our BM25 scores them with the whole index's statistics, best first,
// at most `max`, none below an absolute floor (so an unrelated question finds nothing rather than the least unrelated
// sentence) and none far below the best one.

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
  /** How many sentences the engine hands to BM25, its best first. */
  candidates?: number;
}

export const DEFAULT_MAX_PASSAGES = 4;
/**
 * Measured on the demo policies: sentences that answer a question score 0.15–0.45, unrelated questions below 0.1
 * (their words are not in the documents, which counts against them: see scoreCandidates' ceiling).
 */
export const DEFAULT_MIN_RELEVANCE = 0.15;
/**
 * Far more than the answer cites: the engines rank with their own formulas (FTS5's bm25 with b = 0.75, PostgreSQL's
 * cover density), so the few sentences ours ranks first must be among the engine's first few hundred. On the demo
 * questions they are among FTS5's first 9 and PostgreSQL's first 17 (search-index-compare.test.ts compares).
 */
export const DEFAULT_CANDIDATES = 200;

/** `documents`: the searchable documents, in the server's lookup order (ties between equal scores go to the earlier). */
export async function retrieve(
  index: SearchIndexStore,
  documents: readonly IndexedDocument[],
  question: string,
  options: RetrieveOptions = {},
): Promise<RankedPassage[]> {
  const max = options.max ?? DEFAULT_MAX_PASSAGES;
  const minRelevance = options.minRelevance ?? DEFAULT_MIN_RELEVANCE;
  const relativeFloor = options.relativeFloor ?? 0.5;
  const query = [...new Set(questionTerms(question))];
  if (query.length === 0 || documents.length === 0) return [];
  const order = new Map(documents.map((d, i) => [d.id, i]));
  const [found, stats] = await Promise.all([index.candidates(query, options.candidates ?? DEFAULT_CANDIDATES), index.stats(query)]);
  // Only documents this server may search (another replica may have indexed one it has not listed yet).
  const candidates = found
    .filter((c) => order.has(c.passage.documentId))
    .sort((p, q) => (order.get(p.passage.documentId) ?? 0) - (order.get(q.passage.documentId) ?? 0) || p.ordinal - q.ordinal);
  // b = 0.5 rather than BM25's usual 0.75: passages are sentences, whose lengths vary less than documents' and where
  // a long sentence is not padding; at 0.75 short sentences that merely mention a word won too often.
  const { hits, ceiling } = scoreCandidates(
    candidates.map((c) => c.terms),
    query,
    stats,
    { b: 0.5 },
  );
  const best = hits[0]?.score ?? 0;
  const out: RankedPassage[] = [];
  const seen = new Set<string>();
  for (const hit of hits) {
    if (out.length >= max) break;
    const relevance = ceiling > 0 ? hit.score / ceiling : 0;
    if (relevance < minRelevance || hit.score < relativeFloor * best) break;
    const passage = candidates[hit.candidate]?.passage;
    const document = passage && documents[order.get(passage.documentId) ?? -1];
    if (!passage || !document) continue;
    // the same words twice (a repeated notice, a clause copied into two policies) cite nothing new
    const key = matchKey(passage.quote);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ passage, document, relevance: Math.round(relevance * 1000) / 1000 });
  }
  return out;
}
