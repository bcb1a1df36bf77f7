// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useAfterPagesPainted } from './use-after-pages-painted.ts';
import { ViewerStoreProvider, useViewerStoreApi } from './viewer-store.ts';

function renderGate() {
  return renderHook(() => ({ ready: useAfterPagesPainted(), store: useViewerStoreApi() }), { wrapper: ViewerStoreProvider });
}

describe('useAfterPagesPainted (what the thumbnails and the hidden placeholders wait for)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('waits while the open document has not painted, and turns true when a page of it has', () => {
    vi.useFakeTimers();
    const { result } = renderGate();
    act(() => result.current.store.getState().openDocument('A', 10));
    act(() => void vi.advanceTimersByTime(500));
    expect(result.current.ready).toBe(false);
    act(() => result.current.store.getState().setPainted('A'));
    expect(result.current.ready).toBe(true);
  });

  it('another document painting does not count', () => {
    vi.useFakeTimers();
    const { result } = renderGate();
    act(() => result.current.store.getState().openDocument('B', 10));
    act(() => result.current.store.getState().setPainted('A'));
    expect(result.current.ready).toBe(false);
  });

  it('gives up waiting after a second, so a page whose drawing failed does not hold the rest back for good', () => {
    vi.useFakeTimers();
    const { result } = renderGate();
    act(() => result.current.store.getState().openDocument('A', 10));
    act(() => void vi.advanceTimersByTime(999));
    expect(result.current.ready).toBe(false);
    act(() => void vi.advanceTimersByTime(2));
    expect(result.current.ready).toBe(true);
  });
});
