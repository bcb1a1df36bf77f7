import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

// /bench, the viewer-only benchmark page (src/app/bench/bench-page.tsx), is a test entry of the build: a production server
// serves none of it unless asked (CITELENS_BENCH=1, `bench: true`), and then under the app's own policy.

let root: string;
let dist: string;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'citelens-bench-route-'));
  mkdirSync(path.join(root, 'data/answers'), { recursive: true });
  mkdirSync(path.join(root, 'data/documents'), { recursive: true });
  dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'src/app/bench'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>citelens</title>');
  writeFileSync(path.join(dist, 'src/app/bench/bench.html'), '<!doctype html><title>citelens bench</title>');
  writeFileSync(path.join(dist, 'assets/bench-root-abc.js'), 'export {};');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const app = (bench?: boolean) => createApp({ dataDir: path.join(root, 'data'), distDir: dist, ...(bench !== undefined && { bench }) });
const connectSrc = (res: Response) => /connect-src [^;]*/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[0];

describe('/bench', () => {
  it('is not served by default: not the page, nor its files by their own paths', async () => {
    for (const url of ['/bench', '/bench/', '/bench?file=%2Fapi%2Fdocuments%2Fa&scale=1', '/src/app/bench/bench.html', '/assets/bench-root-abc.js']) {
      const res = await app().request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('citelens bench');
    }
    // The app's own pages are the app, with its policy.
    const home = await app().request('/?answer=x');
    expect(await home.text()).toContain('<title>citelens</title>');
    expect(connectSrc(home)).toBe("connect-src 'self' blob:");
  });

  it('is served when asked for, under the same policy as the app: its PDF comes from this server', async () => {
    const res = await app(true).request('/bench?file=%2Fapi%2Fdocuments%2Fa&scale=1');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>citelens bench</title>');
    expect(connectSrc(res)).toBe("connect-src 'self' blob:");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect((await app(true).request('/assets/bench-root-abc.js')).status).toBe(200);
    // Names that only look like it are the app.
    for (const url of ['/benchmarks', '/benchx', '/a/bench', '/bench/x'])
      expect(await (await app(true).request(url)).text(), url).toContain('<title>citelens</title>');
  });
});
