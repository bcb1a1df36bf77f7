import type { SaveProblem } from '../../../api/review-client.ts';
import type { ClaimRecord, ReviewDecision } from '../../../api/review-schema.ts';

// What the review outbox keeps in IndexedDB. Every decision is written here BEFORE it is sent, so a reload, a
// crash or a closed laptop in the middle of a save loses nothing; the entry is deleted only once the server has
// stored it (or the reviewer chose the server's version in a conflict).

export type EntryState =
  /** Waiting for (another) attempt. `attempts` counts failed attempts so far; 0 = never tried. */
  | { kind: 'pending'; attempts: number; nextAttemptAt: number; lastError?: string; problem?: SaveProblem }
  /** The server holds a newer record; the reviewer must choose. Never retried on its own. */
  | { kind: 'conflict'; theirs: ClaimRecord }
  /** The server refused it for good (validation, permission); shown with the reason, kept until discarded. */
  | { kind: 'failed'; message: string };

export interface OutboxEntry {
  /** answerId + NUL + claimId: one entry per claim; a newer decision replaces an unsent one. */
  key: string;
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  /** The server version the reviewer saw when deciding: sent as If-Match. */
  baseVersion: number;
  reviewer: string;
  /** When the reviewer decided (ms since epoch). */
  decidedAt: number;
  /** Grows with every replacement, so a reply to an older send cannot delete a newer decision. */
  seq: number;
  /**
   * This decision's id, sent with every attempt (Idempotency-Key): a save whose reply was lost (a timeout while the
   * server's database was frozen, and it committed after all) is recognised by the server when it comes again, not
   * taken for someone else's. New with every replacement. Absent in entries stored by older versions (given one).
   */
  saveId?: string;
  state: EntryState;
}

/** A decision on an answer the server does not hold: it lives in this browser only. */
export interface LocalRecord {
  key: string;
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  version: number;
  reviewer: string;
  updatedAt: string;
}

/** Why the browser gave no storage: it refused IndexedDB (`detail`: its own error, not ours to translate) or has none. */
export type StorageRefusal = { kind: 'refused'; detail: string } | { kind: 'absent' };

/** Where the outbox and local-only decisions are kept: IndexedDB, or memory when the browser forbids storage. */
export interface ReviewStorage {
  readonly kind: 'indexeddb' | 'memory';
  /** Why storage is in memory only (the panel says it in the UI language), when it is. */
  readonly reason?: StorageRefusal;
  listOutbox(): Promise<OutboxEntry[]>;
  putOutbox(entry: OutboxEntry): Promise<void>;
  deleteOutbox(key: string): Promise<void>;
  listLocal(answerId: string): Promise<LocalRecord[]>;
  putLocal(record: LocalRecord): Promise<void>;
}

export function entryKey(answerId: string, claimId: string): string {
  return `${answerId}\u0000${claimId}`;
}
