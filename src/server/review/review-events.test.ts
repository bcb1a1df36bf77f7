// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseApiTokens } from '../auth.ts';
import { openReviewBus, openReviewRepository, type ReviewStoreConfig } from './open-database.ts';
import type { ReviewRepository } from './repository.ts';
import type { ReviewBus } from './review-bus.ts';
import { claimIdsOf, reviewableAnswer, writeReviewableAnswer } from '../../testing/reviewable-answer.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './test-postgres.ts';

// GET /api/answers/:id/review/events: a decision stored by anyone reaches everyone watching the answer, naming who
// decided. On SQLite through the in-process bus; on PostgreSQL from one server to another through LISTEN/NOTIFY.

// Saves are accepted only for answers of the data folder and their claims: each test writes its own answer there.
const DATA = mkdtempSync(path.join(tmpdir(), 'citelens-review-events-data-'));
const CLAIM = claimIdsOf(reviewableAnswer('any'))[0]!;
let n = 0;
const freshAnswer = () => {
  const id = `events-${process.pid}-${++n}`;
  writeReviewableAnswer(DATA, id);
  return id;
};

interface Sse {
  event: string;
  data: unknown;
}

/** Reads a response's server-sent events one at a time. */
function eventReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<Sse> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          return { event, data: JSON.parse(data) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
    cancel: () => reader.cancel(),
  };
}

function put(app: ReturnType<typeof createApp>, answerId: string, body: object, version: number, headers: Record<string, string> = {}) {
  return app.request(`/api/answers/${answerId}/review/claims/${CLAIM}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"`, ...headers },
    body: JSON.stringify(body),
  });
}

function watch(app: ReturnType<typeof createApp>, answerId: string, headers: Record<string, string> = {}) {
  return app.request(`/api/answers/${answerId}/review/events`, { headers });
}

describe('review events on SQLite (in-process bus)', () => {
  let root: string;
  let repo: ReviewRepository;
  let bus: ReviewBus;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'citelens-review-events-'));
    const config: ReviewStoreConfig = { kind: 'sqlite', file: path.join(root, 'reviews.sqlite') };
    repo = await openReviewRepository(config);
    bus = await openReviewBus(config, repo);
    app = createApp({ dataDir: DATA, review: repo, reviewBus: bus });
  });
  afterAll(async () => {
    await bus.close();
    await repo.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('says ready, then each stored decision of that answer with who decided; other answers are not told', async () => {
    const answerId = freshAnswer();
    const res = await watch(app, answerId);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    const events = eventReader(res);
    expect(await events.next()).toEqual({ event: 'ready', data: { answerId } });

    expect((await put(app, freshAnswer(), { decision: 'rejected' }, 0)).status).toBe(200);
    const saved = await put(app, answerId, { decision: 'verified', note: 'p. 4 says so' }, 0, { 'X-Citelens-Reviewer': encodeURIComponent('Jürgen') });
    expect(saved.status).toBe(200);
    const next = await events.next();
    expect(next).toMatchObject({
      event: 'decision',
      data: { claimId: CLAIM, record: { decision: 'verified', note: 'p. 4 says so', version: 1, reviewer: 'Jürgen' } },
    });

    // A refused save (409) is not a decision: the next event is the following real one.
    expect((await put(app, answerId, { decision: 'rejected' }, 0)).status).toBe(409);
    expect((await put(app, answerId, { decision: null }, 1)).status).toBe(200);
    expect(await events.next()).toMatchObject({ event: 'decision', data: { record: { decision: null, version: 2 } } });
    await events.cancel();
  });

  it('refuses an unsafe answer id', async () => {
    const res = await watch(app, '...');
    expect(res.status).toBe(400);
  });

  it('ends every stream when the bus closes (a server shutting down does not wait for them)', async () => {
    const ownRoot = mkdtempSync(path.join(tmpdir(), 'citelens-review-events-close-'));
    const config: ReviewStoreConfig = { kind: 'sqlite', file: path.join(ownRoot, 'reviews.sqlite') };
    const ownRepo = await openReviewRepository(config);
    const ownBus = await openReviewBus(config, ownRepo);
    const ownApp = createApp({ dataDir: DATA, review: ownRepo, reviewBus: ownBus });
    try {
      const events = eventReader(await watch(ownApp, 'x'));
      expect((await events.next()).event).toBe('ready');
      await ownBus.close();
      expect(await events.ended()).toBe(true);
    } finally {
      await ownRepo.close();
      rmSync(ownRoot, { recursive: true, force: true });
    }
  });
});

describe('review events with API tokens', () => {
  const TOKEN = 'pat-review-token-0123456';
  let root: string;
  let repo: ReviewRepository;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'citelens-review-events-auth-'));
    repo = await openReviewRepository({ kind: 'sqlite', file: path.join(root, 'reviews.sqlite') });
    app = createApp({ dataDir: DATA, review: repo, security: { apiTokens: parseApiTokens(`pat:${TOKEN}`) } });
  });
  afterAll(async () => {
    await repo.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('needs the token, names the decision by its subject, and the review says who this token saves as', async () => {
    const answerId = freshAnswer();
    expect((await watch(app, answerId)).status).toBe(401);
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const events = eventReader(await watch(app, answerId, auth));
    expect((await events.next()).event).toBe('ready');
    // The typed name is ignored: the token's subject decides, as stored.
    expect((await put(app, answerId, { decision: 'follow-up' }, 0, { ...auth, 'X-Citelens-Reviewer': 'Pat' })).status).toBe(200);
    expect(await events.next()).toMatchObject({ event: 'decision', data: { record: { decision: 'follow-up', reviewer: 'pat' } } });
    await events.cancel();
    const review = (await (await app.request(`/api/answers/${answerId}/review`, { headers: auth })).json()) as { reviewer?: string };
    expect(review.reviewer).toBe('pat');
  });
});

const pgBin = findPostgresBin();
const skipPostgres = pgBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL review events tests: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('review events across two servers on PostgreSQL (LISTEN/NOTIFY)', () => {
  let cluster: TestPostgres | undefined;
  const servers: { repo: ReviewRepository; bus: ReviewBus; app: ReturnType<typeof createApp> }[] = [];
  let root: string;
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
    root = mkdtempSync(path.join(tmpdir(), 'citelens-review-events-pg-'));
    const config: ReviewStoreConfig = { kind: 'postgres', url: cluster.url };
    for (let i = 0; i < 2; i++) {
      const repo = await openReviewRepository(config);
      const bus = await openReviewBus(config, repo);
      servers.push({ repo, bus, app: createApp({ dataDir: DATA, review: repo, reviewBus: bus }) });
    }
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) {
      await s.bus.close();
      await s.repo.close();
    }
    cluster?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('a decision saved through one server reaches a watcher of the other, notes too long for a NOTIFY included', async () => {
    const answerId = freshAnswer();
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const onB = eventReader(await watch(b.app, answerId));
    const onA = eventReader(await watch(a.app, answerId));
    expect((await onB.next()).event).toBe('ready');
    expect((await onA.next()).event).toBe('ready');

    expect((await put(a.app, answerId, { decision: 'rejected', note: 'from A' }, 0, { 'X-Citelens-Reviewer': 'Ann' })).status).toBe(200);
    expect(await onB.next()).toMatchObject({
      event: 'decision',
      data: { claimId: CLAIM, record: { decision: 'rejected', note: 'from A', reviewer: 'Ann', version: 1 } },
    });
    // The saving server's own watchers hear it the same way.
    expect(await onA.next()).toMatchObject({ event: 'decision', data: { record: { version: 1 } } });

    const long = 'ü'.repeat(9_000); // 18,000 bytes of JSON: more than a NOTIFY carries
    expect((await put(b.app, answerId, { decision: 'verified', note: long }, 1, { 'X-Citelens-Reviewer': 'Ben' })).status).toBe(200);
    expect(await onA.next()).toMatchObject({ event: 'decision', data: { record: { decision: 'verified', note: long, reviewer: 'Ben', version: 2 } } });
    await onA.cancel();
    await onB.cancel();
  });
});

afterAll(() => rmSync(DATA, { recursive: true, force: true }));
