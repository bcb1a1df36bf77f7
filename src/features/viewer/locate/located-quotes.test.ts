import { describe, expect, it } from 'vitest';
import type { LocateResult } from '../../../core/locate/locate.ts';
import { createLocatedQuotes, type LocateQuery } from './located-quotes.ts';

// A citation's passage is searched once per document: clicking it again, or clicking it while it is being located
// ahead, never waits for the locate worker a second time.

const found = (page: number): LocateResult => ({ found: true, score: 1, page, rects: [{ page, x0: 1, y0: 2, x1: 3, y1: 4 }] }) as LocateResult;

function searcher() {
  const calls: { query: LocateQuery; signal: AbortSignal; resolve(r: LocateResult): void }[] = [];
  const search = (query: LocateQuery, signal: AbortSignal) =>
    new Promise<LocateResult>((resolve, reject) => {
      calls.push({ query, signal, resolve });
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { calls, search };
}

describe('located quotes', () => {
  it('answers a query located before from memory, at once and by peek', async () => {
    const { calls, search } = searcher();
    const quotes = createLocatedQuotes(search);
    const query = { quote: 'keep records', page: 7 };
    expect(quotes.peek(query)).toBeUndefined();
    const first = quotes.locate(query, new AbortController().signal);
    calls[0]!.resolve(found(7));
    expect(await first).toEqual(found(7));
    expect(quotes.peek({ quote: 'keep records', page: 7 })).toEqual(found(7));
    expect(await quotes.locate(query, new AbortController().signal)).toEqual(found(7));
    expect(calls).toHaveLength(1);
    // Another page named is another query.
    void quotes.locate({ quote: 'keep records', page: 8 }, new AbortController().signal);
    expect(calls).toHaveLength(2);
  });

  it('shares one search between two askers, which goes on while one of them still waits', async () => {
    const { calls, search } = searcher();
    const quotes = createLocatedQuotes(search);
    const ahead = new AbortController();
    const aheadResult = quotes.locate({ quote: 'q', page: 2 }, ahead.signal);
    const click = quotes.locate({ quote: 'q', page: 2 }, new AbortController().signal);
    expect(calls).toHaveLength(1);
    ahead.abort();
    await expect(aheadResult).rejects.toThrow();
    expect(calls[0]!.signal.aborted).toBe(false);
    calls[0]!.resolve(found(2));
    expect(await click).toEqual(found(2));
  });

  it('stops the search when its last asker leaves, and a later asker searches again', async () => {
    const { calls, search } = searcher();
    const quotes = createLocatedQuotes(search);
    const gone = new AbortController();
    const left = quotes.locate({ quote: 'q' }, gone.signal);
    gone.abort();
    await expect(left).rejects.toThrow();
    expect(calls[0]!.signal.aborted).toBe(true);
    const again = quotes.locate({ quote: 'q' }, new AbortController().signal);
    expect(calls).toHaveLength(2);
    calls[1]!.resolve(found(1));
    expect(await again).toEqual(found(1));
  });
});
