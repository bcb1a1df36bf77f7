import type { QueryClient } from '@tanstack/react-query';
import { saveClaimDecision } from '../../../api/review-client.ts';
import { reviewKeys, type ServerReview } from '../../../api/review-queries.ts';
import type { ReviewDecision } from '../../../api/review-schema.ts';
import { DecisionOutbox } from './outbox.ts';
import type { ReviewStorage } from './outbox-types.ts';
import { openReviewStorage } from './review-storage.ts';

// The outbox's machinery: IndexedDB (idb), the outbox and its save requests. Its own chunk, imported by
// review-sync.tsx once page 1 is painted (issue #37: it was in the entry, before page 1, and page 1 needs none of it).
// Decisions left unsent by an earlier session are sent from then on, and a decision made before it has loaded waits
// for it (review-sync.tsx's `decide`).

export interface OpenedReviewSync {
  outbox: DecisionOutbox;
  storage: ReviewStorage;
}

interface OpenReviewSyncOptions {
  queryClient: QueryClient;
  /** A decision now on the server (its record's decision and note). */
  onServerRecord(answerId: string, claimId: string, decision: ReviewDecision | null, note: string): void;
  /** The server does not hold this answer: its decisions are kept in this browser from now on. */
  onNotHeld(): void;
  /** True once the caller no longer wants the outbox (an unmounted provider): nothing is created then. */
  cancelled(): boolean;
}

/** Opens storage and makes the app's one outbox (not started: the caller starts it once it holds it). Null when cancelled. */
export async function openReviewSync({ queryClient, onServerRecord, onNotHeld, cancelled }: OpenReviewSyncOptions): Promise<OpenedReviewSync | null> {
  const storage = await openReviewStorage();
  if (cancelled()) return null;
  const outbox = new DecisionOutbox({
    storage,
    send: (entry, signal) =>
      saveClaimDecision({
        answerId: entry.answerId,
        claimId: entry.claimId,
        decision: entry.decision,
        note: entry.note,
        baseVersion: entry.baseVersion,
        reviewer: entry.reviewer,
        ...(entry.saveId !== undefined && { saveId: entry.saveId }),
        signal,
      }),
    onServerRecord: (answerId, claimId, record) => {
      onServerRecord(answerId, claimId, record.decision, record.note);
      const key = reviewKeys.review(answerId);
      const old = queryClient.getQueryData<ServerReview>(key);
      if (old?.kind === 'held') {
        // A colleague's newer save may have come over the live stream while this reply was on its way.
        if ((old.claims[claimId]?.version ?? 0) > record.version) return;
        const next: ServerReview = { ...old, claims: { ...old.claims, [claimId]: record } };
        queryClient.setQueryData(key, next);
        // An open History shows the new save too.
        void queryClient.invalidateQueries({ queryKey: reviewKeys.history(answerId) });
      }
      // Else the review was never loaded (the server was down when the page opened): the server is back, load it all.
      else void queryClient.invalidateQueries({ queryKey: key });
    },
    onNotHeld: (record) => {
      queryClient.setQueryData<ServerReview>(reviewKeys.review(record.answerId), { kind: 'not-held' });
      onNotHeld();
    },
  });
  return { outbox, storage };
}
