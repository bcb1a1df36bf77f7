import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { acceptedCodings } from './build-files.ts';

// The build's scripts reach the browser compressed when it takes brotli or gzip (the build writes both copies), and
// whole otherwise; each answer says it varies by Accept-Encoding, so no cache hands one browser another's coding.

let root: string;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'citelens-build-files-'));
  mkdirSync(path.join(root, 'data'), { recursive: true });
  mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
  writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html><title>citelens</title>');
  writeFileSync(path.join(root, 'dist/assets/app-1.js'), script);
  writeFileSync(path.join(root, 'dist/assets/app-1.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(root, 'dist/assets/app-1.js.gz'), gzipSync(script));
  writeFileSync(path.join(root, 'dist/assets/alone-2.js'), script);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) =>
  createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist') }).request(url, { headers });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('build files', () => {
  it('sends brotli when the browser takes it, else gzip, else the file itself, always as JavaScript', async () => {
    const br = await get('/assets/app-1.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(script);

    const gz = await get('/assets/app-1.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script);

    const plain = await get('/assets/app-1.js', { 'Accept-Encoding': 'identity, br;q=0' });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect((await bytes(plain)).toString()).toBe(script);
  });

  it('sends the file itself for a range, and for a file the build left uncompressed', async () => {
    const ranged = await get('/assets/app-1.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('Content-Encoding')).toBeNull();
    expect((await bytes(ranged)).toString()).toBe(script.slice(0, 10));
    const alone = await get('/assets/alone-2.js', { 'Accept-Encoding': 'br, gzip' });
    expect(alone.headers.get('Content-Encoding')).toBeNull();
    expect((await bytes(alone)).toString()).toBe(script);
  });

  it('reads Accept-Encoding as RFC 9110 says: q=0 refuses, * allows the rest', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')].sort()).toEqual(['br', 'deflate', 'gzip', 'zstd']);
    expect([...acceptedCodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedCodings('*;q=0.1, br;q=0')].sort()).toEqual(['gzip']);
    expect([...acceptedCodings('')]).toEqual([]);
  });
});
