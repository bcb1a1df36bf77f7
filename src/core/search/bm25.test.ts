import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idf, scoreCandidates, type CorpusStats } from './bm25.ts';
import { searchTerms, stem } from './tokenize.ts';

const passages = [
  'Vendor accounts that have not been used for 30 days are disabled automatically.',
  'Disabled accounts are deleted after a further 60 days.',
  'Backup copies are kept for a rolling 35 days and then overwritten.',
  'Vendors must use multi-factor authentication for all remote access to Company systems.',
].map(searchTerms);

/** What the database engine says of a corpus: its size, length and each term's document frequency. */
function statsOf(corpus: readonly (readonly string[])[]): CorpusStats {
  const df = new Map<string, number>();
  for (const terms of corpus) for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  return { n: corpus.length, totalLength: corpus.reduce((s, t) => s + t.length, 0), df };
}

const search = (corpus: readonly (readonly string[])[], query: readonly string[]) => scoreCandidates(corpus, query, statsOf(corpus));

describe('searchTerms', () => {
  it('folds case and punctuation, drops function words and strips plural and verb endings', () => {
    expect(searchTerms('Which ACCOUNTS are disabled, and when?')).toEqual(['account', 'disabl']);
    expect(searchTerms('Multi-factor authentication')).toEqual(['multifactor', 'authentication']);
    expect(stem('policies')).toBe('policy');
    expect(stem('access')).toBe('access');
    expect(searchTerms('Tier 1 vendors')).toEqual(['tier', '1', 'vendor']);
  });
});

describe('BM25', () => {
  it('ranks the passage that holds the rarer query words first', () => {
    const { hits } = search(passages, searchTerms('When are unused vendor accounts disabled?'));
    expect(hits.map((h) => h.candidate).slice(0, 2)).toEqual([0, 1]);
    expect(hits[0]?.matched).toBe(3);
  });

  it('finds nothing for words no passage has, and its ceiling counts them', () => {
    const r = search(passages, searchTerms('capital of France'));
    expect(r.hits).toEqual([]);
    const partly = search(passages, searchTerms('backup copies in France'));
    // the one passage about backups matches two of three words: well under the best possible score
    expect(partly.hits).toHaveLength(1);
    expect((partly.hits[0]?.score ?? 0) / partly.ceiling).toBeLessThan(0.7);
  });

  it('prefers a short passage to a long one with the same matches', () => {
    const corpus = [searchTerms('backup kept rolling overwritten archive storage media tape offsite encrypted'), searchTerms('backup kept')];
    expect(search(corpus, searchTerms('backup')).hits[0]?.candidate).toBe(1);
  });

  it('idf is positive even for a word in every passage', () => {
    expect(idf(10, 10)).toBeGreaterThan(0);
    expect(idf(10, 1)).toBeGreaterThan(idf(10, 5));
  });

  const word = fc.constantFrom('vendor', 'account', 'backup', 'key', 'log', 'tier', 'data');
  const corpusAndQuery = fc.tuple(fc.array(fc.array(word, { maxLength: 8 }), { minLength: 1, maxLength: 12 }), fc.array(word, { minLength: 1, maxLength: 4 }));

  it('scores a passage the same whichever other candidates the engine returned with it', () => {
    // the engine hands over a limited, differently ranked subset: the scores (and the floors on them) must not move
    fc.assert(
      fc.property(corpusAndQuery, fc.array(fc.boolean()), ([corpus, query], keep) => {
        const stats = statsOf(corpus);
        const all = new Map(scoreCandidates(corpus, query, stats).hits.map((h) => [h.candidate, h.score]));
        const picked = corpus.map((_, i) => i).filter((i) => keep[i] ?? true);
        const some = scoreCandidates(
          picked.map((i) => corpus[i] ?? []),
          query,
          stats,
        );
        for (const h of some.hits) expect(h.score).toBe(all.get(picked[h.candidate] ?? -1));
        expect(some.hits).toHaveLength(picked.filter((i) => all.has(i)).length);
      }),
    );
  });

  it('no passage scores above the ceiling, and the hits are best first', () => {
    fc.assert(
      fc.property(corpusAndQuery, ([corpus, query]) => {
        const { hits, ceiling } = search(corpus, query);
        for (const h of hits) expect(h.score).toBeLessThanOrEqual(ceiling + 1e-9);
        for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
      }),
    );
  });
});
