// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { writeReviewableAnswer } from '../../testing/reviewable-answer.ts';
import { createApp } from '../app.ts';
import { openReviewRepository, type OpenOptions } from './open-database.ts';
import { StorageUnwritableError } from './storage-check.ts';

// Issue 34, breaks 5 and 6: storage faults of the SQLite review store are loud and lose nothing. A database deleted
// under the server, a full disk, a lock held by another process, a read-only file: each is a 503
// `storage_unavailable` naming the real cause (so the client keeps the decision and retries), one log line, and a
// read-only store refuses to start (exit code 2, naming the file and why).

const root = mkdtempSync(path.join(tmpdir(), 'citelens-storage-faults-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let n = 0;

async function setup(options: OpenOptions = {}) {
  const dir = path.join(root, `case-${++n}`);
  const data = path.join(dir, 'data');
  const file = path.join(dir, 'db', 'reviews.sqlite');
  const [claim, other] = writeReviewableAnswer(data, 'a1') as [string, string];
  const log: string[] = [];
  const repo = await openReviewRepository({ kind: 'sqlite', file }, { log: (line) => log.push(line), ...options });
  const app = createApp({ dataDir: data, review: repo, ask: false });
  const put = async (claimId: string, version: number, decision = 'verified', note = '') =>
    app.request(`/api/answers/a1/review/claims/${claimId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
      body: JSON.stringify({ decision, note }),
    });
  return { dir, file, repo, app, put, log, claim, other };
}

async function unavailable(res: Response): Promise<string> {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('storage_unavailable');
  return body.error.message;
}

describe('the SQLite file deleted or replaced while the server runs', () => {
  it('refuses every save with 503 and one log line, instead of answering 200 into a deleted file', async () => {
    const { dir, file, repo, put, log, claim, other } = await setup();
    try {
      expect((await put(claim, 0)).status).toBe(200);
      for (const f of readdirSync(path.dirname(file))) rmSync(path.join(path.dirname(file), f));
      for (let i = 0; i < 4; i++) expect(await unavailable(await put(other, 0))).toMatch(/the database file was deleted while the server runs/);
      expect(log).toHaveLength(1);
      expect(log[0]).toContain(`SQLite ${file}: the database file was deleted while the server runs`);
      expect(log[0]).toContain('503 storage_unavailable');
    } finally {
      await repo.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a file put in its place (a restore over the running server) is named as a replacement', async () => {
    const { file, repo, put, claim } = await setup();
    try {
      copyFileSync(file, `${file}.copy`);
      renameSync(`${file}.copy`, file);
      expect(await unavailable(await put(claim, 0))).toMatch(/was replaced while the server runs \(inode \d+, now \d+\); restart the server/);
    } finally {
      await repo.close();
    }
  });
});

describe('faults named by their cause', () => {
  it('a full disk: "the disk is full (SQLITE_FULL …)", never "cannot rollback"', async () => {
    // A page cap makes the database "full" a few pages past its size, as a full disk does (SQLITE_FULL either way).
    let sqlite: Database.Database | undefined;
    const { repo, put, log, claim, other } = await setup({ onSqliteOpen: (db) => void (sqlite = db) });
    try {
      expect((await put(claim, 0)).status).toBe(200);
      sqlite?.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true })) + 2}`);
      // Long notes fill the pages (each save keeps its event).
      const big = 'x'.repeat(9_000);
      let message = '';
      for (let v = 1; v < 40 && message === ''; v++) {
        const res = await put(v % 2 ? claim : other, Math.floor((v - 1) / 2) + (v % 2 ? 1 : 0), 'rejected', big);
        if (res.status === 503) message = await unavailable(res);
        else expect(res.status).toBe(200);
      }
      expect(message).toMatch(/the disk is full \(SQLITE_FULL: database or disk is full\)/);
      expect(log.join('')).toMatch(/review decisions cannot be saved: SQLite .*: the disk is full/);
      expect(log.join('')).not.toContain('cannot rollback');
    } finally {
      await repo.close();
    }
  });

  it('a write lock held by another process past the wait: 503 that says so, not a generic 500', async () => {
    const { file, repo, put, claim } = await setup({ busyRetryMs: 300 });
    const other = new Database(file);
    try {
      other.exec('begin immediate');
      expect(await unavailable(await put(claim, 0))).toMatch(/another process has held the database locked for over 10 s \(SQLITE_BUSY/);
      other.exec('rollback');
      expect((await put(claim, 0)).status).toBe(200);
    } finally {
      other.close();
      await repo.close();
    }
  });
});

/** Makes `file` unwritable even for root (chattr +i), or by its mode for anyone else. */
function makeReadOnly(file: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', file]);
    return () => execFileSync('chattr', ['-i', file]);
  }
  chmodSync(file, 0o444);
  return () => chmodSync(file, 0o644);
}

const canMakeReadOnly = process.getuid?.() !== 0 || spawnSync('chattr', ['--version']).status !== null;

describe.skipIf(!canMakeReadOnly)('a read-only database file in a writable folder', () => {
  it('refuses to open (StorageUnwritableError naming the file and why), where it used to start "ready"', async () => {
    const file = path.join(root, 'ro', 'reviews.sqlite');
    await (await openReviewRepository({ kind: 'sqlite', file })).close();
    const undo = makeReadOnly(file);
    try {
      const error = await openReviewRepository({ kind: 'sqlite', file }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnwritableError);
      expect((error as Error).message).toBe(
        `cannot write the review database (SQLite ${file}): the database file (or its folder) is read-only (SQLITE_READONLY: attempt to write a readonly database)`,
      );
    } finally {
      undo();
    }
  });

  it('the server refuses to start: exit code 2, one line naming the file and why', () => {
    const dir = path.join(root, 'ro-server');
    mkdirSync(path.join(dir, 'data', 'answers'), { recursive: true });
    const file = path.join(dir, 'reviews.sqlite');
    const db = new Database(file);
    db.close();
    const undo = makeReadOnly(file);
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', CITELENS_DATA: path.join(dir, 'data'), CITELENS_DB: file, CITELENS_ASK: 'off' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(2);
      expect(r.stdout).not.toContain('ready');
      expect(r.stderr).toContain(`citelens: cannot write the review database (SQLite ${file}): the database file (or its folder) is read-only`);
    } finally {
      undo();
    }
    expect(existsSync(file)).toBe(true);
  });
});
