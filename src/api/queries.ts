import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, fetchAnswer, fetchAnswerPage, type AnswerPage } from './client.ts';
import { inlineAnswer } from './inline-answers.ts';

// TanStack Query wiring for the API client.

export const queryKeys = {
  all: ['answers'] as const,
  list: () => ['answers', 'list'] as const,
  answer: (id: string) => ['answers', 'detail', id] as const,
};

export const MAX_RETRIES = 2;

/**
 * Server error codes that name a definite problem with the request or the stored file (docs/api.md): asking again
 * gives the same answer, even when the server reports it with a 5xx (a malformed answer file is a 500
 * `invalid_json`), so they are never retried.
 */
const DEFINITE_CODES = new Set(['invalid_json', 'invalid_answer', 'not_found', 'bad_request', 'forbidden', 'unauthorized', 'too_large']);

/**
 * What may succeed on a second try: a network failure (offline, refused, timed out) or a 5xx without a definite
 * code. 4xx, bad JSON, bad shapes and unsupported formats will not change by retrying.
 */
export function isTransientError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network') return true;
  if (error.kind !== 'http' || error.status === undefined || error.status < 500) return false;
  return error.code === undefined || !DEFINITE_CODES.has(error.code);
}

/**
 * Retries (at most MAX_RETRIES times, with backoff: retryDelay) only transient failures.
 * `failureCount` is the number of failures before this one (0 on the first failure).
 */
export function retryPolicy(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransientError(error);
}

/** 1 s, 2 s, 4 s… (at most 30 s), ±25 % so many tabs do not retry in step. */
export function retryDelay(failureCount: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** failureCount);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** While a query's last fetch failed for a transient reason, it tries again this often on its own. */
export const RECOVERY_INTERVAL_MS = 5_000;

interface QueryLike {
  state: { status: string; error: unknown };
}

/**
 * A query that failed transiently refetches every RECOVERY_INTERVAL_MS (and on focus, and when the browser is
 * back online: React Query's focusManager and onlineManager), so the view recovers by itself when the server
 * returns. A definite error stays put until the user presses Retry.
 */
export function recoveryInterval(query: QueryLike): number | false {
  return query.state.status === 'error' && isTransientError(query.state.error) ? RECOVERY_INTERVAL_MS : false;
}

function refetchFailedOnFocus(query: QueryLike): boolean {
  return query.state.status === 'error' && isTransientError(query.state.error);
}

/** The answer list, a page at a time (the home page asks for the next one when the reader wants more). */
export function answerListQuery() {
  return infiniteQueryOptions({
    queryKey: queryKeys.list(),
    queryFn: ({ pageParam, signal }) => fetchAnswerPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AnswerPage) => last.next,
    refetchInterval: (query) => recoveryInterval(query),
  });
}

export function answerQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.answer(id),
    // An answer handed over in memory (inline-answers.ts) never goes to the server.
    queryFn: ({ signal }) => {
      const held = inlineAnswer(id);
      return held ? Promise.resolve(held) : fetchAnswer(id, signal);
    },
    // An answer is a fixed record: a reviewer's view must not reshuffle under them.
    staleTime: 5 * 60_000,
    refetchInterval: (query) => recoveryInterval(query),
    // The app starts an opened answer's request beside the answer view's code (app.tsx), so a fast failure can be
    // in the cache before the view mounts: mounting must not ask again (a definite error would be asked twice). A
    // transient failure is still tried again on its own (refetchInterval, focus, online); any failure by Retry.
    retryOnMount: false,
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryPolicy,
        retryDelay: (failureCount) => retryDelay(failureCount),
        staleTime: 30_000,
        // Only a query whose last fetch failed transiently refetches on focus: a loaded view never reshuffles.
        refetchOnWindowFocus: refetchFailedOnFocus,
      },
    },
  });
}
