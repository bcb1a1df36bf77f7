// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, fetchAnswer, fetchAnswerList, fetchAnswerPage } from './client.ts';
import { answerListQuery, answerQuery, createQueryClient, retryPolicy } from './queries.ts';

const goodAnswer = {
  format: 'citelens/1',
  id: 'x',
  question: 'Why?',
  text: 'Because [1].',
  documents: [
    { id: 'd', title: 'Doc', url: '../documents/d' },
    { id: 'e', title: 'Elsewhere', url: 'https://cdn.example.com/e.pdf' },
    { id: 'f', title: 'Rooted', url: '/api/documents/f' },
  ],
  sources: [{ id: 'S1', documentId: 'd', page: 1, boxes: [{ page: 1, x0: 1, y0: 2, x1: 3, y1: 4 }] }],
  citations: [{ n: 1, sourceId: 'S1' }],
};

type Reply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | Error;

let fetchMock: ReturnType<typeof vi.fn>;

function reply(...replies: Reply[]) {
  let i = 0;
  fetchMock.mockImplementation(async () => {
    const r = replies[Math.min(i++, replies.length - 1)]!;
    if (r instanceof Error) throw r;
    const text = r.raw ?? JSON.stringify(r.body);
    return new Response(text, { status: r.status ?? 200, headers: { 'Content-Type': 'application/json', ...r.headers } });
  });
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('apiUrl', () => {
  it('defaults to /api on the current origin (http://localhost/ outside a browser)', () => {
    expect(apiUrl('/answers')).toBe('http://localhost/api/answers');
    expect(apiUrl('answers/a%20b')).toBe('http://localhost/api/answers/a%20b');
  });

  it('honours VITE_API_BASE_URL, absolute or relative, with or without a trailing slash', () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com/v2/');
    expect(apiUrl('/answers')).toBe('https://api.example.com/v2/answers');
    vi.stubEnv('VITE_API_BASE_URL', '/citelens/api');
    expect(apiUrl('/answers')).toBe('http://localhost/citelens/api/answers');
  });
});

describe('fetchAnswer', () => {
  it('returns a canonical answer, with document URLs resolved against the answer URL', async () => {
    reply({ body: goodAnswer });
    const result = await fetchAnswer('x');
    expect(fetchMock).toHaveBeenCalledWith('http://localhost/api/answers/x', expect.anything());
    expect(result.kind).toBe('canonical');
    expect(result.answer.id).toBe('x');
    expect(result.answer).not.toHaveProperty('format');
    expect(result.answer.documents.map((d) => d.url)).toEqual([
      'http://localhost/api/documents/d',
      'https://cdn.example.com/e.pdf',
      'http://localhost/api/documents/f',
    ]);
    expect(result.answer.sources[0]?.boxes?.[0]).toEqual({ page: 1, x0: 1, y0: 2, x1: 3, y1: 4 });
  });

  it('accepts an answer without a format field', async () => {
    const { format: _f, ...noFormat } = goodAnswer;
    void _f;
    reply({ body: noFormat });
    expect((await fetchAnswer('x')).answer.text).toBe('Because [1].');
  });

  it('tolerates unknown fields at the top level and in a document, a source and a box (a newer producer’s)', async () => {
    const [doc, ...docs] = goodAnswer.documents;
    const box = { page: 1, x0: 1, y0: 2, x1: 3, y1: 4, rotation: 0 };
    const source = { ...goodAnswer.sources[0]!, rerankScore: 0.5, boxes: [box] };
    reply({ body: { ...goodAnswer, producerVersion: '9.9', documents: [{ ...doc, checksum: 'abc' }, ...docs], sources: [source] } });
    const { answer } = await fetchAnswer('x');
    expect(answer.text).toBe('Because [1].');
    expect(answer.sources[0]?.boxes?.[0]).toEqual({ page: 1, x0: 1, y0: 2, x1: 3, y1: 4 });
    expect(answer).not.toHaveProperty('producerVersion');
  });

  it('encodes the id in the path', async () => {
    reply({ body: goodAnswer });
    await fetchAnswer('a b/c');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://localhost/api/answers/a%20b%2Fc');
  });

  it('turns a 404 into an http ApiError with a clear message', async () => {
    reply({ status: 404, body: { error: { code: 'not_found', message: 'Answer "x" was not found.' } } });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(404);
    expect(e.message).toBe('Answer "x" was not found (404).');
  });

  it('includes the server message for a 500', async () => {
    reply({ status: 500, body: { error: { code: 'invalid_json', message: 'Answer "x" is not valid JSON.' } } });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('http');
    expect(e.status).toBe(500);
    expect(e.message).toContain('(HTTP 500)');
    expect(e.message).toContain('is not valid JSON');
  });

  it('reports a bad shape with the paths of the issues', async () => {
    const bad = structuredClone(goodAnswer) as Record<string, unknown>;
    (bad.sources as { boxes: { x1: unknown }[] }[])[0]!.boxes[0]!.x1 = 'wide';
    delete (bad.documents as Record<string, unknown>[])[1]!.title;
    reply({ body: bad });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('invalid-shape');
    expect(e.issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^sources\[0\]\.boxes\[0\]\.x1: /), expect.stringMatching(/^documents\[1\]\.title: /)]),
    );
    expect(e.message).toContain('Answer "x" does not have the expected shape');
    expect(e.message).toContain('sources[0].boxes[0].x1');
  });

  it('reports cross-reference problems (unknown document) as a bad shape', async () => {
    const bad = structuredClone(goodAnswer);
    bad.sources[0]!.documentId = 'zzz';
    reply({ body: bad });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('invalid-shape');
    expect(e.issues?.[0]).toMatch(/^sources\[0\]\.documentId: .*zzz/);
  });

  it('reports a body that is not JSON', async () => {
    reply({ raw: '<!doctype html><html>' });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('invalid-json');
    expect(e.message).toMatch(/not valid JSON/);
  });

  it('normalizes a wrapped answer with its adapter, resolving document URLs against the answer URL', async () => {
    reply({
      body: {
        id: 'x',
        question: 'Why?',
        format: 'raglite',
        documents: [{ id: 'd', title: 'D', url: '../documents/d' }],
        payload: { text: 'Because [1].', citations: [{ n: 1, source: 'd', chunk: 2, page: 4, text: 'The passage.' }] },
      },
    });
    const result = await fetchAnswer('x');
    expect(result.kind).toBe('adapted');
    if (result.kind !== 'adapted') return;
    expect(result.format).toBe('raglite');
    expect(result.warnings).toEqual([]);
    expect(result.answer).toEqual({
      id: 'x',
      question: 'Why?',
      text: 'Because [1].',
      documents: [{ id: 'd', title: 'D', url: 'http://localhost/api/documents/d' }],
      sources: [{ id: 'S1', documentId: 'd', chunk: '2', page: 4, text: 'The passage.' }],
      citations: [{ n: 1, sourceId: 'S1' }],
    });
  });

  it('detects the format of an `auto` wrapper', async () => {
    reply({
      body: {
        id: 'x',
        format: 'auto',
        documents: [{ id: 'd', title: 'D', url: '/d' }],
        payload: { text: 'A [S1]', citations: [{ citation_id: 'S1', document_id: 'd', pages: [2] }] },
      },
    });
    const result = await fetchAnswer('x');
    expect(result).toMatchObject({ kind: 'adapted', format: 'sid-bbox' });
    expect(result.answer.sources).toEqual([{ id: 'S1', documentId: 'd', page: 2, pages: [2] }]);
  });

  it('reports an `auto` wrapper whose format cannot be detected as an unsupported format', async () => {
    reply({ body: { id: 'x', format: 'auto', documents: [{ id: 'd', title: 'D', url: '/d' }], payload: { hello: 'world' } } });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('unsupported-format');
    expect(e.format).toBe('auto');
    expect(e.message).toMatch(
      /^Could not detect the citation format of answer "x"\. It found no answer text .* no citations field of a known shape: looked for .*Top-level fields: hello\.$/,
    );
  });

  it('reports a payload that does not match its declared format as a bad shape', async () => {
    reply({ body: { id: 'x', format: 'raglite', documents: [{ id: 'd', title: 'D', url: '/d' }], payload: {} } });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('invalid-shape');
    expect(e.format).toBe('raglite');
    expect(e.issues).toEqual(['payload.text: Invalid input: expected string, received undefined']);
    expect(e.message).toBe(
      'Answer "x" does not have the expected "raglite" citation format:\n  - payload.text: Invalid input: expected string, received undefined',
    );
  });

  it('reports an unknown format as a bad shape', async () => {
    reply({ body: { ...goodAnswer, format: 'mystery/9' } });
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('invalid-shape');
    expect(e.issues?.some((i) => i.startsWith('format: '))).toBe(true);
  });

  it('reports a network failure', async () => {
    reply(new TypeError('fetch failed'));
    const e = await caught(fetchAnswer('x'));
    expect(e.kind).toBe('network');
    expect(e.status).toBeUndefined();
    // in words a reader can act on, not the browser's own ("fetch failed", kept as the cause)
    expect(e.message).toBe('Could not reach the server to load Answer "x". Check your connection.');
    expect(e.timeoutSeconds).toBeUndefined();
  });

  it('lets cancellation through untouched', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(fetchAnswer('x', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('fetchAnswerPage', () => {
  it('asks for a page and reads the next one and the total from the headers', async () => {
    reply({
      body: [{ id: 'a', title: 'A' }],
      headers: { Link: '</api/answers?limit=100&after=a%2Eb>; rel="next"', 'X-Total-Count': '100000' },
    });
    expect(await fetchAnswerPage(null)).toEqual({ items: [{ id: 'a', title: 'A' }], next: 'a.b', total: 100_000 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://localhost/api/answers?limit=100');
    reply({ body: [] });
    expect(await fetchAnswerPage('a.b')).toEqual({ items: [], next: null, total: null });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('http://localhost/api/answers?limit=100&after=a.b');
  });
});

describe('fetchAnswerList', () => {
  it('parses the list', async () => {
    reply({
      body: [
        { id: 'a', title: 'A' },
        { id: 'b', question: 'B?' },
      ],
    });
    expect(await fetchAnswerList()).toEqual([
      { id: 'a', title: 'A' },
      { id: 'b', question: 'B?' },
    ]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('http://localhost/api/answers');
  });

  it('rejects a list with a bad entry', async () => {
    reply({ body: [{ id: '' }] });
    const e = await caught(fetchAnswerList());
    expect(e.kind).toBe('invalid-shape');
    expect(e.issues?.[0]).toMatch(/^\[0\]\.id: /);
  });
});

describe('retries', () => {
  function testClient() {
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    return client;
  }

  it('retryPolicy retries network errors and 5xx at most twice, and nothing else', () => {
    const network = new ApiError({ kind: 'network', url: 'u', message: 'm' });
    const http = (status: number) => new ApiError({ kind: 'http', status, url: 'u', message: 'm' });
    expect(retryPolicy(0, network)).toBe(true);
    expect(retryPolicy(1, network)).toBe(true);
    expect(retryPolicy(2, network)).toBe(false);
    expect(retryPolicy(0, http(503))).toBe(true);
    expect(retryPolicy(0, http(404))).toBe(false);
    expect(retryPolicy(0, http(400))).toBe(false);
    expect(retryPolicy(0, new ApiError({ kind: 'invalid-shape', url: 'u', message: 'm' }))).toBe(false);
    expect(retryPolicy(0, new Error('other'))).toBe(false);
  });

  it('retries a network error (3 attempts in all) and then fails', async () => {
    reply(new TypeError('fetch failed'));
    const client = testClient();
    await expect(client.fetchQuery(answerQuery('x'))).rejects.toMatchObject({ kind: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('recovers when a retry succeeds', async () => {
    reply({ status: 502, body: {} }, { body: goodAnswer });
    const client = testClient();
    const result = await client.fetchQuery(answerQuery('x'));
    expect(result.answer.id).toBe('x');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx', async () => {
    reply({ status: 404, body: { error: { code: 'not_found', message: 'nope' } } });
    const client = testClient();
    await expect(client.fetchQuery(answerQuery('x'))).rejects.toMatchObject({ kind: 'http', status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('has distinct keys for the list and each answer', () => {
    expect(answerListQuery().queryKey).toEqual(['answers', 'list']);
    expect(answerQuery('x').queryKey).toEqual(['answers', 'detail', 'x']);
    expect(new QueryClient()).toBeDefined();
  });
});
