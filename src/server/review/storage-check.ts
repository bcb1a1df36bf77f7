import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { describeFsError } from '../ask/answer-store.ts';
import { StorageUnavailableError, storageReason } from './storage-errors.ts';

// Checks of the storage the server writes to (issue 34, breaks 5 and 6).
// - At start: the review database must take a write, and the answers folder too when questions are stored there.
//   A read-only SQLite file in a writable folder used to start "ready" and fail every save with a 500.
// - While running: the SQLite file must still be the one that was opened. `rm reviews.sqlite*` left the server
//   writing to deleted files (four saves answered 200, all gone after a restart, nothing logged); its inode is
//   compared before every write now, and writes are refused with 503 once it changed.

/** Thrown at start when a store cannot be written: the server refuses to start (exit code 2), naming it and why. */
export class StorageUnwritableError extends Error {
  override readonly name = 'StorageUnwritableError';
}

/**
 * Writes the database header (`PRAGMA user_version` set to its own value): a read-only file, a read-only folder (the
 * WAL cannot be created) or a full disk fail here, before the server says it is ready.
 */
export function probeSqliteWrite(sqlite: Database.Database, where: string): void {
  try {
    const version = Number(sqlite.pragma('user_version', { simple: true }));
    sqlite.pragma(`user_version = ${Number.isInteger(version) ? version : 0}`);
  } catch (e) {
    throw new StorageUnwritableError(`cannot write the review database (${where}): ${storageReason(e) ?? (e as Error).message}`);
  }
}

/**
 * A check run before every write: throws StorageUnavailableError when `file` was deleted or replaced since it was
 * opened (its device and inode differ). What SQLite writes then goes to a file nobody will ever read again.
 */
export function sqliteIdentityCheck(file: string, where: string): () => void {
  const opened = statSync(file);
  return () => {
    let now: { dev: number; ino: number };
    try {
      now = statSync(file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'the database file was deleted while the server runs' : `the database file cannot be checked (${describeFsError(e)})`;
      throw new StorageUnavailableError(where, `${reason}; restore it from a backup or restart the server to start a new one`);
    }
    if (now.dev !== opened.dev || now.ino !== opened.ino) {
      throw new StorageUnavailableError(
        where,
        `the database file was replaced while the server runs (inode ${opened.ino}, now ${now.ino}); restart the server to open the new one`,
      );
    }
  };
}
