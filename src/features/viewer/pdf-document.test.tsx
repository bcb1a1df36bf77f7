// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';

// pdf.js's loading tasks, stood in for: each records its URL and settles when the test says so.
interface FakeTask {
  url: string;
  promise: Promise<unknown>;
  onPassword: ((respond: (pw: string) => void, reason: number) => void) | null;
  onProgress: ((p: { loaded: number; total: number }) => void) | null;
  destroyed: boolean;
  destroy(): Promise<void>;
  open(pdf: unknown): void;
  fail(error: Error): void;
}
const tasks: FakeTask[] = [];

vi.mock('./pdf-options.ts', () => ({
  openPdf: (url: string) => {
    let open!: (pdf: unknown) => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<unknown>((resolve, reject) => {
      open = resolve;
      fail = reject;
    });
    const task: FakeTask = {
      url,
      promise,
      onPassword: null,
      onProgress: null,
      destroyed: false,
      destroy: async () => void (task.destroyed = true),
      open,
      fail,
    };
    tasks.push(task);
    return task;
  },
}));

type Module = typeof import('./pdf-document.ts') & typeof import('./pdf-preload.ts');
const URL_A = 'https://docs.example/a.pdf';
const pdfOf = (url: string) => ({ url, getPage: vi.fn(() => Promise.resolve({ pageNumber: 1 })) });

async function fresh(): Promise<Module> {
  vi.resetModules();
  return { ...(await import('./pdf-document.ts')), ...(await import('./pdf-preload.ts')) };
}

const quiet = () => ({ onPassword: vi.fn(), onProgress: vi.fn() });

describe('opening a document (usePdfDocument, preloadPdfDocument)', () => {
  beforeEach(() => (tasks.length = 0));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is loading, then loaded with the document, and destroys its task when the pane goes', async () => {
    const { usePdfDocument } = await fresh();
    const { result, unmount } = renderHook(() => usePdfDocument(URL_A, quiet()));
    expect(result.current.kind).toBe('loading');
    expect(tasks).toHaveLength(1);
    const pdf = pdfOf(URL_A);
    await act(async () => tasks[0]!.open(pdf));
    // Loaded with page 1's proxy, asked for as the document opened, so the viewer's first render can draw it.
    expect(result.current).toEqual({ kind: 'loaded', pdf, firstPage: { pageNumber: 1 } });
    expect(pdf.getPage).toHaveBeenCalledWith(1);
    unmount();
    expect(tasks[0]!.destroyed).toBe(true);
  });

  it('is failed with the error pdf.js gave', async () => {
    const { usePdfDocument } = await fresh();
    const { result } = renderHook(() => usePdfDocument(URL_A, quiet()));
    const error = Object.assign(new Error('Missing PDF'), { name: 'ResponseException', status: 404 });
    await act(async () => tasks[0]!.fail(error));
    expect(result.current).toEqual({ kind: 'failed', error });
  });

  it('adopts a preloaded task instead of asking pdf.js again, and hears what it missed', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    preloadPdfDocument(URL_A); // once per URL
    expect(tasks).toHaveLength(1);
    const respond = vi.fn();
    tasks[0]!.onProgress?.({ loaded: 10, total: 100 });
    tasks[0]!.onPassword?.(respond, 1);
    const events = quiet();
    renderHook(() => usePdfDocument(URL_A, events));
    expect(tasks).toHaveLength(1);
    expect(events.onProgress).toHaveBeenCalledWith({ loaded: 10, total: 100 });
    expect(events.onPassword).toHaveBeenCalledWith(respond, 1);
    // Later questions go straight to the pane.
    tasks[0]!.onPassword?.(respond, 2);
    expect(events.onPassword).toHaveBeenLastCalledWith(respond, 2);
  });

  it('a second pane for the same URL starts its own task (the preload is taken once)', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    renderHook(() => usePdfDocument(URL_A, quiet()));
    renderHook(() => usePdfDocument(URL_A, quiet()));
    expect(tasks).toHaveLength(2);
  });

  it('does not preload a URL a pane has already started (a preload that arrived late)', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    renderHook(() => usePdfDocument(URL_A, quiet()));
    preloadPdfDocument(URL_A);
    expect(tasks).toHaveLength(1);
  });

  it('destroys a preloaded task no pane took, after a while', async () => {
    vi.useFakeTimers();
    const { preloadPdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    vi.advanceTimersByTime(29_000);
    expect(tasks[0]!.destroyed).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(tasks[0]!.destroyed).toBe(true);
  });
});
