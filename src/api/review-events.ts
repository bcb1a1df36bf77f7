import { z } from 'zod';
import type { QueryClient } from '@tanstack/react-query';
import { authHeaders } from './auth-token.ts';
import { apiUrl } from './client.ts';
import { reviewKeys, type ServerReview } from './review-queries.ts';
import { claimRecordSchema, type ClaimRecord } from './review-schema.ts';
import { initialSseState, parseSseChunk } from './sse-parser.ts';

// Colleagues' decisions as they are stored: GET /api/answers/:id/review/events (docs/api.md), read with fetch (an
// EventSource cannot send the Authorization header a token needs) and the same SSE parser as the ask stream. Every
// event is checked with zod; a record goes into React Query's review cache unless the cache already holds that version
// or a newer one. A dropped stream is opened again with backoff (1 s doubling to 30 s) and the review is read again,
// since decisions stored meanwhile were not told.

const eventSchemas = {
  ready: z.object({ answerId: z.string() }),
  decision: z.object({ claimId: z.string().min(1).max(200), record: claimRecordSchema }),
  resync: z.object({}),
};

export type ReviewStreamEvent = { kind: 'ready' } | { kind: 'decision'; claimId: string; record: ClaimRecord } | { kind: 'resync' };

/** Why a stream could not be read: the server has no such route (an older server), or it failed. */
export class ReviewStreamError extends Error {
  override readonly name = 'ReviewStreamError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Reads one stream until it ends (resolves) or fails (rejects); `signal` stops it. */
export async function readReviewEvents(answerId: string, onEvent: (event: ReviewStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const res = await fetch(apiUrl(`/answers/${encodeURIComponent(answerId)}/review/events`), {
    headers: { Accept: 'text/event-stream', ...authHeaders() },
    signal,
  });
  // 404: a server without live review (or without the answer); 401/403: no right to watch it. Asking again will not help.
  if (res.status === 404 || res.status === 401 || res.status === 403) throw new ReviewStreamError(`HTTP ${res.status}`, true);
  if (!res.ok || !res.body || !(res.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    throw new ReviewStreamError(`HTTP ${res.status}`, false);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let state = initialSseState;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      const step = parseSseChunk(state, chunk.value);
      state = step.state;
      for (const e of step.events) {
        const parsed = parseEvent(e.event, e.data);
        if (parsed) onEvent(parsed);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function parseEvent(name: string, data: string): ReviewStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  switch (name) {
    case 'ready':
      return eventSchemas.ready.safeParse(json).success ? { kind: 'ready' } : null;
    case 'resync':
      return eventSchemas.resync.safeParse(json).success ? { kind: 'resync' } : null;
    case 'decision': {
      const parsed = eventSchemas.decision.safeParse(json);
      return parsed.success ? { kind: 'decision', claimId: parsed.data.claimId, record: parsed.data.record } : null;
    }
    default:
      // an event a newer server sends: not ours to read
      return null;
  }
}

/** Writes a record the stream told into the review cache; false when the cache knew it (or a newer one) already. */
export function applyStreamedRecord(queryClient: QueryClient, answerId: string, claimId: string, record: ClaimRecord): boolean {
  const key = reviewKeys.review(answerId);
  const old = queryClient.getQueryData<ServerReview>(key);
  if (old?.kind !== 'held') return false;
  if ((old.claims[claimId]?.version ?? 0) >= record.version) return false;
  const next: ServerReview = { ...old, claims: { ...old.claims, [claimId]: record } };
  queryClient.setQueryData<ServerReview>(key, next);
  void queryClient.invalidateQueries({ queryKey: reviewKeys.history(answerId) });
  return true;
}

export type LiveStatus = 'connecting' | 'live' | 'retrying' | 'off';

export interface WatchReviewOptions {
  queryClient: QueryClient;
  answerId: string;
  onStatus(status: LiveStatus): void;
  /** A record that changed the cache (a colleague's decision, or ours told back). */
  onRecord?(claimId: string, record: ClaimRecord): void;
  /** Waits between attempts (tests). */
  wait?(ms: number, signal: AbortSignal): Promise<void>;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Watches the answer's review until `signal` aborts: connects, reconnects, and keeps the cache current. */
export async function watchReview(o: WatchReviewOptions, signal: AbortSignal): Promise<void> {
  const pause = o.wait ?? wait;
  let failures = 0;
  let connectedBefore = false;
  while (!signal.aborted) {
    o.onStatus(failures === 0 ? 'connecting' : 'retrying');
    try {
      await readReviewEvents(
        o.answerId,
        (event) => {
          switch (event.kind) {
            case 'ready':
              failures = 0;
              o.onStatus('live');
              // Decisions stored while we were away were never told: read the review again.
              if (connectedBefore) void o.queryClient.invalidateQueries({ queryKey: reviewKeys.review(o.answerId), exact: true });
              connectedBefore = true;
              return;
            case 'resync':
              void o.queryClient.invalidateQueries({ queryKey: reviewKeys.review(o.answerId), exact: true });
              return;
            case 'decision':
              if (applyStreamedRecord(o.queryClient, o.answerId, event.claimId, event.record)) o.onRecord?.(event.claimId, event.record);
              return;
            default: {
              const never: never = event;
              return never;
            }
          }
        },
        signal,
      );
    } catch (e) {
      if (signal.aborted) return;
      if (e instanceof ReviewStreamError && e.permanent) {
        o.onStatus('off');
        return;
      }
    }
    if (signal.aborted) return;
    failures++;
    o.onStatus('retrying');
    await pause(Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)), signal);
  }
}
