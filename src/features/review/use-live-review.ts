import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { watchReview, type LiveStatus } from '../../api/review-events.ts';
import type { ClaimRecord } from '../../api/review-schema.ts';

// Colleagues' decisions as they are stored, for every answer the panel shows (each turn of a conversation): one event
// stream per answer (api/review-events.ts), which writes each record into React Query's cache, so the cards update in
// place. Only answers the server holds are watched. The status is what the header says ("Live").

export interface RemoteDecision {
  answerId: string;
  claimId: string;
  record: ClaimRecord;
}

export function useLiveReview(answerIds: readonly string[], onRecord: (decision: RemoteDecision) => void): LiveStatus {
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<Readonly<Record<string, LiveStatus>>>({});
  const told = useEffectEvent(onRecord);
  // One string for the effect: the same answers in a new array must not reconnect.
  const key = answerIds.join('\n');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    for (const answerId of key.split('\n')) {
      void watchReview(
        {
          queryClient,
          answerId,
          onStatus: (status) => setStatuses((s) => (s[answerId] === status ? s : { ...s, [answerId]: status })),
          onRecord: (claimId, record) => told({ answerId, claimId, record }),
        },
        controller.signal,
      );
    }
    return () => controller.abort();
  }, [key, queryClient]);
  const ids = key ? key.split('\n') : [];
  if (ids.length === 0) return 'off';
  const all = ids.map((id) => statuses[id] ?? 'connecting');
  // Live only when every answer is; otherwise the least settled state.
  if (all.every((s) => s === 'live')) return 'live';
  if (all.every((s) => s === 'off')) return 'off';
  return all.includes('retrying') ? 'retrying' : 'connecting';
}
