import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildShard, idf, searchShards } from './bm25.ts';
import { searchTerms, stem } from './tokenize.ts';

const passages = [
  'Vendor accounts that have not been used for 30 days are disabled automatically.',
  'Disabled accounts are deleted after a further 60 days.',
  'Backup copies are kept for a rolling 35 days and then overwritten.',
  'Vendors must use multi-factor authentication for all remote access to Company systems.',
];
const shard = () => buildShard(passages.map(searchTerms));

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
    const { hits } = searchShards([shard()], searchTerms('When are unused vendor accounts disabled?'));
    expect(hits.map((h) => h.passage).slice(0, 2)).toEqual([0, 1]);
    expect(hits[0]?.matched).toBe(3);
  });

  it('finds nothing for words no passage has, and its ceiling counts them', () => {
    const r = searchShards([shard()], searchTerms('capital of France'));
    expect(r.hits).toEqual([]);
    const partly = searchShards([shard()], searchTerms('backup copies in France'));
    // the one passage about backups matches two of three words: well under the best possible score
    expect(partly.hits).toHaveLength(1);
    expect((partly.hits[0]?.score ?? 0) / partly.ceiling).toBeLessThan(0.7);
  });

  it('prefers a short passage to a long one with the same matches', () => {
    const s = buildShard([searchTerms('backup kept rolling overwritten archive storage media tape offsite encrypted'), searchTerms('backup kept')]);
    expect(searchShards([s], searchTerms('backup')).hits[0]?.passage).toBe(1);
  });

  it('idf is positive even for a word in every passage', () => {
    expect(idf(10, 10)).toBeGreaterThan(0);
    expect(idf(10, 1)).toBeGreaterThan(idf(10, 5));
  });

  it('scores the same whether the passages are in one shard or split across several', () => {
    const word = fc.constantFrom('vendor', 'account', 'backup', 'key', 'log', 'tier', 'data');
    fc.assert(
      fc.property(fc.array(fc.array(word, { maxLength: 8 }), { minLength: 1, maxLength: 12 }), fc.array(word, { minLength: 1, maxLength: 4 }), fc.nat(), (docs, query, cutSeed) => {
        const cut = cutSeed % (docs.length + 1);
        const one = searchShards([buildShard(docs)], query).hits;
        const two = searchShards([buildShard(docs.slice(0, cut)), buildShard(docs.slice(cut))], query).hits;
        const flat = (h: { shard: number; passage: number; score: number }[], offset: (s: number) => number) =>
          new Map(h.map((x) => [x.passage + offset(x.shard), x.score]));
        const a = flat(one, () => 0);
        const b = flat(two, (s) => (s === 0 ? 0 : cut));
        expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
        for (const [k, v] of a) expect(b.get(k)).toBeCloseTo(v, 9);
      }),
    );
  });
});
