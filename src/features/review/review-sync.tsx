import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision } from '../../api/review-schema.ts';
import { afterFirstPage } from '../../lib/first-page-hold.ts';
import type { DecisionInput, DecisionOutbox, OutboxSnapshot } from './outbox/outbox.ts';
import { entryKey, type LocalRecord, type ReviewStorage } from './outbox/outbox-types.ts';

// One outbox for the whole app (not per answer): decisions left unsent for any answer are retried from the moment
// the app starts (after page 1 on a link to an answer: the machinery is its own chunk, outbox/open-review-sync.ts),
// whichever answer the reviewer opens first. It is created once that chunk has loaded and storage has opened; until
// then a decision waits for it (`decide`), so a very fast first keypress is not lost.

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
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => void created?.retryNow();
    // The machinery's chunk, after page 1; a failed download (a dropped connection) is asked for again, later and
    // later, so that decisions made meanwhile (waiting in `decide`) and those left by an earlier session still go.
    const load = (attempt: number): Promise<typeof import('./outbox/open-review-sync.ts')> =>
      import('./outbox/open-review-sync.ts').catch(
        () =>
          new Promise((resolve, reject) => {
            if (cancelled) return reject(new Error('review sync unmounted'));
            retry = setTimeout(() => resolve(load(attempt + 1)), Math.min(30_000, 1000 * 2 ** attempt));
          }),
      );
    ready.current = afterFirstPage()
      .then(() => load(0))
      .then(({ openReviewSync }) =>
        cancelled
          ? null
          : openReviewSync({
              queryClient,
              cancelled: () => cancelled,
              onServerRecord: (answerId, claimId, decision, note) => onStoredRef.current?.({ answerId, claimId, decision, note, where: 'server' }),
              onNotHeld: () => setLocalVersion((v) => v + 1),
            }),
      )
      .then((opened) => {
        if (!opened || cancelled) return null;
        created = opened.outbox;
        window.addEventListener('online', onOnline);
        setState(opened);
        void created.start();
        return opened;
      })
      .catch(() => null);
    return () => {
      cancelled = true;
      clearTimeout(retry);
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
