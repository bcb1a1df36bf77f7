// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { DEFAULT_LIMITS } from '../limits.ts';
import { claimsOfAnswer } from '../review/answer-claims.ts';
import { openServerDatabase, type ServerDatabase } from '../review/open-database.ts';
import { readOpsEnv } from './config.ts';
import { createMetrics, indexSizeOf } from './metrics.ts';

// Issue 39, operable: the probes, the request log and its request id, and the Prometheus metrics, on an app over a
// real SQLite database and a small data folder (one answer of the demo, one text document to ask about).

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data');
let root: string;
let db: ServerDatabase;
let draining = false;
const lines: string[] = [];
const metrics = createMetrics();
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-ops-'));
  const data = path.join(root, 'data');
  mkdirSync(path.join(data, 'answers'), { recursive: true });
  mkdirSync(path.join(data, 'documents'), { recursive: true });
  copyFileSync(path.join(demo, 'answers', 'vendor-access.json'), path.join(data, 'answers', 'vendor-access.json'));
  writeFileSync(path.join(data, 'documents', 'backups.txt'), 'Backups are taken every night at two.\nEach backup is kept for thirty days.\n');
  db = await openServerDatabase({ kind: 'sqlite', file: path.join(root, 'reviews.sqlite') });
  app = createApp({
    dataDir: data,
    warn: () => undefined,
    review: db.review,
    asked: db.asked,
    ask: { streamDelayMs: 0 },
    limits: { ...DEFAULT_LIMITS, ask: { perMinute: 0, burst: 0 } },
    ops: { readiness: () => db.readiness(), draining: () => draining, metrics, requestLog: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await db.review.close().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

const lastLog = () => JSON.parse(lines.at(-1) ?? 'null') as Record<string, unknown>;

describe('probes', () => {
  it('/healthz says the process is up; /readyz that the database answers and is migrated', async () => {
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('/readyz is 503 with the reason while shutting down', async () => {
    draining = true;
    try {
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'not ready', reason: 'shutting down' });
    } finally {
      draining = false;
    }
  });

  it('/readyz is 503 with the reason when the database is gone, /healthz still 200', async () => {
    const gone = await openServerDatabase({ kind: 'sqlite', file: path.join(root, 'gone.sqlite') });
    await gone.review.close();
    const probe = createApp({ dataDir: root, ops: { readiness: () => gone.readiness() } });
    const res = await probe.request('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'not ready', reason: expect.stringMatching(/^the database is unreachable: /) });
    expect((await probe.request('/healthz')).status).toBe(200);
  });
});

describe('readiness and the ask index', () => {
  it('/readyz is 503 while the index catches up with the data folder at start, then 200', async () => {
    const indexing = createApp({
      dataDir: path.join(root, 'data'),
      warn: () => undefined,
      indexAtStart: true,
      ops: { readiness: () => db.readiness() },
    });
    // The sync starts after the current task: a probe at once finds the index behind.
    const first = await indexing.request('/readyz');
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({ status: 'not ready', reason: 'the ask index is catching up with the data folder' });
    await expect.poll(async () => (await indexing.request('/readyz')).status, { timeout: 20_000 }).toBe(200);
    // and the document it indexed answers a question with no wait
    const asked = await indexing.request('/api/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'What is taken every night at two?' }),
    });
    expect(asked.status).toBe(201);
    expect(JSON.stringify(await asked.json())).toContain('Backups are taken every night at two [1].');
  });

  it("/metrics reports the shared index's size, read from the database", async () => {
    const scraped = createMetrics({ indexSize: indexSizeOf(db.searchIndex) });
    const indexing = createApp({
      dataDir: path.join(root, 'data'),
      warn: () => undefined,
      searchIndex: db.searchIndex,
      indexAtStart: true,
      ops: { metrics: scraped },
    });
    await expect.poll(async () => (await indexing.request('/readyz')).status, { timeout: 20_000 }).toBe(200);
    const text = await (await indexing.request('/metrics')).text();
    // one text document of two sentences
    expect(text).toMatch(/^citelens_ask_index_documents 1$/m);
    expect(text).toMatch(/^citelens_ask_index_passages 2$/m);
  });
});

describe('the request log', () => {
  it('one JSON line per request: method, route pattern, status, ms and the request id sent in X-Request-Id', async () => {
    const res = await app.request('/api/answers/vendor-access', { headers: { 'X-Request-Id': 'lb-7f3a.1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Request-Id')).toBe('lb-7f3a.1');
    expect(lastLog()).toMatchObject({ msg: 'request', method: 'GET', route: '/api/answers/:id', status: 200, requestId: 'lb-7f3a.1' });
    expect(lastLog().ms).toEqual(expect.any(Number));
  });

  it('sets a new id when none or an unusable one was sent; 404s are logged too', async () => {
    const res = await app.request('/api/answers/nope', { headers: { 'X-Request-Id': `${'x'.repeat(200)}` } });
    expect(res.status).toBe(404);
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lastLog()).toMatchObject({ route: '/api/answers/:id', status: 404, requestId: id });
    const other = await app.request('/healthz');
    expect(other.headers.get('X-Request-Id')).not.toBe(id);
  });
});

describe('metrics', () => {
  it('are off unless asked for: /metrics is a 404, not the app', async () => {
    const off = createApp({ dataDir: root });
    const res = await off.request('/metrics');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('CITELENS_METRICS=1');
  });

  it('count requests by route, saves, 409s, and time questions', async () => {
    const answer = JSON.parse(readFileSync(path.join(demo, 'answers', 'vendor-access.json'), 'utf8')) as unknown;
    const claims = claimsOfAnswer('vendor-access', answer);
    if (claims.kind !== 'claims') throw new Error('the demo answer has no claims');
    const claim = [...claims.ids][0]!;
    const save = (version: number) =>
      app.request(`/api/answers/vendor-access/review/claims/${claim}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
        body: JSON.stringify({ decision: 'verified', note: '' }),
      });
    expect((await save(0)).status).toBe(200);
    expect((await save(0)).status).toBe(409);
    const asked = await app.request('/api/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'How long is a backup kept?' }),
    });
    expect(asked.status).toBe(201);

    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^citelens_http_requests_total\{method="GET",route="\/api\/answers\/:id",status="200"\} [1-9]/m);
    expect(text).toMatch(/^citelens_http_request_duration_seconds_count\{method="PUT",route="\/api\/answers\/:id\/review\/claims\/:claimId"\} 2$/m);
    expect(text).toMatch(/^citelens_review_saves_total 1$/m);
    expect(text).toMatch(/^citelens_review_conflicts_total 1$/m);
    expect(text).toMatch(/^citelens_ask_duration_seconds_count\{outcome="answered"\} 1$/m);
    // the raw path never becomes a label
    expect(text).not.toContain('vendor-access');
  });
});

describe('the variables', () => {
  it('read CITELENS_METRICS and CITELENS_SHUTDOWN_GRACE_MS, and refuse what they cannot use', () => {
    expect(readOpsEnv({})).toEqual({ metrics: false, requestLog: true, shutdownGraceMs: 10_000 });
    expect(readOpsEnv({ CITELENS_METRICS: '1', CITELENS_REQUEST_LOG: '0', CITELENS_SHUTDOWN_GRACE_MS: '2500' })).toEqual({
      metrics: true,
      requestLog: false,
      shutdownGraceMs: 2500,
    });
    expect(() => readOpsEnv({ CITELENS_REQUEST_LOG: 'off' })).toThrow(/CITELENS_REQUEST_LOG must be 0/);
    expect(() => readOpsEnv({ CITELENS_METRICS: 'yes' })).toThrow(/CITELENS_METRICS must be 1/);
    expect(() => readOpsEnv({ CITELENS_SHUTDOWN_GRACE_MS: '-1' })).toThrow(/CITELENS_SHUTDOWN_GRACE_MS/);
  });
});
