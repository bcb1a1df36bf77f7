// @vitest-environment node
import { mkdirSync, mkdtempSync, renameSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

// Documents replaced while they are served, against a real listening server (what pdf.js sees): a rename never
// mixes two versions under one ETag/Content-Range, an in-place rewrite does not stall a response, and a
// deleted-and-recreated file never prints a raw ENOENT.

const SIZE = 1024 * 1024;
const RANGE = 64 * 1024;
let root: string;
let docs: string;
let server: ServerType;
let base: string;
const stderr: string[] = [];
const originalWrite = process.stderr.write.bind(process.stderr);

/** A version of the file: every byte is `fill`, so a response's bytes say which version they came from. */
function version(fill: number, size = SIZE): Buffer {
  return Buffer.alloc(size, fill);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-replace-'));
  docs = path.join(root, 'data', 'documents');
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'doc.pdf'), version(1));
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    stderr.push(String(chunk));
    return (originalWrite as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  const app = createApp({ dataDir: path.join(root, 'data'), warn: (m) => stderr.push(m), ask: false });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.stderr.write = originalWrite;
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** The version an ETag names: etags are `"<size>-<mtime>"`; we keep a map from etag to the fill byte seen first. */
async function rangeRequest(start: number): Promise<{ status: number; etag: string; contentRange: string; bytes: Buffer }> {
  const res = await fetch(`${base}/api/documents/doc`, { headers: { Range: `bytes=${start}-${start + RANGE - 1}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, etag: res.headers.get('etag') ?? '', contentRange: res.headers.get('content-range') ?? '', bytes };
}

describe('a document replaced by rename while it is served', () => {
  it('never sends bytes of two versions in one response, nor bytes under another version’s ETag', async () => {
    const fillOf = new Map<string, number>();
    let stop = false;
    let swaps = 0;
    const swapper = (async () => {
      while (!stop) {
        swaps++;
        const tmp = path.join(docs, `.doc.${swaps}.tmp`);
        writeFileSync(tmp, version(swaps % 2 === 0 ? 1 : 2));
        renameSync(tmp, path.join(docs, 'doc.pdf'));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const responses = [];
    for (let round = 0; round < 40; round++) {
      responses.push(...(await Promise.all(Array.from({ length: 8 }, (_, i) => rangeRequest(((round * 8 + i) % 16) * RANGE)))));
    }
    stop = true;
    await swapper;
    expect(swaps).toBeGreaterThan(5);
    for (const r of responses) {
      expect(r.status).toBe(206);
      expect(r.bytes.length).toBe(RANGE);
      const fill = r.bytes[0] as number;
      expect(
        r.bytes.every((b) => b === fill),
        'one version per response',
      ).toBe(true);
      // Same ETag ⇒ same bytes: the headers come from the handle the bytes are read from.
      const known = fillOf.get(r.etag);
      if (known === undefined) fillOf.set(r.etag, fill);
      else expect(fill, `ETag ${r.etag}`).toBe(known);
    }
  }, 60_000);
});

describe('a document rewritten in place while it is served', () => {
  it('a long response is cut off at once (an error, not a 6 s stall, and never padded)', async () => {
    writeFileSync(path.join(docs, 'big.pdf'), version(3, 32 * 1024 * 1024));
    const res = await fetch(`${base}/api/documents/big`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    truncateSync(path.join(docs, 'big.pdf'), 0);
    writeFileSync(path.join(docs, 'big.pdf'), version(4, 1024));
    const started = Date.now();
    let received = 0;
    let failed = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
      }
    } catch {
      failed = true;
    }
    // The client learns that the body is incomplete (fetch rejects) instead of waiting for bytes that never come.
    expect(failed).toBe(true);
    expect(received).toBeLessThan(32 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 30_000);

  it('a range read while the file is being rewritten is either the old or the new file, whole', async () => {
    const file = path.join(docs, 'doc.pdf');
    writeFileSync(file, version(5));
    let stop = false;
    const writer = (async () => {
      let fill = 6;
      while (!stop) {
        writeFileSync(file, version(fill)); // O_TRUNC then write: in place
        fill = fill === 6 ? 7 : 6;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const results = await Promise.all(Array.from({ length: 48 }, (_, i) => rangeRequest((i % 16) * RANGE)));
    stop = true;
    await writer;
    for (const r of results) {
      // 206 with one version's bytes; or, caught in the instant the file is empty (truncated, not yet written), a
      // clean 416; or a 503 "being rewritten" after three tries: never a mix of two versions.
      if (r.status === 503 || r.status === 416) continue;
      expect(r.status).toBe(206);
      expect(r.bytes.length).toBe(RANGE);
      expect(r.bytes.every((b) => b === r.bytes[0])).toBe(true);
    }
  }, 60_000);
});

describe('a document deleted and recreated while it is requested', () => {
  it('answers 200 or a clean 404, never a raw ENOENT on stderr', async () => {
    const file = path.join(docs, 'flaky.pdf');
    writeFileSync(file, version(8, 200 * 1024));
    stderr.length = 0;
    let stop = false;
    const churn = (async () => {
      while (!stop) {
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
        await new Promise((r) => setTimeout(r, 1));
        writeFileSync(file, version(8, 200 * 1024));
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${base}/api/documents/flaky`);
      const bytes = Buffer.from(await res.arrayBuffer());
      statuses.push(res.status);
      if (res.status === 200) expect(bytes.length).toBe(200 * 1024);
      else expect((JSON.parse(bytes.toString()) as { error: { code: string } }).error.code).toMatch(/^(not_found|file_changing)$/);
    }
    stop = true;
    await churn;
    expect(statuses.every((s) => s === 200 || s === 404 || s === 503)).toBe(true);
    expect(stderr.join('')).not.toMatch(/ENOENT|error:/);
  }, 60_000);
});
