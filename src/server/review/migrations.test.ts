// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { reviewMigrations } from './migrations.ts';
import { openServerDatabase } from './open-database.ts';
import { checkReadiness } from './readiness.ts';
import type { ReviewDatabase } from './schema.ts';

// Issue 39: a review database made before asked answers moved into it (migrations 0001 and 0002 only, as the code
// before it left them) opens with today's code: its decisions are kept and asked answers can be stored.

const root = mkdtempSync(path.join(tmpdir(), 'citelens-migrations-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('upgrading a review database', () => {
  it('keeps the decisions of a database made by the code before issue 39, and adds the asked answers table', async () => {
    const file = path.join(root, 'old.sqlite');
    const old = new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    const all = await reviewMigrations('sqlite').getMigrations();
    const before39 = { '0001-review-tables': all['0001-review-tables']!, '0002-idempotency-key': all['0002-idempotency-key']! };
    expect((await new Migrator({ db: old, provider: { getMigrations: async () => before39 } }).migrateToLatest()).error).toBeUndefined();
    await old
      .insertInto('review_claims')
      .values({
        answer_id: 'vendor-access',
        claim_id: 'c1',
        decision: 'verified',
        note: 'kept',
        version: 1,
        reviewer: 'Ana',
        updated_at: '2026-12-01T00:00:00.000Z',
      })
      .execute();
    await old.destroy();

    const db = await openServerDatabase({ kind: 'sqlite', file });
    try {
      expect(await db.readiness()).toEqual({ ready: true });
      expect((await db.review.getReview('vendor-access')).c1).toMatchObject({ decision: 'verified', note: 'kept', reviewer: 'Ana' });
      expect(await db.asked.insert({ id: 'ask-a', question: 'q', thread: { id: 'ask-a', turn: 1 } }, 1)).toBe('saved');
      // one turn number per thread: a second turn 1 of the same thread is refused, not stored twice
      expect(await db.asked.insert({ id: 'ask-b', question: 'q', thread: { id: 'ask-a', turn: 1 } }, 2)).toBe('turn-taken');
      expect((await db.asked.turns('ask-a')).map((t) => t.id)).toEqual(['ask-a']);
    } finally {
      await db.review.close();
    }
  });

  it('a database whose migrations are behind this code is not ready, and says which are missing', async () => {
    const file = path.join(root, 'behind.sqlite');
    const db = new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    try {
      const readiness = await checkReadiness(db, new Migrator({ db, provider: reviewMigrations('sqlite') }));
      expect(readiness).toEqual({
        ready: false,
        reason: 'migrations not applied: 0001-review-tables, 0002-idempotency-key, 0003-asked-answers, 0004-sessions, 0005-search-index',
      });
    } finally {
      await db.destroy();
    }
  });
});
