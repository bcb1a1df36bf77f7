import { queryOptions } from '@tanstack/react-query';
import { threadSchema, type Thread } from './ask-schema.ts';
import { ApiError, fetchJson } from './client.ts';

// A conversation's turns, keyed by its root answer id, so every turn's view shares one cache entry.

export const threadKeys = {
  thread: (rootId: string) => ['threads', rootId] as const,
};

/**
 * The thread whose root is `rootId`. A server without the thread route (404) gives null: the answer is shown on its
 * own, as before threads existed.
 */
export function threadQuery(rootId: string) {
  return queryOptions({
    queryKey: threadKeys.thread(rootId),
    queryFn: async ({ signal }): Promise<Thread | null> => {
      try {
        return await fetchThread(rootId, signal);
      } catch (e) {
        if (e instanceof ApiError && e.kind === 'http' && e.status === 404) return null;
        throw e;
      }
    },
  });
}

/** `GET /api/answers/:id/thread`. */
export function fetchThread(answerId: string, signal?: AbortSignal): Promise<Thread> {
  return fetchJson(`/answers/${encodeURIComponent(answerId)}/thread`, threadSchema, {
    label: `The conversation of answer "${answerId}"`,
    ...(signal && { signal }),
  });
}
