// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { openReviewRepository, type ReviewStoreConfig } from './open-database.ts';
import type { ReviewRepository, SaveResult } from './repository.ts';
import { writeReviewableAnswer } from '../../testing/reviewable-answer.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './test-postgres.ts';

// One suite, two databases: every behaviour a reviewer relies on is checked against SQLite (a temp file) and
// PostgreSQL (a throwaway cluster). Each test uses its own answer id, so tests never see each other's rows.

let counter = 0;
const freshAnswer = () => `answer-${process.pid}-${Date.now().toString(36)}-${++counter}`;
const CLAIM = 'c-1x2y3z-0';
const OTHER_CLAIM = 'c-9zz-1';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function expectSaved(r: SaveResult) {
  if (r.kind !== 'saved') throw new Error(`expected a save, got a conflict at version ${r.current.version}`);
  return r.record;
}

function expectConflict(r: SaveResult) {
  if (r.kind !== 'conflict') throw new Error(`expected a conflict, got a save at version ${r.record.version}`);
  return r.current;
}

function repositoryContract(config: () => ReviewStoreConfig) {
  let repo: ReviewRepository;
  let other: ReviewRepository;
  beforeAll(async () => {
    repo = await openReviewRepository(config());
    // A second server process on the same database: its own connection(s), its own migrations run (a no-op).
    other = await openReviewRepository(config());
  }, 30_000);
  afterAll(async () => {
    await repo?.close();
    await other?.close();
  });

  it('an answer nobody reviewed has no claims and no history', async () => {
    const answerId = freshAnswer();
    expect(await repo.getReview(answerId)).toEqual({});
    expect(await repo.history(answerId)).toEqual([]);
  });

  it('a first decision is version 1, read back exactly as saved (unicode included)', async () => {
    const answerId = freshAnswer();
    const note = 'Seite 7 sagt „90 Tage“, nicht 60 — 🙂\nsecond line';
    const saved = expectSaved(await repo.saveDecision({ answerId, claimId: CLAIM, decision: 'rejected', note, reviewer: 'مریم', expectedVersion: 0 }));
    expect(saved).toMatchObject({ decision: 'rejected', note, version: 1, reviewer: 'مریم' });
    expect(saved.updatedAt).toMatch(ISO);
    expect(await other.getReview(answerId)).toEqual({ [CLAIM]: saved });
  });

  it('each save increments the version; a save against an old version is refused with what is stored', async () => {
    const answerId = freshAnswer();
    const base = { answerId, claimId: CLAIM, note: '' };
    expectSaved(await repo.saveDecision({ ...base, decision: 'follow-up', reviewer: 'ann', expectedVersion: 0 }));
    const second = expectSaved(await other.saveDecision({ ...base, decision: 'verified', reviewer: 'bob', expectedVersion: 1 }));
    expect(second.version).toBe(2);

    const current = expectConflict(await repo.saveDecision({ ...base, decision: 'rejected', reviewer: 'ann', expectedVersion: 1 }));
    expect(current).toEqual(second);
    // "0" (a first decision) on a claim that already has one is just as stale.
    expect(expectConflict(await repo.saveDecision({ ...base, decision: 'rejected', reviewer: 'ann', expectedVersion: 0 }))).toEqual(second);
    expect((await repo.getReview(answerId))[CLAIM]).toEqual(second);
  });

  it('a version that never existed conflicts with the empty record', async () => {
    const answerId = freshAnswer();
    const current = expectConflict(await repo.saveDecision({ answerId, claimId: CLAIM, decision: 'verified', note: '', reviewer: '', expectedVersion: 4 }));
    expect(current).toEqual({ decision: null, note: '', version: 0, updatedAt: '', reviewer: '' });
    expect(await repo.getReview(answerId)).toEqual({});
  });

  it('clearing a decision (null) is a save too: the claim keeps its note and its version count', async () => {
    const answerId = freshAnswer();
    const base = { answerId, claimId: CLAIM, reviewer: 'ann' };
    expectSaved(await repo.saveDecision({ ...base, decision: 'verified', note: 'checked', expectedVersion: 0 }));
    const cleared = expectSaved(await repo.saveDecision({ ...base, decision: null, note: 'undo: wrong page', expectedVersion: 1 }));
    expect(cleared).toMatchObject({ decision: null, note: 'undo: wrong page', version: 2 });
    expect((await other.getReview(answerId))[CLAIM]).toEqual(cleared);
  });

  it('history keeps every decision after an overwrite, in order, per answer and per claim', async () => {
    const answerId = freshAnswer();
    const elsewhere = freshAnswer();
    const save = (r: ReviewRepository, claimId: string, decision: 'verified' | 'rejected', v: number, reviewer: string) =>
      r.saveDecision({ answerId, claimId, decision, note: `${reviewer} says ${decision}`, reviewer, expectedVersion: v });
    expectSaved(await save(repo, CLAIM, 'verified', 0, 'ann'));
    expectSaved(await save(other, OTHER_CLAIM, 'rejected', 0, 'bob'));
    expectSaved(await save(other, CLAIM, 'rejected', 1, 'bob'));
    expectConflict(await save(repo, CLAIM, 'verified', 1, 'ann')); // refused saves leave no event
    expectSaved(await repo.saveDecision({ answerId: elsewhere, claimId: CLAIM, decision: 'verified', note: '', reviewer: 'x', expectedVersion: 0 }));

    const events = await repo.history(answerId);
    expect(events.map((e) => [e.claimId, e.decision, e.version, e.reviewer, e.note])).toEqual([
      [CLAIM, 'verified', 1, 'ann', 'ann says verified'],
      [OTHER_CLAIM, 'rejected', 1, 'bob', 'bob says rejected'],
      [CLAIM, 'rejected', 2, 'bob', 'bob says rejected'],
    ]);
    for (const e of events) expect(e.at).toMatch(ISO);
    expect((await other.history(answerId, CLAIM)).map((e) => e.decision)).toEqual(['verified', 'rejected']);
    expect(await repo.history(answerId, 'c-none-0')).toEqual([]);
    expect((await repo.getReview(answerId))[CLAIM]?.decision).toBe('rejected');
  });

  it('two servers racing on one claim with the same version: exactly one save lands, the rest get 409', async () => {
    for (const expectedVersion of [0, 1]) {
      const answerId = freshAnswer();
      if (expectedVersion === 1) {
        expectSaved(await repo.saveDecision({ answerId, claimId: CLAIM, decision: null, note: '', reviewer: 'seed', expectedVersion: 0 }));
      }
      const writers = Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : repo).saveDecision({
          answerId,
          claimId: CLAIM,
          decision: i % 3 === 0 ? 'verified' : 'rejected',
          note: `writer ${i}`,
          reviewer: `reviewer ${i}`,
          expectedVersion,
        }),
      );
      const results = await Promise.all(writers);
      const winners = results.filter((r) => r.kind === 'saved');
      expect(winners, `If-Match "${expectedVersion}"`).toHaveLength(1);
      const winner = expectSaved(winners[0]!);
      for (const r of results) if (r.kind === 'conflict') expect(r.current).toEqual(winner);
      expect((await repo.getReview(answerId))[CLAIM]).toEqual(winner);
      const events = await other.history(answerId, CLAIM);
      expect(events.filter((e) => e.version === expectedVersion + 1).map((e) => e.note)).toEqual([winner.note]);
    }
  });

  it('a save sent again with its idempotency key is the save it was, not a conflict with itself (one event)', async () => {
    const answerId = freshAnswer();
    const input = { answerId, claimId: CLAIM, decision: 'rejected' as const, note: 'p. 4', reviewer: 'ann', expectedVersion: 0, idempotencyKey: 'entry-1:1' };
    const first = expectSaved(await repo.saveDecision(input));
    // Its reply was lost: the client sends it again, to the other server, and twice at once.
    const again = await Promise.all([other.saveDecision(input), repo.saveDecision(input)]);
    for (const r of again) expect(expectSaved(r)).toEqual(first);
    expect(await repo.history(answerId, CLAIM)).toHaveLength(1);
    // Another save on the same version is still a conflict.
    expect(expectConflict(await repo.saveDecision({ ...input, idempotencyKey: 'entry-2:1', note: 'other' }))).toEqual(first);
  });

  it('two app instances: the same PUT with the same If-Match → one 200, one 409 carrying the winner', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'citelens-review-apps-'));
    try {
      const apps = [createApp({ dataDir, review: repo }), createApp({ dataDir, review: other })];
      const answerId = freshAnswer();
      // The server takes saves only for its answers' claims.
      const [claim] = writeReviewableAnswer(dataDir, answerId);
      const put = (i: number) =>
        apps[i]!.request(`/api/answers/${answerId}/review/claims/${claim}`, {
          method: 'PUT',
          headers: { 'If-Match': '"0"', 'Content-Type': 'application/json', 'X-Citelens-Reviewer': `server${i}` },
          body: JSON.stringify({ decision: i ? 'verified' : 'rejected', note: `from app ${i}` }),
        });
      const responses = await Promise.all([put(0), put(1)]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
      const ok = responses.find((r) => r.status === 200)!;
      const conflict = responses.find((r) => r.status === 409)!;
      const record = await ok.json();
      expect(ok.headers.get('ETag')).toBe('"1"');
      expect(((await conflict.json()) as { current: unknown }).current).toEqual(record);
      const read = await apps[0]!.request(`/api/answers/${answerId}/review`);
      expect(await read.json()).toEqual({ answerId, claims: { [claim!]: record } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

describe('review store on SQLite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'citelens-review-sqlite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  repositoryContract(() => ({ kind: 'sqlite', file: path.join(dir, 'reviews.sqlite') }));
});

const pgBin = findPostgresBin();
// On a developer machine without PostgreSQL the PG half skips, saying why; in CI it must run, so it fails instead.
const skipPostgres = pgBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL review store tests: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('review store on PostgreSQL', () => {
  let cluster: TestPostgres | undefined;
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
  }, 60_000);
  afterAll(() => cluster?.stop());
  repositoryContract(() => {
    if (!cluster) throw new Error('the test cluster did not start');
    return { kind: 'postgres', url: cluster.url };
  });

  it('several servers starting at once on an empty database all start (the migrations take a lock)', async () => {
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query('create database fresh_start');
    await admin.end();
    const url = cluster!.url.replace(/\/postgres$/, '/fresh_start');
    const opened = await Promise.allSettled([1, 2, 3].map(() => openReviewRepository({ kind: 'postgres', url })));
    const repos = opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(opened.map((r) => (r.status === 'fulfilled' ? 'started' : String(r.reason)))).toEqual(['started', 'started', 'started']);
      const saved = await repos[2]!.saveDecision({ answerId: 'a', claimId: CLAIM, decision: 'verified', note: '', reviewer: '', expectedVersion: 0 });
      expect(saved.kind).toBe('saved');
      expect(Object.keys(await repos[0]!.getReview('a'))).toEqual([CLAIM]);
    } finally {
      await Promise.all(repos.map((r) => r.close()));
    }
  });
});
