import { QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError, fetchAnswer, fetchAnswerList } from './client.ts';
import { inlineAnswer } from './inline-answers.ts';

// TanStack Query wiring for the API client.

export const queryKeys = {
  all: ['answers'] as const,
  list: () => ['answers', 'list'] as const,
  answer: (id: string) => ['answers', 'detail', id] as const,
};

export const MAX_RETRIES = 2;

/**
 * Retries (at most MAX_RETRIES times) only what may succeed on a second try: network failures
 * and 5xx. 4xx, bad JSON, bad shapes and unsupported formats will not change by retrying.
 * `failureCount` is the number of failures before this one (0 on the first failure).
 */
export function retryPolicy(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 500;
}

export function answerListQuery() {
  return queryOptions({
    queryKey: queryKeys.list(),
    queryFn: ({ signal }) => fetchAnswerList(signal),
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
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryPolicy,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
