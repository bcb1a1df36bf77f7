// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createApp } from './app.ts';
import { parseRange } from './files.ts';

let root: string;
let app: ReturnType<typeof createApp>;
const warnings: string[] = [];
const pdfBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

function write(rel: string, content: string | Buffer) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-server-'));
  write(
    'data/answers/b-answer.json',
    JSON.stringify({
      id: 'b-answer',
      question: 'What is B?',
      text: 'B [1]',
      documents: [
        { id: 'doc1', title: 'Doc 1' },
        { id: 'doc2', title: 'Doc 2', url: 'https://example.com/doc2.pdf' },
      ],
      sources: [],
      extra: { kept: true },
    }),
  );
  write('data/answers/a.1.json', JSON.stringify({ id: 'a.1', text: 'intro\n\n## Heading A\n\nbody', documents: [], sources: [] }));
  write('data/answers/broken.json', '{ not json');
  write('data/answers/array.json', '[1, 2]');
  write('data/answers/notes.txt', 'ignored');
  write('data/documents/doc1.pdf', pdfBytes);
  write('data/documents/doc1.meta.json', JSON.stringify({ title: 'Doc 1', version: 'v3' }));
  write('data/documents/notes.md', '# Notes\n');
  write('data/documents/plain.txt', 'plain text');
  write('data/documents/secret.pdf', '%PDF-1.7 secret');
  write('data/documents/secret.meta.json', JSON.stringify({ access: 'forbidden' }));
  write('data/documents/empty.pdf', '');
  write('secret.json', JSON.stringify({ leaked: true }));

  write('dist/index.html', '<!doctype html><title>citelens</title>');
  write('dist/assets/index-abc123.js', 'console.log(1)');
  write('dist/pdfjs/pdf.worker.min.mjs', 'export {}');
  write('dist/pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap', Buffer.from([1, 2, 3]));
  write('dist/pdfjs/standard_fonts/FoxitSans.pfb', Buffer.from([1]));
  write('dist/pdfjs/wasm/openjpeg.wasm', Buffer.from([0, 97, 115, 109]));
  write('dist/pdfjs/standard_fonts/LiberationSans-Regular.ttf', Buffer.from([0]));

  app = createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist'), warn: (m) => warnings.push(m) });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, init?: RequestInit) => app.request(url, init);

describe('GET /api/answers', () => {
  it('lists answers sorted by id, with titles, and malformed files marked broken with a warning', async () => {
    warnings.length = 0;
    const res = await get('/api/answers');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual([
      { id: 'a.1', title: 'Heading A' },
      { id: 'array', broken: { reason: 'It is not a JSON object' } },
      { id: 'b-answer', question: 'What is B?', title: 'What is B?' },
      { id: 'broken', broken: { reason: expect.stringMatching(/^It is not valid JSON \(.+\)$/) } },
    ]);
    expect(warnings.some((w) => w.includes('broken.json'))).toBe(true);
    expect(warnings.some((w) => w.includes('array.json'))).toBe(true);
  });

  it('answers an empty list when the data folder has no answers', async () => {
    const empty = createApp({ dataDir: path.join(root, 'nowhere') });
    const res = await empty.request('/api/answers');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });
});

describe('GET /api/answers/:id', () => {
  it('returns the answer as stored, filling absent document urls', async () => {
    const res = await get('/api/answers/b-answer');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.extra).toEqual({ kept: true });
    expect(body.documents).toEqual([
      { id: 'doc1', title: 'Doc 1', url: '/api/documents/doc1' },
      { id: 'doc2', title: 'Doc 2', url: 'https://example.com/doc2.pdf' },
    ]);
  });

  it('404s with a JSON error for a missing answer', async () => {
    const res = await get('/api/answers/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: expect.stringContaining('nope') } });
  });

  it('400s for ids outside [A-Za-z0-9._-]', async () => {
    for (const bad of ['a%20b', 'x%3Cy', 'a%2Fb', '.%2E.', '..%2Fsecret', '%2E%2E%2Fsecret']) {
      const res = await get(`/api/answers/${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error.code).toBe('bad_request');
    }
  });

  it('does not allow path traversal', async () => {
    for (const url of ['/api/answers/..%2F..%2Fsecret', '/api/answers/%2e%2e%2fsecret', '/api/answers/../secret']) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.status);
      expect(await res.text()).not.toContain('leaked');
    }
  });

  it('422s (a definite error, not worth a retry) with a JSON error for a file that is not JSON', async () => {
    const res = await get('/api/answers/broken');
    expect(res.status).toBe(422);
    expect((await res.json()).error.code).toBe('invalid_json');
  });
});

describe('GET /api/documents/:id', () => {
  it('serves the whole file with headers', async () => {
    const res = await get('/api/documents/doc1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('x-citelens-document-version')).toBe('v3');
    const exposed = res.headers.get('access-control-expose-headers') ?? '';
    for (const h of ['Content-Range', 'Content-Length', 'Accept-Ranges', 'X-Citelens-Document-Version']) {
      expect(exposed).toContain(h);
    }
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfBytes);
  });

  it('serves .md and .txt documents with their types and no version header', async () => {
    const md = await get('/api/documents/notes');
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.headers.get('x-citelens-document-version')).toBeNull();
    const txt = await get('/api/documents/plain');
    expect(txt.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await txt.text()).toBe('plain text');
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=-5000', 0, 999],
    ['bytes=500-5000', 500, 999],
    ['bytes=7-7', 7, 7],
  ])('answers Range %s with 206', async (range, start, end) => {
    const res = await get('/api/documents/doc1', { headers: { Range: range } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(res.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfBytes.subarray(start, end + 1));
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers unsatisfiable Range %s with 416', async (range) => {
    const res = await get('/api/documents/doc1', { headers: { Range: range } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */1000');
  });

  it('ignores malformed and multi-part ranges (200 with the whole file)', async () => {
    for (const range of ['bytes=5-1', 'items=0-1', 'bytes=0-1,5-6', 'bytes=abc']) {
      const res = await get('/api/documents/doc1', { headers: { Range: range } });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('content-length')).toBe('1000');
      await res.arrayBuffer();
    }
  });

  it('supports HEAD without a body, including for ranges', async () => {
    const head = await get('/api/documents/doc1', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(head.headers.get('x-citelens-document-version')).toBe('v3');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const range = await get('/api/documents/doc1', { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 0-9/1000');
  });

  it('honours If-None-Match and If-Range', async () => {
    const etag = (await get('/api/documents/doc1', { method: 'HEAD' })).headers.get('etag')!;
    expect((await get('/api/documents/doc1', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const fresh = await get('/api/documents/doc1', { headers: { Range: 'bytes=0-9', 'If-Range': etag } });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
    const stale = await get('/api/documents/doc1', { headers: { Range: 'bytes=0-9', 'If-Range': '"old"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('serves an empty file, and 416s any range on it', async () => {
    const res = await get('/api/documents/empty');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('0');
    expect((await get('/api/documents/empty', { headers: { Range: 'bytes=0-' } })).status).toBe(416);
  });

  it('403s a forbidden document', async () => {
    const res = await get('/api/documents/secret');
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.code).toBe('forbidden');
    expect(JSON.stringify(body)).not.toContain('PDF');
  });

  it('404s a missing document and 400s a bad id', async () => {
    const missing = await get('/api/documents/nope');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    expect((await get('/api/documents/..%2Fsecret')).status).toBe(400);
    expect((await get('/api/documents/doc1.meta')).status).toBe(404);
  });
});

describe('the rest of /api', () => {
  it.each(['/api', '/api/', '/api/nope', '/api/answers/a/b', '/api/documents'])('%s is a JSON 404', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it('other methods are JSON 404s too', async () => {
    const res = await get('/api/answers', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('static files and SPA fallback', () => {
  it('serves index.html at / with security headers', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).toContain('<title>citelens</title>');
  });

  it('falls back to index.html for extensionless paths only', async () => {
    for (const url of ['/answers/b-answer', '/some/deep/route/', '/review']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<title>citelens</title>');
    }
    for (const url of ['/pdfjs/cmaps/missing.bcmap', '/assets/missing.js', '/favicon.ico', '/x.html']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('<title>');
    }
  });

  it('serves files with MIME types and cache headers', async () => {
    const cases: [string, RegExp, string][] = [
      ['/assets/index-abc123.js', /^text\/javascript/, 'public, max-age=31536000, immutable'],
      ['/pdfjs/pdf.worker.min.mjs', /^text\/javascript/, 'no-cache'],
      ['/pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap', /^application\/octet-stream$/, 'no-cache'],
      ['/pdfjs/wasm/openjpeg.wasm', /^application\/wasm$/, 'no-cache'],
      ['/pdfjs/standard_fonts/FoxitSans.pfb', /^application\/x-font-type1$/, 'no-cache'],
      ['/pdfjs/standard_fonts/LiberationSans-Regular.ttf', /^font\/ttf$/, 'no-cache'],
    ];
    for (const [url, type, cache] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(type);
      expect(res.headers.get('cache-control'), url).toBe(cache);
      await res.arrayBuffer();
    }
  });

  it('does not serve files outside distDir', async () => {
    for (const url of ['/..%2Fdata%2Fanswers%2Fb-answer.json', '/%2e%2e/secret.json', '/../secret.json']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('leaked');
    }
  });

  it('404s non-/api paths when there is no distDir', async () => {
    const apiOnly = createApp({ dataDir: path.join(root, 'data') });
    expect((await apiOnly.request('/')).status).toBe(404);
    expect((await apiOnly.request('/api/answers')).status).toBe(200);
  });
});

describe('parseRange', () => {
  it('parses the three single-range forms', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=3-', 10)).toEqual({ start: 3, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=-', 10)).toBeNull();
  });
});
