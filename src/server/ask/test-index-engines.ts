import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openServerDatabase, type ReviewStoreConfig, type ServerDatabase } from '../review/open-database.ts';
import type { ReviewDatabase } from '../review/schema.ts';
import { findPostgresBin, startTestPostgres, type TestPostgres } from '../review/test-postgres.ts';

// For tests: the two engines the ask index runs on, each handing out fresh, empty databases (a SQLite file; a
// database of its own in one throwaway PostgreSQL cluster), opened as the server opens them, plus a plain connection
// to look at the rows.

export interface IndexEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** A new empty database's config. */
  fresh(): Promise<ReviewStoreConfig>;
  /** A plain connection to it, to count rows. */
  inspect(config: ReviewStoreConfig): Kysely<ReviewDatabase>;
  stop(): void;
}

export function sqliteEngine(): IndexEngine {
  const root = mkdtempSync(path.join(tmpdir(), 'citelens-index-'));
  let n = 0;
  return {
    name: 'SQLite',
    fresh: async () => ({ kind: 'sqlite', file: path.join(root, `index-${++n}.sqlite`) }),
    inspect: (config) => new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: new Database(config.kind === 'sqlite' ? config.file : '') }) }),
    stop: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** null when initdb is missing: the PostgreSQL half is then skipped (and fails under CI, as the other pg tests do). */
export const postgresBin = findPostgresBin();

export async function postgresEngine(bin: string): Promise<IndexEngine> {
  const cluster: TestPostgres = await startTestPostgres(bin);
  let n = 0;
  return {
    name: 'PostgreSQL',
    async fresh() {
      const name = `index_${++n}`;
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return { kind: 'postgres', url: cluster.url.replace(/\/postgres$/, `/${name}`) };
    },
    inspect: (config) =>
      new Kysely<ReviewDatabase>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.kind === 'postgres' ? config.url : '', max: 2 }) }),
      }),
    stop: () => cluster.stop(),
  };
}

/** Opens the database as the server does (migrations included); close it with `.review.close()`. */
export function openIndexDatabase(config: ReviewStoreConfig): Promise<ServerDatabase> {
  return openServerDatabase(config, { log: () => undefined });
}
