import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../config-error.ts';
import { reviewMigrations, type SqlDialect } from './migrations.ts';
import { openPostgresBus } from './postgres-bus.ts';
import { createKyselyRepository, type KyselyRepositoryOptions, type ReviewRepository } from './repository.ts';
import { createMemoryBus, type ReviewBus } from './review-bus.ts';
import type { ReviewDatabase } from './schema.ts';

// Where decisions are stored: an embedded SQLite file by default (nothing to set up), PostgreSQL when a team runs
// several servers on one database. Both open through Kysely with the same migrations and the same repository.

export type ReviewStoreConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export const DEFAULT_SQLITE_FILE = path.join('.citelens', 'reviews.sqlite');

/** CITELENS_DATABASE_URL (postgres://…) wins; otherwise CITELENS_DB, or `.citelens/reviews.sqlite` under `cwd`. */
export function reviewStoreFromEnv(env: NodeJS.ProcessEnv, cwd: string): ReviewStoreConfig {
  const url = env.CITELENS_DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(?:ql)?:\/\//i.test(url)) {
      throw new ConfigError('CITELENS_DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database).');
    }
    return { kind: 'postgres', url };
  }
  return { kind: 'sqlite', file: path.resolve(cwd, env.CITELENS_DB?.trim() || DEFAULT_SQLITE_FILE) };
}

/** A URL or path safe to print: never the password. */
export function describeStore(config: ReviewStoreConfig): string {
  if (config.kind === 'sqlite') return `SQLite ${config.file}`;
  try {
    const u = new URL(config.url);
    if (u.password) u.password = '***';
    return `PostgreSQL ${u.toString()}`;
  } catch {
    return 'PostgreSQL (unparsable CITELENS_DATABASE_URL)';
  }
}

export class ReviewStoreError extends Error {
  override readonly name = 'ReviewStoreError';
}

interface OpenedDatabase {
  db: Kysely<ReviewDatabase>;
  dialect: SqlDialect;
  /** Runs once the schema is up to date, before the first request. */
  ready?: () => void;
  options?: KyselyRepositoryOptions;
}

/** Opens the store and brings its schema up to date. Throws ReviewStoreError (a printable message) on failure. */
export async function openReviewRepository(config: ReviewStoreConfig): Promise<ReviewRepository> {
  const where = describeStore(config);
  let opened: OpenedDatabase;
  try {
    opened = config.kind === 'sqlite' ? openSqlite(config.file) : openPostgres(config.url);
  } catch (e) {
    throw new ReviewStoreError(`cannot open the review database (${where}): ${errorMessage(e)}`);
  }
  try {
    await migrate(opened.db, opened.dialect);
    opened.ready?.();
  } catch (e) {
    await opened.db.destroy().catch(() => {});
    throw new ReviewStoreError(`cannot open the review database (${where}): ${errorMessage(e)}`);
  }
  return createKyselyRepository(opened.db, opened.options);
}

/**
 * The bus that tells watchers about stored decisions: in-process for SQLite (one server per file), LISTEN/NOTIFY for
 * PostgreSQL (several servers on one database). Throws ReviewStoreError when PostgreSQL cannot be listened to.
 */
export async function openReviewBus(config: ReviewStoreConfig, repository: ReviewRepository): Promise<ReviewBus> {
  if (config.kind === 'sqlite') return createMemoryBus();
  try {
    return await openPostgresBus({ url: config.url, readRecord: async (answerId, claimId) => (await repository.getReview(answerId))[claimId] });
  } catch (e) {
    throw new ReviewStoreError(`cannot listen for review events (${describeStore(config)}): ${errorMessage(e)}`);
  }
}

async function migrate(db: Kysely<ReviewDatabase>, dialect: SqlDialect): Promise<void> {
  const migrator = new Migrator({ db, provider: reviewMigrations(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`${failed ? `migration ${failed} failed: ` : ''}${errorMessage(error)}`);
  }
}

function openSqlite(file: string): OpenedDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  try {
    // WAL: readers never wait for a writer. FULL: a saved decision survives a power cut, not only a crash.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    // The migrations, which run once before the server listens, may wait for another process's write.
    sqlite.pragma('busy_timeout = 5000');
  } catch (e) {
    sqlite.close();
    throw e;
  }
  return {
    db: new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    // better-sqlite3 is synchronous: a busy timeout would stall the whole event loop while another connection
    // (another server process on the same file) writes. Requests retry asynchronously instead.
    ready: () => sqlite.pragma('busy_timeout = 0'),
    options: { retryBusy: retrySqliteBusy },
  };
}

const BUSY_RETRY_MS = 10_000;

/** Retries a whole write transaction while another connection holds SQLite's write lock. */
async function retrySqliteBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      return await attempt();
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      const busy = typeof code === 'string' && code.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() - started > BUSY_RETRY_MS) throw e;
      await sleep(delay * (0.5 + Math.random()));
    }
  }
}

function openPostgres(url: string): OpenedDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (the database restarted) must not crash the server; the pool replaces it.
  pool.on('error', (e) => process.stderr.write(`citelens: warning: review database connection lost: ${e.message}\n`));
  const db = new Kysely<ReviewDatabase>({ dialect: new PostgresDialect({ pool }) });
  // db.destroy() ends the pool.
  return { db, dialect: 'postgres' };
}

function errorMessage(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) return e.errors.map(errorMessage).join('; ');
  return e instanceof Error ? e.message || e.name : String(e);
}
