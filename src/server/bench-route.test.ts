import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

// /bench is the SPA (src/app/bench-page.tsx); its PDF may live on another origin, so only its policy lets pdf.js
// fetch http(s) URLs. Every other page keeps connect-src to our own origin.

let root: string;
let app: ReturnType<typeof createApp>;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'citelens-bench-route-'));
  mkdirSync(path.join(root, 'data/answers'), { recursive: true });
  mkdirSync(path.join(root, 'data/documents'), { recursive: true });
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><title>citelens</title>');
  app = createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist') });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const connectSrc = (res: Response) => /connect-src [^;]*/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[0];

describe('/bench', () => {
  it('serves the SPA with a policy that lets it fetch a PDF from another origin, and nothing else looser', async () => {
    const res = await app.request('/bench?file=https%3A%2F%2Ffiles.example%2Fa.pdf&scale=1');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>citelens</title>');
    expect(connectSrc(res)).toBe("connect-src 'self' blob: http: https:");
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('keeps every other page to its own origin', async () => {
    // the app's own pages, and addresses that only look like the bench: below it, beside it, its name inside another
    const urls = ['/', '/?answer=x', '/index.html', '/?file=https%3A%2F%2Ffiles.example%2Fa.pdf', '/benchmarks', '/benchx', '/a/bench', '/bench/x', '/BENCH'];
    for (const url of urls) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(connectSrc(res), url).toBe("connect-src 'self' blob:");
    }
  });

  it("serves the build's own bench page when there is one, with the same policy", async () => {
    mkdirSync(path.join(root, 'dist/src/app'), { recursive: true });
    writeFileSync(path.join(root, 'dist/src/app/bench.html'), '<!doctype html><title>citelens bench</title>');
    try {
      const res = await app.request('/bench?file=%2Fapi%2Fdocuments%2Fa&scale=1');
      expect(await res.text()).toContain('<title>citelens bench</title>');
      expect(connectSrc(res)).toBe("connect-src 'self' blob: http: https:");
      // The app's pages are still the app.
      expect(await (await app.request('/')).text()).toContain('<title>citelens</title>');
    } finally {
      rmSync(path.join(root, 'dist/src'), { recursive: true, force: true });
    }
  });

  it('the same for HEAD: only /bench itself is loosened', async () => {
    expect(connectSrc(await app.request('/bench', { method: 'HEAD' }))).toBe("connect-src 'self' blob: http: https:");
    expect(connectSrc(await app.request('/', { method: 'HEAD' }))).toBe("connect-src 'self' blob:");
  });
});
