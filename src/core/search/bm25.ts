// Okapi BM25 over short passages (sentences), in shards: one shard per document, built once, so adding or changing
// a document never rebuilds the others. Corpus statistics (passage count, average length, document frequency) are
// summed over the shards at query time, which keeps the scores those of one index over all of them. Pure.

export interface Bm25Shard {
  /** Number of passages. */
  n: number;
  /** Length (terms) of each passage. */
  lengths: number[];
  totalLength: number;
  /** term → [passage index, term frequency] pairs, passage index ascending. */
  postings: Map<string, Array<[number, number]>>;
}

export interface Bm25Hit {
  shard: number;
  passage: number;
  score: number;
  /** Distinct query terms the passage contains. */
  matched: number;
}

export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** Builds one shard from each passage's terms (see searchTerms). */
export function buildShard(passages: readonly (readonly string[])[]): Bm25Shard {
  const postings = new Map<string, Array<[number, number]>>();
  const lengths: number[] = [];
  let totalLength = 0;
  passages.forEach((terms, i) => {
    lengths.push(terms.length);
    totalLength += terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, f] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push([i, f]);
    }
  });
  return { n: passages.length, lengths, totalLength, postings };
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

/** Every passage that shares a term with the query, best first (ties: earlier shard, then earlier passage). */
export function searchShards(shards: readonly Bm25Shard[], query: readonly string[], options: Bm25Options = {}): Bm25Result {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const n = shards.reduce((s, x) => s + x.n, 0);
  const total = shards.reduce((s, x) => s + x.totalLength, 0);
  const avgdl = n > 0 ? total / n : 0;
  const terms = [...new Set(query)];
  const scores = new Map<string, Bm25Hit>();
  let ceiling = 0;
  for (const term of terms) {
    const df = shards.reduce((s, x) => s + (x.postings.get(term)?.length ?? 0), 0);
    if (df === 0) continue;
    const w = idf(n, df);
    ceiling += w * (k1 + 1);
    shards.forEach((shard, si) => {
      for (const [pi, tf] of shard.postings.get(term) ?? []) {
        const len = shard.lengths[pi] ?? 0;
        const norm = avgdl > 0 ? 1 - b + (b * len) / avgdl : 1;
        const part = (w * tf * (k1 + 1)) / (tf + k1 * norm);
        const key = `${si}:${pi}`;
        const hit = scores.get(key);
        if (hit) {
          hit.score += part;
          hit.matched += 1;
        } else scores.set(key, { shard: si, passage: pi, score: part, matched: 1 });
      }
    });
  }
  // Query terms no passage has still count against the ceiling: "capital of France" over security policies must
  // not look like a strong match because its only known word is "policy".
  for (const term of terms) {
    if (!shards.some((x) => x.postings.has(term))) ceiling += idf(n, 0) * (k1 + 1);
  }
  const hits = [...scores.values()].sort((p, q) => q.score - p.score || p.shard - q.shard || p.passage - q.passage);
  return { hits, ceiling };
}
