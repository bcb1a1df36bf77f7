import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../../node/config-error.ts';
import { createDatabaseAskedAnswers } from '../ask/asked-answers-db.ts';
import type { AskedAnswerStore } from '../ask/asked-answers.ts';
import { createDatabaseChatSessions } from '../ask/chat-sessions-db.ts';
import type { ChatSessionStoreFactory } from '../ask/chat-sessions.ts';
import { createDatabaseSearchIndex, type SearchIndexStore } from '../ask/search-index-db.ts';
import { createDatabaseEmbedSessions } from '../embed/sessions-db.ts';
import type { EmbedSessionStoreFactory } from '../embed/sessions.ts';
import { reviewMigrations, type SqlDialect } from './migrations.ts';
import { checkReadiness, type Readiness } from './readiness.ts';
import { openPostgresBus } from './postgres-bus.ts';
import { createKyselyRepository, type KyselyRepositoryOptions, type ReviewRepository } from './repository.ts';
import { createMemoryBus, type ReviewBus } from './review-bus.ts';
import type { ReviewDatabase } from './schema.ts';
import { probeSqliteWrite, sqliteIdentityCheck, StorageUnwritableError } from './storage-check.ts';
import { FaultLog, storageReason } from './storage-errors.ts';
import { guardedPool, postgresTimeouts, type PostgresTimeouts } from './postgres-pool.ts';

// Where decisions are stored: an embedded SQLite file by default (nothing to set up), PostgreSQL when a team runs
// several servers on one database. Both open through Kysely with the same migrations and the same repository.

export type ReviewStoreConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; timeouts?: PostgresTimeouts };

export const DEFAULT_SQLITE_FILE = path.join('.citelens', 'reviews.sqlite');

/** CITELENS_DATABASE_URL (postgres://…) wins; otherwise CITELENS_DB, or `.citelens/reviews.sqlite` under `cwd`. */
export function reviewStoreFromEnv(env: NodeJS.ProcessEnv, cwd: string): ReviewStoreConfig {
  const url = env.CITELENS_DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(?:ql)?:\/\//i.test(url)) {
      throw new ConfigError('CITELENS_DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database).');
    }
    return { kind: 'postgres', url, timeouts: postgresTimeouts(env) };
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

export interface OpenOptions {
  /** Where storage faults are logged (default: stderr), once and then at most once a minute while they last. */
  log?: (line: string) => void;
  /** SQLite: how long a save waits for another process's write lock before it answers 503 (default 10 s). */
  busyRetryMs?: number;
  /** SQLite: called with the connection once it is open (tests set pragmas, e.g. a page cap that fills the "disk"). */
  onSqliteOpen?: (sqlite: Database.Database) => void;
}

/** The server's one database: review decisions, asked answers, sessions, and whether it can serve (GET /readyz). */
export interface ServerDatabase {
  review: ReviewRepository;
  asked: AskedAnswerStore;
  /** Chat and embed sessions (migration 0004), made with the limits the routes read from the environment. */
  sessions: { chat: ChatSessionStoreFactory; embed: EmbedSessionStoreFactory };
  /** The ask index (migration 0005): every replica's, kept across restarts. */
  searchIndex: SearchIndexStore;
  /** Reachable, and every migration this code knows applied (another server may be older or newer). */
  readiness(): Promise<Readiness>;
}

/**
 * Opens the store and brings its schema up to date. Throws ReviewStoreError (a printable message) when it cannot be
 * opened, StorageUnwritableError (storage-check.ts) when it opened but cannot be written: the server refuses to start.
 */
export async function openReviewRepository(config: ReviewStoreConfig, o: OpenOptions = {}): Promise<ReviewRepository> {
  return (await openServerDatabase(config, o)).review;
}

/** openReviewRepository, with the asked answers and the readiness check on the same connection(s). */
export async function openServerDatabase(config: ReviewStoreConfig, o: OpenOptions = {}): Promise<ServerDatabase> {
  const where = describeStore(config);
  let opened: OpenedDatabase;
  try {
    opened = config.kind === 'sqlite' ? openSqlite(config.file, where, o) : openPostgres(config.url, config.timeouts);
  } catch (e) {
    throw refusal(e, where);
  }
  try {
    await migrate(opened.db, opened.dialect);
  } catch (e) {
    await opened.db.destroy().catch(() => {});
    throw refusal(e, where);
  }
  try {
    opened.ready?.();
  } catch (e) {
    await opened.db.destroy().catch(() => {});
    throw e;
  }
  const faults = new FaultLog(o.log ?? ((line) => process.stderr.write(line)));
  const { db, dialect } = opened;
  const retry = opened.options?.retryBusy ? { retryBusy: opened.options.retryBusy } : {};
  return {
    review: createKyselyRepository(db, { ...opened.options, where, onFault: (e) => faults.report(e) }),
    asked: createDatabaseAskedAnswers(db, retry),
    sessions: {
      chat: (options) => createDatabaseChatSessions(db, { ...options, ...retry }),
      embed: (limits) => createDatabaseEmbedSessions(db, { ...limits, dialect, ...retry }),
    },
    searchIndex: createDatabaseSearchIndex(db, { dialect, ...retry, ...(opened.options?.begin && { begin: opened.options.begin }) }),
    readiness: () => checkReadiness(db, new Migrator({ db, provider: reviewMigrations(dialect) })),
  };
}

/** Driver codes that mean the store cannot take writes at all: SQLite's read-only and full, PostgreSQL's too. */
const UNWRITABLE = /^(SQLITE_READONLY|SQLITE_FULL|SQLITE_PERM|25006|53100)/;

/**
 * Why the store cannot be used: a store that cannot be written (a read-only file, a full disk: its journal mode or
 * schema could not be written) is a StorageUnwritableError, as the write probe's; anything else a ReviewStoreError.
 */
function refusal(e: unknown, where: string): Error {
  const cause = (e as { cause?: unknown }).cause ?? e;
  if (UNWRITABLE.test(String((cause as { code?: unknown } | null)?.code ?? ''))) {
    return new StorageUnwritableError(`cannot write the review database (${where}): ${storageReason(cause) ?? errorMessage(cause)}`);
  }
  return new ReviewStoreError(`cannot open the review database (${where}): ${errorMessage(e)}`);
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
    throw new Error(`${failed ? `migration ${failed} failed: ` : ''}${errorMessage(error)}`, { cause: error });
  }
}

function openSqlite(file: string, where: string, o: OpenOptions): OpenedDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  try {
    // WAL: readers never wait for a writer. FULL: a saved decision survives a power cut, not only a crash.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    // The migrations, which run once before the server listens, may wait for another process's write.
    sqlite.pragma('busy_timeout = 5000');
    o.onSqliteOpen?.(sqlite);
  } catch (e) {
    sqlite.close();
    throw e;
  }
  return {
    db: new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: sqlite }) }),
    dialect: 'sqlite',
    ready: () => {
      // A read-only file or folder, or a full disk: refuse to start rather than fail every save (storage-check.ts).
      probeSqliteWrite(sqlite, where);
      // better-sqlite3 is synchronous: a busy timeout would stall the whole event loop while another connection
      // (another server process on the same file) writes. Requests retry asynchronously instead.
      sqlite.pragma('busy_timeout = 0');
    },
    // Before every write: is the file still the one opened (not deleted or replaced under the server)?
    options: {
      retryBusy: (attempt) => retrySqliteBusy(attempt, o.busyRetryMs ?? BUSY_RETRY_MS),
      begin: 'begin immediate',
      beforeWrite: sqliteIdentityCheck(file, where),
    },
  };
}

const BUSY_RETRY_MS = 10_000;

/** Retries a whole write transaction while another connection holds SQLite's write lock. */
async function retrySqliteBusy<T>(attempt: () => Promise<T>, retryMs: number): Promise<T> {
  const started = Date.now();
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      return await attempt();
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      const busy = typeof code === 'string' && code.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() - started > retryMs) throw e;
      await sleep(delay * (0.5 + Math.random()));
    }
  }
}

function openPostgres(url: string, timeouts: PostgresTimeouts = postgresTimeouts({})): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    // Server side: a statement, a lock wait or a transaction left idle never holds a connection for long.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Client side: a frozen server (SIGSTOP, a dead network path) enforces none of the above; this does.
    query_timeout: timeouts.queryMs,
  });
  // An idle client losing its connection (the database restarted) must not crash the server; the pool replaces it.
  pool.on('error', (e) => process.stderr.write(`citelens: warning: review database connection lost: ${e.message}\n`));
  const db = new Kysely<ReviewDatabase>({ dialect: new PostgresDialect({ pool: guardedPool(pool) }) });
  // db.destroy() ends the pool.
  return { db, dialect: 'postgres' };
}

function errorMessage(e: unknown): string {
  if (e instanceof AggregateError && e.errors.length > 0) return e.errors.map(errorMessage).join('; ');
  return e instanceof Error ? e.message || e.name : String(e);
}
