// @vitest-environment jsdom
// pdf.js's caches are cleaned up once every CLEANUP_EVERY pages freed, as idle work: never while a page draws or
// waits to, never twice for one batch, and the hook's generation tells the prepared pages to prepare again.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RenderScheduler } from './render-scheduler.ts';
import type { DocumentTextCache } from '../text-layer/text-cache.ts';
import { CLEANUP_EVERY, useWorkerCleanup } from './use-worker-cleanup.ts';

afterEach(cleanup);

/** A text cache whose pages the test frees, over a document whose cleanup() the test settles. */
function fakeCache() {
  const listeners = new Set<() => void>();
  const cleanups: { resolve(): void; reject(e: Error): void }[] = [];
  const pdf = {
    cleanup: () =>
      new Promise<void>((resolve, reject) => {
        cleanups.push({ resolve, reject });
      }),
  };
  const cache = {
    pdf,
    onDrawingFreed: (l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  } as unknown as DocumentTextCache;
  const free = (n: number) => {
    for (let i = 0; i < n; i++) for (const l of listeners) l();
  };
  return { cache, cleanups, free, listeners };
}

/** A page job that draws until the test says it is done. */
function pageJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: { start: () => ({ done, cancel: () => undefined }) }, finish };
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('useWorkerCleanup', () => {
  it('cleans up once a batch of pages has been freed, and counts the cleanups done', async () => {
    const { cache, cleanups, free } = fakeCache();
    const { result } = renderHook(() => useWorkerCleanup(cache, new RenderScheduler(2)));
    free(CLEANUP_EVERY - 1);
    await settle();
    expect(cleanups).toHaveLength(0);
    free(1);
    await settle();
    expect(cleanups).toHaveLength(1);
    free(CLEANUP_EVERY * 2); // pages freed while it runs do not start a second one
    await settle();
    expect(cleanups).toHaveLength(1);
    expect(result.current).toBe(0);
    await act(async () => cleanups[0]!.resolve());
    expect(result.current).toBe(1);
    // The count starts again after a cleanup.
    free(CLEANUP_EVERY - 1);
    await settle();
    expect(cleanups).toHaveLength(1);
    free(1);
    await settle();
    expect(cleanups).toHaveLength(2);
  });

  it('waits while a page draws, and never delays one', async () => {
    const { cache, cleanups, free } = fakeCache();
    const scheduler = new RenderScheduler(2);
    renderHook(() => useWorkerCleanup(cache, scheduler));
    const page = pageJob();
    scheduler.schedule(page.job, 0);
    await settle();
    free(CLEANUP_EVERY);
    await settle();
    expect(cleanups).toHaveLength(0);
    page.finish();
    await settle();
    expect(cleanups).toHaveLength(1);
  });

  it('a refused cleanup (a page drawing) leaves the generation as it was, and the next batch tries again', async () => {
    const { cache, cleanups, free } = fakeCache();
    const { result } = renderHook(() => useWorkerCleanup(cache, new RenderScheduler(2)));
    free(CLEANUP_EVERY);
    await settle();
    await act(async () => cleanups[0]!.reject(new Error('startCleanup: Page 3 is currently rendering.')));
    expect(result.current).toBe(0);
    free(1);
    await settle();
    expect(cleanups).toHaveLength(2);
  });

  it('stops listening when the document goes', async () => {
    const { cache, listeners } = fakeCache();
    const { unmount } = renderHook(() => useWorkerCleanup(cache, new RenderScheduler(2)));
    expect(listeners.size).toBe(1);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
