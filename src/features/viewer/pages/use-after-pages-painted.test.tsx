// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useAfterPagesPainted } from './use-after-pages-painted.ts';
import { ViewerStoreProvider, useViewerStoreApi } from '../viewer-store.ts';

/** The hook inside a viewer store whose open document is `key`. */
function renderGate(key: string) {
  const rendered = renderHook(() => ({ ready: useAfterPagesPainted(), store: useViewerStoreApi() }), { wrapper: ViewerStoreProvider });
  act(() => rendered.result.current.store.getState().openDocument(key, 10));
  return rendered;
}

describe('useAfterPagesPainted (what the thumbnails and the hidden placeholders wait for)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('waits while the open document has not painted, and turns true when a page of it has', () => {
    const { result } = renderGate('A');
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current.ready).toBe(false);
    act(() => result.current.store.getState().setPainted('A'));
    expect(result.current.ready).toBe(true);
  });

  it('another document painting does not count', () => {
    const { result } = renderGate('B');
    act(() => result.current.store.getState().setPainted('A'));
    expect(result.current.ready).toBe(false);
  });

  it('gives up waiting after a second, so a page whose drawing failed does not hold the rest back for good', () => {
    const { result } = renderGate('A');
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current.ready).toBe(false);
    act(() => void vi.advanceTimersByTime(2));
    expect(result.current.ready).toBe(true);
  });
});
