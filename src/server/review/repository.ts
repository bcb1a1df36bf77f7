import type { Kysely, Selectable } from 'kysely';
import { REVIEW_DECISIONS, type ReviewDatabase, type ReviewDecision, type ReviewClaimsTable } from './schema.ts';

// Reviewers' decisions, stored. One interface, one implementation over Kysely that runs unchanged on SQLite and
// PostgreSQL (open-database.ts picks the dialect). Writes are optimistic: a save names the version it was made
// against and only lands if that is still the stored version — a conditional UPDATE … WHERE version = ? (or an
// INSERT … ON CONFLICT DO NOTHING for a first decision) checked by affected rows, so two servers on one database
// can never overwrite each other's decision unseen. No read-then-write race: the check and the write are one
// statement.

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
}

export type SaveResult = { kind: 'saved'; record: ClaimRecord } | { kind: 'conflict'; current: ClaimRecord };

export interface ReviewRepository {
  /** Every claim of the answer that has a record, by claim id. */
  getReview(answerId: string): Promise<Record<string, ClaimRecord>>;
  saveDecision(input: SaveDecisionInput): Promise<SaveResult>;
  /** Saves in the order they were made, optionally for one claim. */
  history(answerId: string, claimId?: string): Promise<ReviewEvent[]>;
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
}

export function createKyselyRepository(db: Kysely<ReviewDatabase>, options: KyselyRepositoryOptions = {}): ReviewRepository {
  const now = options.now ?? (() => new Date());
  const retryBusy = options.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());

  async function readRecord(q: Kysely<ReviewDatabase>, answerId: string, claimId: string): Promise<ClaimRecord> {
    const row = await q
      .selectFrom('review_claims')
      .selectAll()
      .where('answer_id', '=', answerId)
      .where('claim_id', '=', claimId)
      .executeTakeFirst();
    return row ? toRecord(row) : EMPTY_RECORD;
  }

  return {
    async getReview(answerId) {
      const rows = await db.selectFrom('review_claims').selectAll().where('answer_id', '=', answerId).orderBy('claim_id').execute();
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
      return retryBusy(() =>
        db.transaction().execute(async (trx): Promise<SaveResult> => {
          const row = {
            decision: record.decision,
            note: record.note,
            version: record.version,
            reviewer: record.reviewer,
          };
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
            .values({ answer_id: input.answerId, claim_id: input.claimId, ...row, at })
            .execute();
          return { kind: 'saved', record };
        }),
      );
    },

    async history(answerId, claimId) {
      let q = db.selectFrom('review_events').selectAll().where('answer_id', '=', answerId);
      if (claimId !== undefined) q = q.where('claim_id', '=', claimId);
      const rows = await q.orderBy('id').execute();
      return rows.map((r) => ({
        claimId: r.claim_id,
        decision: toDecision(r.decision),
        note: r.note,
        version: r.version,
        reviewer: r.reviewer,
        at: r.at,
      }));
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
  if ((REVIEW_DECISIONS as readonly string[]).includes(value)) return value as ReviewDecision;
  throw new Error(`The review database holds an unknown decision ${JSON.stringify(value)}.`);
}
