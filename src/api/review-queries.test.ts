// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimRecord } from './review-schema.ts';
import { answerReviewQuery, keepNewerRecords, reviewKeys, type ServerReview } from './review-queries.ts';

const record = (decision: 'verified' | 'rejected' | null, version: number): ClaimRecord => ({
  decision,
  note: '',
  version,
  updatedAt: '2026-12-07T12:00:00.000Z',
  reviewer: 'Ana',
});

afterEach(() => vi.unstubAllGlobals());

describe('the review cache', () => {
  it('a refetch that left before our save landed does not roll the claim back to the version before it', async () => {
    // The server's answer to a request sent before the save: claim c-1 still at version 1, c-2 moved on meanwhile.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ answerId: 'answer-1', claims: { 'c-1': record('verified', 1), 'c-2': record('verified', 5) } }), { status: 200 }),
      ),
    );
    const client = new QueryClient();
    const options = answerReviewQuery('answer-1');
    const before: ServerReview = { kind: 'held', claims: { 'c-1': record('rejected', 2), 'c-2': record('rejected', 4) } };
    client.setQueryData(reviewKeys.review('answer-1'), before);
    await client.fetchQuery({ ...options, staleTime: 0 });
    const cached = client.getQueryData<ServerReview>(reviewKeys.review('answer-1'));
    // Our save (version 2) stays; the colleague's newer save (version 5) comes in.
    expect(cached).toEqual({ kind: 'held', claims: { 'c-1': record('rejected', 2), 'c-2': record('verified', 5) } });
  });

  it('keeps, per claim, the record with the higher version, and the fetched one on a tie', () => {
    const claims = fc.dictionary(
      fc.constantFrom('c-1', 'c-2', 'c-3'),
      fc.record({ version: fc.nat(9), decision: fc.constantFrom('verified' as const, 'rejected' as const, null) }),
    );
    fc.assert(
      fc.property(claims, claims, (a, b) => {
        const held = (c: typeof a): ServerReview => ({
          kind: 'held',
          claims: Object.fromEntries(Object.entries(c).map(([k, v]) => [k, record(v.decision, v.version)])),
        });
        const merged = keepNewerRecords(held(a), held(b));
        if (merged.kind !== 'held') throw new Error('a held review stays held');
        for (const id of new Set([...Object.keys(a), ...Object.keys(b)])) {
          const fetched = b[id];
          const expected = fetched === undefined || (a[id] !== undefined && a[id].version > fetched.version) ? a[id]! : fetched;
          expect(merged.claims[id]).toEqual(record(expected.decision, expected.version));
        }
      }),
    );
  });

  it('takes a fetched review as it is when nothing was held before, or when the server no longer holds the answer', () => {
    const held: ServerReview = { kind: 'held', claims: { 'c-1': record('verified', 3) } };
    expect(keepNewerRecords(undefined, held)).toBe(held);
    expect(keepNewerRecords(held, { kind: 'not-held' })).toEqual({ kind: 'not-held' });
  });
});
