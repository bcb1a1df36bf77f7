import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { saveClaimDecision } from '../../api/review-client.ts';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { reviewKeys, type ServerReview } from '../../api/review-queries.ts';
import { DecisionOutbox, type DecisionInput, type OutboxSnapshot } from './outbox/outbox.ts';
import { entryKey, type LocalRecord, type ReviewStorage } from './outbox/outbox-types.ts';
import { openReviewStorage } from './outbox/review-storage.ts';

// One outbox for the whole app (not per answer): decisions left unsent for any answer are retried from the moment
// the app starts, whichever answer the reviewer opens first. It is created once storage has opened; until then
// decisions wait in a short in-memory list so a very fast first keypress is not lost.

interface ReviewSync {
  outbox: DecisionOutbox | null;
  storage: ReviewStorage | null;
  /** Bumped whenever a local-only record is written, so readers reload them. */
  localVersion: number;
  /** Saves a decision: through the outbox, or as a local-only record when the server does not hold the answer. */
  decide(input: DecisionInput, mode: 'server' | 'local'): Promise<void>;
}

const ReviewSyncContext = createContext<ReviewSync | null>(null);

/** A decision that is now stored: on the server (its record), or in this browser for an answer the server lacks. */
export interface StoredDecision {
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  where: 'server' | 'local';
}

interface ReviewSyncProviderProps {
  children: ReactNode;
  /** Called after each decision is stored (the app tells an embedding portal: docs/embed.md, `reviewChanged`). */
  onDecisionStored?(stored: StoredDecision): void;
}

export function ReviewSyncProvider({ children, onDecisionStored }: ReviewSyncProviderProps) {
  const queryClient = useQueryClient();
  // Read when a save completes, so a new callback identity never re-creates the outbox.
  const onStoredRef = useRef(onDecisionStored);
  useLayoutEffect(() => {
    onStoredRef.current = onDecisionStored;
  }, [onDecisionStored]);
  const [state, setState] = useState<{ outbox: DecisionOutbox; storage: ReviewStorage } | null>(null);
  const [localVersion, setLocalVersion] = useState(0);
  const ready = useRef<Promise<{ outbox: DecisionOutbox; storage: ReviewStorage } | null>>(Promise.resolve(null));

  useEffect(() => {
    let cancelled = false;
    let created: DecisionOutbox | null = null;
    const onOnline = () => void created?.retryNow();
    ready.current = openReviewStorage().then((storage) => {
      if (cancelled) return null;
      created = new DecisionOutbox({
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
          onStoredRef.current?.({ answerId, claimId, decision: record.decision, note: record.note, where: 'server' });
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
          setLocalVersion((v) => v + 1);
        },
      });
      window.addEventListener('online', onOnline);
      const opened = { outbox: created, storage };
      setState(opened);
      void created.start();
      return opened;
    });
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
      created?.dispose();
    };
  }, [queryClient]);

  const decide = useCallback(
    async (input: DecisionInput, mode: 'server' | 'local') => {
      const opened = state ?? (await ready.current);
      if (!opened) return;
      if (mode === 'server') {
        await opened.outbox.enqueue(input);
        return;
      }
      const record: LocalRecord = {
        key: entryKey(input.answerId, input.claimId),
        answerId: input.answerId,
        claimId: input.claimId,
        decision: input.decision,
        note: input.note,
        version: input.baseVersion + 1,
        reviewer: input.reviewer,
        updatedAt: new Date().toISOString(),
      };
      try {
        await opened.storage.putLocal(record);
        onStoredRef.current?.({ answerId: record.answerId, claimId: record.claimId, decision: record.decision, note: record.note, where: 'local' });
      } finally {
        setLocalVersion((v) => v + 1);
      }
    },
    [state],
  );

  const value: ReviewSync = { outbox: state?.outbox ?? null, storage: state?.storage ?? null, localVersion, decide };
  return <ReviewSyncContext.Provider value={value}>{children}</ReviewSyncContext.Provider>;
}

export function useReviewSync(): ReviewSync {
  const ctx = useContext(ReviewSyncContext);
  if (!ctx) throw new Error('useReviewSync must be used inside <ReviewSyncProvider>');
  return ctx;
}

const EMPTY: OutboxSnapshot = { entries: [], sending: new Set(), storageProblem: null };
const noop = () => () => undefined;

export function useOutboxSnapshot(): OutboxSnapshot {
  const { outbox } = useReviewSync();
  return useSyncExternalStore(outbox?.subscribe ?? noop, outbox?.snapshot ?? (() => EMPTY), () => EMPTY);
}

/** This answer's local-only decisions, reloaded whenever one is written. */
export function useLocalRecords(answerId: string): LocalRecord[] {
  const { storage, localVersion } = useReviewSync();
  const [records, setRecords] = useState<LocalRecord[]>([]);
  useEffect(() => {
    if (!storage) return;
    let cancelled = false;
    storage.listLocal(answerId).then(
      (r) => !cancelled && setRecords(r),
      () => !cancelled && setRecords([]),
    );
    return () => {
      cancelled = true;
    };
  }, [storage, answerId, localVersion]);
  return records;
}
