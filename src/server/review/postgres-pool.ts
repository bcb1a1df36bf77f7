import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { ConfigError } from '../../node/config-error.ts';

// PostgreSQL's side of "a frozen database never hangs a save" (issue 34, break 7). A PostgreSQL stopped with SIGSTOP
// held saves for over 40 s with no timeout, then committed them when it resumed although the client had seen a
// failure. Now:
// - server-side timeouts (statement_timeout, lock_timeout, idle_in_transaction_session_timeout) bound what a live
//   server lets a statement or an open transaction hold;
// - a client-side read timeout (pg's query_timeout) bounds what a frozen one can: the save answers 503 in time;
// - a connection that timed out or broke is destroyed, never handed to the next save in an unknown state (pg leaves
//   the query in flight), and every further query on it fails at once, so the rollback does not wait again.
// A save that still commits after the server resumes is recognised on retry by its idempotency key (repository.ts).

export interface PostgresTimeouts {
  /** Server-side statement and lock timeout, ms. */
  statementMs: number;
  /** Client-side wait for any reply, ms: a little over the statement timeout, for a server that cannot enforce it. */
  queryMs: number;
  /** Server-side: a transaction left idle this long is ended (its locks released). */
  idleInTransactionMs: number;
  /** How long to wait for a connection. */
  connectMs: number;
}

export const DEFAULT_DB_TIMEOUT_MS = 10_000;

/** CITELENS_DB_TIMEOUT_MS (default 10 s, 100 ms – 10 min): one budget that every timeout is derived from. */
export function postgresTimeouts(env: NodeJS.ProcessEnv): PostgresTimeouts {
  const text = env.CITELENS_DB_TIMEOUT_MS?.trim();
  const ms = text ? Number(text) : DEFAULT_DB_TIMEOUT_MS;
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000) {
    throw new ConfigError('CITELENS_DB_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000.');
  }
  return { statementMs: ms, queryMs: ms + Math.min(2000, ms), idleInTransactionMs: ms, connectMs: Math.min(ms, 5000) };
}

/** Errors after which a connection's state is unknown: the reply may still come, or never. */
function isConnectionFault(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  const message = typeof err?.message === 'string' ? err.message : '';
  const code = typeof err?.code === 'string' ? err.code : '';
  return /^(Query read timeout|Connection terminated|Client has encountered a connection error)/.test(message) || /^(ECONN|EPIPE|ETIMEDOUT|08)/.test(code);
}

/** The pool Kysely uses: each client is destroyed on release when it saw a connection fault. */
export function guardedPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | null = null;
      const guarded = {
        query(...args: unknown[]) {
          if (broken) return Promise.reject(broken);
          const result = (client.query as (...a: unknown[]) => unknown)(...args);
          if (result instanceof Promise) {
            return result.catch((e: unknown) => {
              if (isConnectionFault(e)) broken = e as Error;
              throw e;
            });
          }
          return result;
        },
        release(destroy?: boolean) {
          client.release(broken ?? destroy);
        },
      };
      return guarded as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
