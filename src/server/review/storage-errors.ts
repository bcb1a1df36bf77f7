// Storage faults in words an operator can act on (issue 34, break 6). A full disk used to be logged as
// "cannot rollback - no transaction is active" 391 times (SQLite had already rolled back; the rollback's own error
// hid the cause), a lock held by another process as a bare 500. Each fault is named once here: the log line and the
// `503 storage_unavailable` body say the same thing.

/** The database cannot take a write now (or at all): saves answer 503 with this message; nothing is lost client-side. */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  constructor(
    /** Which store: `SQLite /path` or `PostgreSQL postgres://user:***@host/db`. */
    readonly where: string,
    /** Why, in words: "the disk is full (SQLITE_FULL)". */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${where}: ${reason}`, options);
  }
}

const SQLITE: [RegExp, string][] = [
  [/^SQLITE_FULL/, 'the disk is full'],
  [/^SQLITE_READONLY/, 'the database file (or its folder) is read-only'],
  [/^SQLITE_(BUSY|LOCKED)/, 'another process has held the database locked for over 10 s'],
  [/^SQLITE_IOERR/, 'an input/output error'],
  [/^SQLITE_CANTOPEN/, 'the database file cannot be opened'],
  [/^SQLITE_(CORRUPT|NOTADB)/, 'the database file is damaged'],
  [/^SQLITE_PERM/, 'permission denied'],
];

/** PostgreSQL SQLSTATE classes and codes (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const POSTGRES: [RegExp, string][] = [
  [/^57014$/, 'the database did not finish the statement within its timeout (statement_timeout)'],
  [/^25P03$/, 'the database ended a transaction left idle too long (idle_in_transaction_session_timeout)'],
  [/^55P03$/, 'the database could not take a row lock within its timeout (lock_timeout)'],
  [/^53100$/, "the database server's disk is full"],
  [/^53/, 'the database server is out of resources'],
  [/^57P0[1-3]$/, 'the database server is shutting down or restarting'],
  [/^08/, 'the connection to the database failed'],
  [/^25006$/, 'the database is read-only (a standby, or default_transaction_read_only)'],
];

const NETWORK = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
/** What pg's client says when it gave up waiting (client-side timeouts) or lost the connection. */
const PG_CLIENT =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)/;

/**
 * The operator's reason for a storage error, with the driver's own code and words in brackets; null when `e` is not a
 * storage fault (a bug, a constraint the code should have prevented), which stays a 500.
 */
export function storageReason(e: unknown): string | null {
  if (e instanceof StorageUnavailableError) return e.reason;
  const err = e as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  for (const [pattern, reason] of SQLITE) if (pattern.test(code)) return `${reason} (${code}: ${message})`;
  if (/^[0-9A-Z]{5}$/.test(code)) for (const [pattern, reason] of POSTGRES) if (pattern.test(code)) return `${reason} (${code}: ${message})`;
  if (NETWORK.test(code)) return `the database cannot be reached (${code}: ${message})`;
  if (PG_CLIENT.test(message)) return `the database did not answer in time or the connection dropped (${message})`;
  return null;
}

/**
 * Logs each storage fault once, then at most once a minute while it lasts (with how many saves it refused meanwhile):
 * one line an operator reads, not one per request.
 */
export class FaultLog {
  private last: { reason: string; at: number; suppressed: number } | null = null;
  constructor(
    private readonly write: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  report(error: StorageUnavailableError): void {
    const at = this.now();
    const last = this.last;
    if (last && last.reason === error.reason && at - last.at < 60_000) {
      last.suppressed++;
      return;
    }
    const more = last && last.reason === error.reason && last.suppressed > 0 ? ` (${last.suppressed} more since the last report)` : '';
    this.write(`citelens: error: review decisions cannot be saved: ${error.message}${more}; saves answer 503 storage_unavailable\n`);
    this.last = { reason: error.reason, at, suppressed: 0 };
  }
}
