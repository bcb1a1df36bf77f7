import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiToken } from '../../../api/auth-token.ts';
import { fetchPdfBytes, prefetchPdfBytes, takePrefetchedBytes, type Progress } from './pdf-bytes.ts';

const URL_A = 'https://docs.example/a.pdf';

function bodyOf(chunks: number[][], { fail = false } = {}): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(new Uint8Array(c));
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

function respondWith(response: Response | Error) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function read(onProgress: (p: Progress) => void = () => undefined) {
  return fetchPdfBytes(URL_A, new AbortController().signal, onProgress);
}

describe("reading a PDF's bytes (fetchPdfBytes)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setApiToken(null);
  });

  it('reads the whole file into one buffer of the declared length, telling the progress of each chunk', async () => {
    respondWith(
      new Response(
        bodyOf([
          [1, 2, 3],
          [4, 5],
        ]),
        { headers: { 'Content-Length': '5' } },
      ),
    );
    const progress: Progress[] = [];
    const file = await read((p) => progress.push(p));
    expect(file).toEqual({ kind: 'bytes', bytes: new Uint8Array([1, 2, 3, 4, 5]) });
    expect(progress).toEqual([
      { loaded: 3, total: 5 },
      { loaded: 5, total: 5 },
    ]);
  });

  it('keeps every byte when the body is longer or shorter than it said, or says nothing', async () => {
    respondWith(
      new Response(
        bodyOf([
          [1, 2],
          [3, 4, 5],
        ]),
        { headers: { 'Content-Length': '3' } },
      ),
    );
    expect(await read()).toEqual({ kind: 'bytes', bytes: new Uint8Array([1, 2, 3, 4, 5]) });
    respondWith(new Response(bodyOf([[1, 2]]), { headers: { 'Content-Length': '9' } }));
    expect(await read()).toEqual({ kind: 'bytes', bytes: new Uint8Array([1, 2]) });
    const progress: Progress[] = [];
    respondWith(new Response(bodyOf([[7], [8, 9]])));
    expect(await read((p) => progress.push(p))).toEqual({ kind: 'bytes', bytes: new Uint8Array([7, 8, 9]) });
    expect(progress.at(-1)).toEqual({ loaded: 3, total: 0 });
  });

  it("does not take a compressed body's length for the file's", async () => {
    respondWith(new Response(bodyOf([[1, 2, 3, 4]]), { headers: { 'Content-Length': '2', 'Content-Encoding': 'gzip' } }));
    const progress: Progress[] = [];
    expect(await read((p) => progress.push(p))).toEqual({ kind: 'bytes', bytes: new Uint8Array([1, 2, 3, 4]) });
    expect(progress).toEqual([{ loaded: 4, total: 0 }]);
  });

  it('leaves an HTTP error, a refused request and a cut-off body to pdf.js (unavailable)', async () => {
    respondWith(new Response('not here', { status: 404 }));
    expect(await read()).toEqual({ kind: 'unavailable' });
    respondWith(new TypeError('Failed to fetch'));
    expect(await read()).toEqual({ kind: 'unavailable' });
    respondWith(new Response(bodyOf([[1, 2]], { fail: true })));
    expect(await read()).toEqual({ kind: 'unavailable' });
  });

  it('rejects with the abort when the reader lets it go', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => Promise.reject(init?.signal?.reason as Error));
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    controller.abort();
    await expect(fetchPdfBytes(URL_A, controller.signal, () => undefined)).rejects.toHaveProperty('name', 'AbortError');
  });

  it('sends the API token as pdf.js would, and our cookies only to our own origin', async () => {
    setApiToken('a-token-of-sixteen-chars');
    const fetch = respondWith(new Response(bodyOf([[1]])));
    await read();
    const init = fetch.mock.calls[0]![1]!;
    expect(init.headers).toEqual({ Authorization: 'Bearer a-token-of-sixteen-chars' });
    expect(init.credentials).toBe('same-origin');
  });
});

describe('reading ahead (prefetchPdfBytes)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reads once per URL, hands the read over once, and tells a late listener the progress it missed', async () => {
    const fetch = respondWith(new Response(bodyOf([[1, 2, 3]]), { headers: { 'Content-Length': '3' } }));
    prefetchPdfBytes(URL_A);
    prefetchPdfBytes(URL_A);
    expect(fetch).toHaveBeenCalledTimes(1);
    const pending = takePrefetchedBytes(URL_A)!;
    expect(takePrefetchedBytes(URL_A)).toBeNull();
    expect(await pending.result).toEqual({ kind: 'bytes', bytes: new Uint8Array([1, 2, 3]) });
    const heard: Progress[] = [];
    pending.onProgress((p) => heard.push(p));
    expect(heard).toEqual([{ loaded: 3, total: 3 }]);
  });

  it('lets a read nobody took go after 30 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => ((signal = init?.signal ?? undefined), new Promise<Response>(() => undefined))),
    );
    prefetchPdfBytes('https://docs.example/b.pdf');
    vi.advanceTimersByTime(29_000);
    expect(signal?.aborted).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(signal?.aborted).toBe(true);
    expect(takePrefetchedBytes('https://docs.example/b.pdf')).toBeNull();
  });
});
