// Okapi BM25 over short passages (sentences). The database engine (SQLite FTS5, PostgreSQL full-text search) finds
// the candidate passages; this scores them with the corpus statistics the engine keeps (passage count, total length,
// document frequency per term), so a score, the relevance derived from it and the answerer's floors mean the same
// whatever engine found the candidates and however many it returned. Pure.

export interface CorpusStats {
  /** Number of passages in the whole index. */
  n: number;
  /** Sum of every passage's length (terms). */
  totalLength: number;
  /** Passages that hold each term (absent: none). */
  df: ReadonlyMap<string, number>;
}

export interface Bm25Hit {
  /** Index of the candidate in the list scored. */
  candidate: number;
  score: number;
  /** Distinct query terms the passage contains. */
  matched: number;
}

export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** Inverse document frequency, the "+1" form that is never negative (a term in every passage still counts a bit). */
export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

export interface Bm25Result {
  hits: Bm25Hit[];
  /**
   * The best score any passage could reach for this query: every distinct term present with a term frequency that
   * saturates (BM25's limit is idf·(k1+1) per term). Divide a score by it for a 0–1 relevance.
   */
  ceiling: number;
}

/**
 * Scores each candidate (its terms, see searchTerms) against the query; returns those that share a term with it, best
 * first (ties: earlier candidate). A candidate's score depends only on it and `stats`, never on the other candidates.
 */
export function scoreCandidates(
  candidates: readonly (readonly string[])[],
  query: readonly string[],
  stats: CorpusStats,
  options: Bm25Options = {},
): Bm25Result {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const avgdl = stats.n > 0 ? stats.totalLength / stats.n : 0;
  const weights = new Map<string, number>();
  let ceiling = 0;
  for (const term of new Set(query)) {
    const df = stats.df.get(term) ?? 0;
    // Query terms no passage has still count against the ceiling: "capital of France" over security policies must
    // not look like a strong match because its only known word is "policy".
    const w = idf(stats.n, df);
    ceiling += w * (k1 + 1);
    if (df > 0) weights.set(term, w);
  }
  const hits: Bm25Hit[] = [];
  candidates.forEach((terms, candidate) => {
    const tf = new Map<string, number>();
    for (const t of terms) if (weights.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
    if (tf.size === 0) return;
    const norm = avgdl > 0 ? 1 - b + (b * terms.length) / avgdl : 1;
    let score = 0;
    // summed in query order, so equal passages score exactly equal (ties then fall to candidate order)
    for (const [t, w] of weights) {
      const f = tf.get(t);
      if (f !== undefined) score += (w * f * (k1 + 1)) / (f + k1 * norm);
    }
    hits.push({ candidate, score, matched: tf.size });
  });
  hits.sort((p, q) => q.score - p.score || p.candidate - q.candidate);
  return { hits, ceiling };
}
