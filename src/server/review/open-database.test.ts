// @vitest-environment node
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../node/config-error.ts';
import { describeStore, openReviewRepository, reviewStoreFromEnv, ReviewStoreError } from './open-database.ts';

// Opening the store: where it is, what happens on first start, and that a database that cannot be opened stops
// the server with a message saying which one and why (and never the password).

const root = mkdtempSync(path.join(tmpdir(), 'citelens-review-open-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function openError(config: Parameters<typeof openReviewRepository>[0]): Promise<Error> {
  try {
    const repo = await openReviewRepository(config);
    await repo.close();
  } catch (e) {
    return e as Error;
  }
  throw new Error('the store opened');
}

describe('where decisions are stored', () => {
  it('SQLite at .citelens/reviews.sqlite by default, CITELENS_DB to move it, CITELENS_DATABASE_URL for PostgreSQL', () => {
    expect(reviewStoreFromEnv({}, '/srv/app')).toEqual({ kind: 'sqlite', file: '/srv/app/.citelens/reviews.sqlite' });
    expect(reviewStoreFromEnv({ CITELENS_DB: 'data/r.db' }, '/srv/app')).toEqual({ kind: 'sqlite', file: '/srv/app/data/r.db' });
    expect(reviewStoreFromEnv({ CITELENS_DB: '/var/lib/r.db', CITELENS_DATABASE_URL: ' postgres://u:p@db/x ' }, '/')).toMatchObject({
      kind: 'postgres',
      url: 'postgres://u:p@db/x',
    });
    expect(() => reviewStoreFromEnv({ CITELENS_DATABASE_URL: 'mysql://db/x' }, '/')).toThrow(ConfigError);
  });

  it('never prints a password', () => {
    expect(describeStore({ kind: 'postgres', url: 'postgres://citelens:s3cret@db.internal:5432/reviews' })).toBe(
      'PostgreSQL postgres://citelens:***@db.internal:5432/reviews',
    );
  });
});

describe('opening', () => {
  it('creates the folder and the file on first start, and runs each migration once', async () => {
    const file = path.join(root, 'deep', 'er', 'reviews.sqlite');
    for (let i = 0; i < 2; i++) await (await openReviewRepository({ kind: 'sqlite', file })).close();
    expect(existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('select name from kysely_migration order by name').all()).toEqual([
        { name: '0001-review-tables' },
        { name: '0002-idempotency-key' },
        { name: '0003-asked-answers' },
        { name: '0004-sessions' },
        { name: '0005-search-index' },
      ]);
    } finally {
      db.close();
    }
  });

  it('says which SQLite file cannot be opened, and why', async () => {
    const folder = path.join(root, 'a-folder');
    mkdirSync(folder);
    const e = await openError({ kind: 'sqlite', file: folder });
    expect(e).toBeInstanceOf(ReviewStoreError);
    expect(e.message).toContain(`cannot open the review database (SQLite ${folder})`);

    const notADatabase = path.join(root, 'notes.txt');
    writeFileSync(notADatabase, 'these are notes, not a database '.repeat(200));
    const e2 = await openError({ kind: 'sqlite', file: notADatabase });
    expect(e2).toBeInstanceOf(ReviewStoreError);
    expect(e2.message).toMatch(/review database \(SQLite .*notes\.txt\): file is not a database/);
  });

  it('says which PostgreSQL server cannot be reached, without its password', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => resolve(port));
      });
    });
    const e = await openError({ kind: 'postgres', url: `postgres://citelens:topsecret@127.0.0.1:${port}/reviews` });
    expect(e).toBeInstanceOf(ReviewStoreError);
    expect(e.message).toContain(`(PostgreSQL postgres://citelens:***@127.0.0.1:${port}/reviews)`);
    expect(e.message).toMatch(/ECONNREFUSED/);
    expect(e.message).not.toContain('topsecret');
  });
});

/** Runs the real server; resolves with its exit code and output, or with the ready line once it listens. */
function startServer(env: Record<string, string>, stopWhenReady: boolean) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', CITELENS_DIST: path.join(root, 'no-dist'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
      if (stopWhenReady && stdout.includes('citelens ready at')) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the server', () => {
  it('opens the database before it listens and closes it on SIGTERM', async () => {
    const file = path.join(root, 'server', 'state', 'reviews.sqlite');
    const run = await startServer({ CITELENS_DB: file }, true);
    expect(run.stdout).toMatch(/^citelens ready at http:\/\/127\.0\.0\.1:\d+\/\n$/);
    expect(run.stderr).toContain(`review decisions in SQLite ${file}`);
    expect(run.code).toBe(0);
    expect(existsSync(file)).toBe(true);
  });

  it('does not start when the database cannot be opened, and says why', async () => {
    const [run, bad] = await Promise.all([startServer({ CITELENS_DB: root }, false), startServer({ CITELENS_DATABASE_URL: 'mysql://db/reviews' }, false)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(`citelens: cannot open the review database (SQLite ${root})`);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CITELENS_DATABASE_URL must be a PostgreSQL URL');
  });
});
