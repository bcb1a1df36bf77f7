// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SaveDecisionRequest, SaveOutcome } from '../../api/review-client.ts';
import { holdForFirstPage, liftFirstPageHold, resetFirstPageHoldForTests } from '../../lib/first-page-hold.ts';
import { entryKey } from './outbox/outbox-types.ts';
import { openReviewStorage } from './outbox/review-storage.ts';
import { ReviewSyncProvider, useOutboxSnapshot, useReviewSync, type StoredDecision } from './review-sync.tsx';

// The outbox's machinery (IndexedDB, the outbox, its requests) is loaded after page 1 on a link to an answer
// (issue #37). What a reviewer must not notice: a decision made before it has loaded is saved once it has, and a
// decision an earlier session left unsent is sent, both to the server, in that order of events.

const sent = vi.hoisted(() => [] as SaveDecisionRequest[]);
vi.mock('../../api/review-client.ts', () => ({
  saveClaimDecision: async (req: SaveDecisionRequest): Promise<SaveOutcome> => {
    sent.push(req);
    return {
      kind: 'saved',
      record: { decision: req.decision, note: req.note, version: req.baseVersion + 1, updatedAt: '2026-12-07T00:00:00Z', reviewer: req.reviewer },
    };
  },
}));

function Decider() {
  const sync = useReviewSync();
  const { entries } = useOutboxSnapshot();
  return (
    <>
      <button
        type="button"
        onClick={() => void sync.decide({ answerId: 'a', claimId: 'c2', decision: 'verified', note: '', baseVersion: 0, reviewer: 'Ada' }, 'server')}
      >
        verify
      </button>
      <p>waiting {entries.length}</p>
    </>
  );
}

function renderProvider(onStored: (stored: StoredDecision) => void) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <ReviewSyncProvider onDecisionStored={onStored}>
        <Decider />
      </ReviewSyncProvider>
    </QueryClientProvider>,
  );
}

/** Lets promises, IndexedDB's events and the chunk's import run. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

beforeEach(() => {
  sent.length = 0;
  resetFirstPageHoldForTests();
});
afterEach(() => {
  cleanup();
  resetFirstPageHoldForTests();
});

describe('ReviewSyncProvider', () => {
  it('sends nothing while page 1 is held, then both an earlier session’s decision and one made meanwhile', async () => {
    // An earlier session's decision on claim c1, never sent (the server was down when that tab closed).
    const earlier = await openReviewStorage();
    await earlier.putOutbox({
      key: entryKey('a', 'c1'),
      answerId: 'a',
      claimId: 'c1',
      decision: 'rejected',
      note: 'wrong page',
      baseVersion: 0,
      reviewer: 'Ada',
      decidedAt: Date.now() - 60_000,
      seq: 1,
      saveId: 'earlier-save',
      state: { kind: 'pending', attempts: 1, nextAttemptAt: Date.now() - 1000 },
    });
    holdForFirstPage();
    const stored: StoredDecision[] = [];
    renderProvider((s) => stored.push(s));
    await settle();
    act(() => screen.getByRole('button', { name: 'verify' }).click());
    await settle();
    expect(sent, 'nothing is sent before page 1').toEqual([]);

    act(() => liftFirstPageHold());
    await vi.waitFor(() => expect(sent.map((r) => r.claimId).sort()).toEqual(['c1', 'c2']));
    expect(sent.find((r) => r.claimId === 'c1')).toMatchObject({ decision: 'rejected', note: 'wrong page', saveId: 'earlier-save' });
    expect(sent.find((r) => r.claimId === 'c2')).toMatchObject({ decision: 'verified', reviewer: 'Ada' });
    await vi.waitFor(() => expect(stored.map((s) => `${s.claimId}:${s.where}`).sort()).toEqual(['c1:server', 'c2:server']));
    // Both landed: the outbox is empty again, so the header's indicator goes away.
    await vi.waitFor(() => expect(screen.getByText('waiting 0')).toBeTruthy());
  });

  it('loads at once when nothing holds (the home page, a portal)', async () => {
    renderProvider(() => undefined);
    act(() => screen.getByRole('button', { name: 'verify' }).click());
    await vi.waitFor(() => expect(sent.map((r) => r.claimId)).toContain('c2'));
  });
});
