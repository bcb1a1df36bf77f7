// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, fetchAnswer } from './client.ts';
import { answerQuery, createQueryClient, isTransientError, recoveryInterval, RECOVERY_INTERVAL_MS, retryDelay, retryPolicy } from './queries.ts';

// How the client treats failures (issue 9): transient ones are retried with backoff and tried again on their own;
// definite ones fail at once, even when the server reports them with a 500.

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const http = (status: number, code?: string) => new ApiError({ kind: 'http', status, url: 'u', message: 'm', ...(code && { code }) });

describe('which failures are retried', () => {
  it('a 500 with a definite code (a malformed answer file) is not retried; a bare 500 is', () => {
    expect(isTransientError(http(500, 'invalid_json'))).toBe(false);
    expect(retryPolicy(0, http(500, 'invalid_json'))).toBe(false);
    expect(isTransientError(http(500, 'internal'))).toBe(true);
    expect(isTransientError(http(503))).toBe(true);
    expect(isTransientError(http(404, 'not_found'))).toBe(false);
    expect(isTransientError(new ApiError({ kind: 'invalid-json', url: 'u', message: 'm' }))).toBe(false);
  });

  it('reads the code from the server body, and a malformed answer fails after one request', async () => {
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ error: { code: 'invalid_json', message: 'Answer "bad" is not valid JSON' } }), { status: 500 }),
    );
    const error = await fetchAnswer('bad').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500, code: 'invalid_json' });
    const client = createQueryClient();
    await expect(client.fetchQuery(answerQuery('bad'))).rejects.toMatchObject({ code: 'invalid_json' });
    expect(fetchMock).toHaveBeenCalledTimes(2); // the direct call above, and one from the query: no retries
  });

  it('backs off: 1 s, 2 s, 4 s… at most 30 s, with ±25 % jitter', () => {
    expect([0, 1, 2].map((n) => retryDelay(n, () => 0.5))).toEqual([1000, 2000, 4000]);
    expect(retryDelay(10, () => 0.5)).toBe(30_000);
    expect(retryDelay(0, () => 0)).toBe(750);
    expect(retryDelay(0, () => 1)).toBe(1250);
  });

  it('a transiently failed query tries again on its own; a definite failure and a success do not', () => {
    expect(recoveryInterval({ state: { status: 'error', error: new ApiError({ kind: 'network', url: 'u', message: 'm' }) } })).toBe(RECOVERY_INTERVAL_MS);
    expect(recoveryInterval({ state: { status: 'error', error: http(500, 'invalid_json') } })).toBe(false);
    expect(recoveryInterval({ state: { status: 'success', error: null } })).toBe(false);
  });
});

describe('a server that never answers', () => {
  it('is a network error (retryable) after the request timeout, not a hang', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      );
      const pending = fetchAnswer('slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(21_000);
      const error = await pending;
      expect(error).toMatchObject({ kind: 'network', timeoutSeconds: 20 });
      expect((error as Error).message).toBe('The server did not answer within 20 s when loading Answer "slow".');
      expect(isTransientError(error)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
