// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';

// pdf.js's loading tasks, stood in for: each records what it was opened from (the URL, or the bytes the page read)
// and settles when the test says so.
interface FakeTask {
  url: string | null;
  bytes: Uint8Array | null;
  promise: Promise<unknown>;
  onPassword: ((respond: (pw: string) => void, reason: number) => void) | null;
  onProgress: ((p: { loaded: number; total: number }) => void) | null;
  destroyed: boolean;
  destroy(): Promise<void>;
  open(pdf: unknown): void;
  fail(error: Error): void;
}
const tasks: FakeTask[] = [];

function fakeTask(url: string | null, bytes: Uint8Array | null): FakeTask {
  let open!: (pdf: unknown) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<unknown>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  const task: FakeTask = {
    url,
    bytes,
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
}

vi.mock('./pdf-options.ts', () => ({
  openPdf: (url: string) => fakeTask(url, null),
  openPdfBytes: (bytes: Uint8Array) => fakeTask(null, bytes),
}));

// The page's own reads of the file (pdf-bytes.ts), held until the test answers them.
interface FakeFetch {
  url: string;
  signal: AbortSignal;
  respond(response: Response): void;
}
const fetches: FakeFetch[] = [];

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const signal = init.signal!;
          signal.addEventListener('abort', () => reject(signal.reason as Error));
          fetches.push({ url, signal, respond: resolve });
        }),
    ),
  );
}

const PDF_BYTES = [0x25, 0x50, 0x44, 0x46];
const pdfResponse = () =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(PDF_BYTES.slice(0, 2)));
        c.enqueue(new Uint8Array(PDF_BYTES.slice(2)));
        c.close();
      },
    }),
    { headers: { 'Content-Length': String(PDF_BYTES.length) } },
  );

/** Lets the read and pdf.js's mocked opening move on (a few promise turns). */
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));

type Module = typeof import('./pdf-document.ts') & typeof import('./pdf-preload.ts') & typeof import('./pdf-bytes.ts');
const URL_A = 'https://docs.example/a.pdf';
const pdfOf = (url: string) => ({ url, getPage: vi.fn(() => Promise.resolve({ pageNumber: 1 })) });

async function fresh(): Promise<Module> {
  vi.resetModules();
  return { ...(await import('./pdf-document.ts')), ...(await import('./pdf-preload.ts')), ...(await import('./pdf-bytes.ts')) };
}

const quiet = () => ({ onPassword: vi.fn(), onProgress: vi.fn() });

describe('opening a document (usePdfDocument, preloadPdfDocument)', () => {
  beforeEach(() => {
    tasks.length = 0;
    fetches.length = 0;
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the file once, opens pdf.js on a copy of its bytes, is loaded with the document, and destroys it when the pane goes', async () => {
    const { usePdfDocument } = await fresh();
    const events = quiet();
    const { result, unmount } = renderHook(() => usePdfDocument(URL_A, events));
    expect(result.current.kind).toBe('loading');
    expect(fetches.map((f) => f.url)).toEqual([URL_A]);
    expect(tasks).toHaveLength(0);
    fetches[0]!.respond(pdfResponse());
    await settle();
    expect(events.onProgress).toHaveBeenLastCalledWith({ loaded: 4, total: 4 });
    expect(tasks).toHaveLength(1);
    expect([...tasks[0]!.bytes!]).toEqual(PDF_BYTES);
    const pdf = pdfOf(URL_A);
    await act(async () => tasks[0]!.open(pdf));
    // Loaded with page 1's proxy, asked for as the document opened, so the viewer's first render can draw it.
    expect(result.current).toEqual({ kind: 'loaded', pdf, firstPage: { pageNumber: 1 } });
    expect(pdf.getPage).toHaveBeenCalledWith(1);
    unmount();
    expect(tasks[0]!.destroyed).toBe(true);
  });

  it('stops the download when the pane goes before the file is in, and never opens pdf.js', async () => {
    const { usePdfDocument } = await fresh();
    const { unmount } = renderHook(() => usePdfDocument(URL_A, quiet()));
    unmount();
    expect(fetches[0]!.signal.aborted).toBe(true);
    await settle();
    expect(tasks).toHaveLength(0);
  });

  it('hands pdf.js the URL when the page could not read the file, and is failed with the error pdf.js gave', async () => {
    const { usePdfDocument } = await fresh();
    const { result } = renderHook(() => usePdfDocument(URL_A, quiet()));
    fetches[0]!.respond(new Response('gone', { status: 404 }));
    await settle();
    expect(tasks.map((t) => t.url)).toEqual([URL_A]);
    const error = Object.assign(new Error('Missing PDF'), { name: 'ResponseException', status: 404 });
    await act(async () => tasks[0]!.fail(error));
    expect(result.current).toEqual({ kind: 'failed', error });
  });

  it('adopts a preloaded opening instead of reading the file again, and hears what it missed', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    preloadPdfDocument(URL_A); // once per URL
    expect(fetches).toHaveLength(1);
    fetches[0]!.respond(pdfResponse());
    await settle();
    const respond = vi.fn();
    tasks[0]!.onPassword?.(respond, 1);
    const events = quiet();
    renderHook(() => usePdfDocument(URL_A, events));
    expect(fetches).toHaveLength(1);
    expect(tasks).toHaveLength(1);
    expect(events.onProgress).toHaveBeenCalledWith({ loaded: 4, total: 4 });
    expect(events.onPassword).toHaveBeenCalledWith(respond, 1);
    // Later questions go straight to the pane.
    tasks[0]!.onPassword?.(respond, 2);
    expect(events.onPassword).toHaveBeenLastCalledWith(respond, 2);
  });

  it('uses the bytes read ahead for a link to an answer (prefetchPdfBytes)', async () => {
    const { prefetchPdfBytes, preloadPdfDocument } = await fresh();
    prefetchPdfBytes(URL_A);
    preloadPdfDocument(URL_A);
    expect(fetches).toHaveLength(1);
    fetches[0]!.respond(pdfResponse());
    await settle();
    expect([...tasks[0]!.bytes!]).toEqual(PDF_BYTES);
  });

  it('a second pane for the same URL starts its own opening (the preload is taken once)', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    renderHook(() => usePdfDocument(URL_A, quiet()));
    renderHook(() => usePdfDocument(URL_A, quiet()));
    expect(fetches).toHaveLength(2);
  });

  it('does not preload a URL a pane has already started (a preload that arrived late)', async () => {
    const { preloadPdfDocument, usePdfDocument } = await fresh();
    renderHook(() => usePdfDocument(URL_A, quiet()));
    preloadPdfDocument(URL_A);
    expect(fetches).toHaveLength(1);
  });

  it('destroys a preloaded opening no pane took, after a while', async () => {
    vi.useFakeTimers();
    const { preloadPdfDocument } = await fresh();
    preloadPdfDocument(URL_A);
    vi.advanceTimersByTime(29_000);
    expect(fetches[0]!.signal.aborted).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(fetches[0]!.signal.aborted).toBe(true);
  });
});
