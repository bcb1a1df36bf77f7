import { sql, type Kysely, type Selectable } from 'kysely';
import { isReviewDecision, type ReviewDecision } from '../../core/review/decisions.ts';
import type { ReviewDatabase, ReviewClaimsTable } from './schema.ts';
import { StorageUnavailableError, storageReason } from './storage-errors.ts';

// Reviewers' decisions, stored. One interface, one implementation over Kysely that runs unchanged on SQLite and
// PostgreSQL (open-database.ts picks the dialect). Writes are optimistic: a save names the version it was made
// against and only lands if that is still the stored version — a conditional UPDATE … WHERE version = ? (or an
// INSERT … ON CONFLICT DO NOTHING for a first decision) checked by affected rows, so two servers on one database
// can never overwrite each other's decision unseen. No read-then-write race: the check and the write are one
// statement.
//
// A save may carry an idempotency key (the client's id for one outbox entry, `Idempotency-Key`), stored with its
// event: a save the client saw fail (a timeout while the database was frozen) but that was committed after all is
// recognised when the client sends it again, and answered as the save it was, not as a conflict with itself.
// Storage faults (a full disk, a lock held too long, a deleted file, a database that does not answer) become
// StorageUnavailableError with the real cause (storage-errors.ts): the routes answer 503.

export interface ClaimRecord {
  decision: ReviewDecision | null;
  note: string;
  /** Counts saves; 0 means never saved. */
  version: number;
  /** ISO 8601; empty when never saved. */
  updatedAt: string;
  /** Who saved it last; empty when the request named nobody. */
  reviewer: string;
}

export interface ReviewEvent {
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  /** The version this save created. */
  version: number;
  reviewer: string;
  at: string;
}

export interface SaveDecisionInput {
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  reviewer: string;
  /** The version the reviewer saw (If-Match); 0 for a claim that had no decision. */
  expectedVersion: number;
  /** The client's id for this save, the same on every retry of it (Idempotency-Key). */
  idempotencyKey?: string;
}

export type SaveResult = { kind: 'saved'; record: ClaimRecord } | { kind: 'conflict'; current: ClaimRecord };

export interface ReviewRepository {
  /** Every claim of the answer that has a record, by claim id. */
  getReview(answerId: string): Promise<Record<string, ClaimRecord>>;
  saveDecision(input: SaveDecisionInput): Promise<SaveResult>;
  /** Saves in the order they were made, optionally for one claim. */
  history(answerId: string, claimId?: string): Promise<ReviewEvent[]>;
  /** Which of these answers have a decision on any claim (the asked answers' retention keeps those longest). */
  reviewedAnswers(answerIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** What a claim that was never decided looks like (a 409 against a record that does not exist returns it). */
export const EMPTY_RECORD: ClaimRecord = { decision: null, note: '', version: 0, updatedAt: '', reviewer: '' };

export interface KyselyRepositoryOptions {
  /** Clock (tests). */
  now?: () => Date;
  /**
   * Runs one write transaction, retrying it when the database is busy. SQLite needs this (see open-database.ts);
   * PostgreSQL waits on row locks by itself.
   */
  retryBusy?: <T>(attempt: () => Promise<T>) => Promise<T>;
  /** How a write transaction starts: SQLite takes its write lock at once (`begin immediate`), PostgreSQL `begin`. */
  begin?: string;
  /** Run before every write: throws StorageUnavailableError when the store cannot take it (a deleted SQLite file). */
  beforeWrite?: () => void;
  /** The store, as messages name it (`SQLite /path`). */
  where?: string;
  /** Told about every storage fault (the server logs it: storage-errors.ts, FaultLog). */
  onFault?: (error: StorageUnavailableError) => void;
}

/**
 * Runs `fn` in a transaction of its own on one connection. Not Kysely's transaction(): when SQLite has already rolled
 * back (a full disk), its rollback fails with "cannot rollback - no transaction is active" and that error replaced the
 * cause. Here a failed rollback never hides the error that made it necessary.
 */
export async function inTransaction<T>(db: Kysely<ReviewDatabase>, begin: string, fn: (trx: Kysely<ReviewDatabase>) => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql.raw(begin).execute(conn);
    try {
      const result = await fn(conn);
      await sql.raw('commit').execute(conn);
      return result;
    } catch (e) {
      await sql
        .raw('rollback')
        .execute(conn)
        .catch(() => undefined);
      throw e;
    }
  });
}

export function createKyselyRepository(db: Kysely<ReviewDatabase>, options: KyselyRepositoryOptions = {}): ReviewRepository {
  const now = options.now ?? (() => new Date());
  const retryBusy = options.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());
  const begin = options.begin ?? 'begin';
  const where = options.where ?? 'the review database';

  /** A storage fault becomes StorageUnavailableError (told to onFault); anything else is thrown as it is. */
  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      const reason = storageReason(e);
      if (reason === null) throw e;
      const error = e instanceof StorageUnavailableError ? e : new StorageUnavailableError(where, reason, { cause: e });
      options.onFault?.(error);
      throw error;
    }
  }

  /** The save an idempotency key names, if it was stored: the record it created. */
  async function savedWithKey(q: Kysely<ReviewDatabase>, input: SaveDecisionInput): Promise<ClaimRecord | null> {
    if (input.idempotencyKey === undefined) return null;
    const event = await q
      .selectFrom('review_events')
      .selectAll()
      .where('answer_id', '=', input.answerId)
      .where('claim_id', '=', input.claimId)
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirst();
    if (!event) return null;
    return { decision: toDecision(event.decision), note: event.note, version: event.version, updatedAt: event.at, reviewer: event.reviewer };
  }

  async function readRecord(q: Kysely<ReviewDatabase>, answerId: string, claimId: string): Promise<ClaimRecord> {
    const row = await q.selectFrom('review_claims').selectAll().where('answer_id', '=', answerId).where('claim_id', '=', claimId).executeTakeFirst();
    return row ? toRecord(row) : EMPTY_RECORD;
  }

  /** The save itself, in its transaction: a replay is answered as the save it was; else the conditional write. */
  async function writeDecision(trx: Kysely<ReviewDatabase>, input: SaveDecisionInput, record: ClaimRecord): Promise<SaveResult> {
    // Sent again after a reply that never arrived: it is the save it was.
    const replayed = await savedWithKey(trx, input);
    if (replayed) return { kind: 'saved', record: replayed };
    const row = { decision: record.decision, note: record.note, version: record.version, reviewer: record.reviewer };
    const at = record.updatedAt;
    let written: bigint;
    if (input.expectedVersion === 0) {
      const result = await trx
        .insertInto('review_claims')
        .values({ answer_id: input.answerId, claim_id: input.claimId, ...row, updated_at: at })
        .onConflict((oc) => oc.columns(['answer_id', 'claim_id']).doNothing())
        .executeTakeFirstOrThrow();
      written = result.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const result = await trx
        .updateTable('review_claims')
        .set({ ...row, updated_at: at })
        .where('answer_id', '=', input.answerId)
        .where('claim_id', '=', input.claimId)
        .where('version', '=', input.expectedVersion)
        .executeTakeFirstOrThrow();
      written = result.numUpdatedRows;
    }
    if (written === 0n) return { kind: 'conflict', current: await readRecord(trx, input.answerId, input.claimId) };
    await trx
      .insertInto('review_events')
      .values({ answer_id: input.answerId, claim_id: input.claimId, ...row, at, idempotency_key: input.idempotencyKey ?? null })
      .execute();
    return { kind: 'saved', record };
  }

  return {
    async getReview(answerId) {
      const rows = await guarded(() => db.selectFrom('review_claims').selectAll().where('answer_id', '=', answerId).orderBy('claim_id').execute());
      const claims: Record<string, ClaimRecord> = {};
      for (const row of rows) claims[row.claim_id] = toRecord(row);
      return claims;
    },

    async saveDecision(input) {
      const at = now().toISOString();
      const record: ClaimRecord = {
        decision: input.decision,
        note: input.note,
        version: input.expectedVersion + 1,
        updatedAt: at,
        reviewer: input.reviewer,
      };
      const write = (trx: Kysely<ReviewDatabase>) => writeDecision(trx, input, record);
      const result = await guarded(() => {
        options.beforeWrite?.();
        return retryBusy(() => inTransaction(db, begin, write));
      });
      // Two sends of one save at once: the one that lost the race lost it to itself.
      if (result.kind !== 'conflict' || input.idempotencyKey === undefined) return result;
      const replayed = await guarded(() => savedWithKey(db, input));
      return replayed ? { kind: 'saved', record: replayed } : result;
    },

    async history(answerId, claimId) {
      let q = db.selectFrom('review_events').selectAll().where('answer_id', '=', answerId);
      if (claimId !== undefined) q = q.where('claim_id', '=', claimId);
      const rows = await guarded(() => q.orderBy('id').execute());
      return rows.map((r) => ({
        claimId: r.claim_id,
        decision: toDecision(r.decision),
        note: r.note,
        version: r.version,
        reviewer: r.reviewer,
        at: r.at,
      }));
    },

    async reviewedAnswers(answerIds) {
      const out = new Set<string>();
      // In batches: SQLite takes at most 32,766 parameters in one statement.
      for (let i = 0; i < answerIds.length; i += 500) {
        const batch = answerIds.slice(i, i + 500);
        const rows = await guarded(() => db.selectFrom('review_claims').select('answer_id').distinct().where('answer_id', 'in', batch).execute());
        for (const r of rows) out.add(r.answer_id);
      }
      return out;
    },

    async close() {
      await db.destroy();
    },
  };
}

function toRecord(row: Selectable<ReviewClaimsTable>): ClaimRecord {
  return {
    decision: toDecision(row.decision),
    note: row.note,
    version: row.version,
    updatedAt: row.updated_at,
    reviewer: row.reviewer,
  };
}

function toDecision(value: string | null): ReviewDecision | null {
  if (value === null) return null;
  // The table's CHECK constraint keeps anything else out; this is for a database edited by hand.
  if (isReviewDecision(value)) return value;
  throw new Error(`The review database holds an unknown decision ${JSON.stringify(value)}.`);
}
