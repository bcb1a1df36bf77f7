import type { Kysely, Selectable } from 'kysely';
import type { AskedAnswersTable, ReviewDatabase } from '../review/schema.ts';
import { storageReason } from '../review/storage-errors.ts';
import { AnswerStoreError } from './answer-store.ts';
import type { AskedAnswerStore, AskedTurnInfo } from './asked-answers.ts';

// Asked answers in the review database (migration 0003), on SQLite and PostgreSQL alike: every replica on one
// PostgreSQL sees every other's answers and threads, and a restart forgets none. The turn number is unique per
// thread in the table itself, so two servers following up on one thread at once cannot both store turn 3.

export interface DatabaseAskedAnswersOptions {
  /** SQLite: retries a write while another process holds the write lock (open-database.ts). */
  retryBusy?: <T>(attempt: () => Promise<T>) => Promise<T>;
}

/** A unique constraint refused the row: SQLite's code, or PostgreSQL's SQLSTATE 23505. */
function isUniqueViolation(e: unknown): boolean {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT');
}

function infoOf(row: Pick<Selectable<AskedAnswersTable>, 'id' | 'thread_id' | 'turn' | 'question' | 'standalone_question'>): AskedTurnInfo {
  return {
    id: row.id,
    question: row.question,
    ...(row.standalone_question !== null && { standaloneQuestion: row.standalone_question }),
    thread: { id: row.thread_id, turn: Number(row.turn) },
  };
}

export function createDatabaseAskedAnswers(db: Kysely<ReviewDatabase>, o: DatabaseAskedAnswersOptions = {}): AskedAnswerStore {
  const retryBusy = o.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());
  const infoColumns = ['id', 'thread_id', 'turn', 'question', 'standalone_question'] as const;
  return {
    async get(id) {
      const row = await db.selectFrom('asked_answers').select('body').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.body) as unknown) : null;
    },
    async info(id) {
      const row = await db.selectFrom('asked_answers').select(infoColumns).where('id', '=', id).executeTakeFirst();
      return row ? infoOf(row) : null;
    },
    async turns(threadId) {
      const rows = await db.selectFrom('asked_answers').select(infoColumns).where('thread_id', '=', threadId).orderBy('turn').execute();
      return rows.map(infoOf);
    },
    async insert(answer, createdAt) {
      try {
        await retryBusy(() =>
          db
            .insertInto('asked_answers')
            .values({
              id: answer.id,
              thread_id: answer.thread.id,
              turn: answer.thread.turn,
              question: answer.question ?? '',
              standalone_question: answer.standaloneQuestion ?? null,
              body: JSON.stringify(answer),
              created_at: createdAt,
            })
            .execute(),
        );
        return 'saved';
      } catch (e) {
        if (isUniqueViolation(e)) return 'turn-taken';
        // Routes answer 503 storage_unavailable with the reason (a full disk, a database that does not answer).
        throw new AnswerStoreError(`cannot store answer ${answer.id}: ${storageReason(e) ?? (e as Error).message}`, { cause: e });
      }
    },
    async listStamp() {
      // Ids grow with time and removals change the count: together they say whether the list changed.
      const row = await db
        .selectFrom('asked_answers')
        .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('id').as('last')])
        .executeTakeFirst();
      return `${row?.n ?? 0}:${row?.last ?? ''}`;
    },
    async summaries() {
      const rows = await db.selectFrom('asked_answers').select(['id', 'question']).orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, question: r.question, title: r.question }));
    },
    async askedAnswers() {
      const rows = await db.selectFrom('asked_answers').select(['id', 'created_at']).execute();
      return rows.map((r) => ({ id: r.id, createdAt: Number(r.created_at) }));
    },
    async remove(id) {
      await retryBusy(() => db.deleteFrom('asked_answers').where('id', '=', id).execute());
    },
  };
}
