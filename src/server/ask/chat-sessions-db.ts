import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReviewDatabase } from '../review/schema.ts';
import { CHAT_SESSION_DEFAULTS, type ChatSession, type ChatSessionOptions, type ChatSessionStore } from './chat-sessions.ts';

// Chat sessions in the review database (migration 0004), on SQLite and PostgreSQL alike: a session started on one
// replica is followed up on another, and a restart keeps it. The rules are the memory store's (chat-sessions.ts):
// idle sessions are forgotten, at most `max` are kept (the least recently used goes), the last `maxTurns` turns are
// read. Turns are appended as rows, so two replicas answering one session at once never overwrite each other.

export interface DatabaseChatSessionsOptions extends ChatSessionOptions {
  /** SQLite: retries a write while another process holds the write lock (open-database.ts). */
  retryBusy?: <T>(attempt: () => Promise<T>) => Promise<T>;
}

export function createDatabaseChatSessions(db: Kysely<ReviewDatabase>, o: DatabaseChatSessionsOptions = {}): ChatSessionStore {
  const ttlMs = o.ttlMs ?? CHAT_SESSION_DEFAULTS.ttlMs;
  const max = o.max ?? CHAT_SESSION_DEFAULTS.max;
  const maxTurns = o.maxTurns ?? CHAT_SESSION_DEFAULTS.maxTurns;
  const now = o.now ?? Date.now;
  const retryBusy = o.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());

  /** Deletes the sessions chosen by `ids` and their turns. */
  async function remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await db.deleteFrom('chat_turns').where('session_id', 'in', ids).execute();
    await db.deleteFrom('chat_sessions').where('id', 'in', ids).execute();
  }

  async function sweep(): Promise<void> {
    const idle = await db
      .selectFrom('chat_sessions')
      .select('id')
      .where('last_used', '<', now() - ttlMs)
      .limit(500)
      .execute();
    await remove(idle.map((r) => r.id));
  }

  async function turnsOf(id: string): Promise<ChatSession['turns']> {
    const rows = await db
      .selectFrom('chat_turns')
      .select(['question', 'standalone_question', 'answer_id'])
      .where('session_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(maxTurns)
      .execute();
    return rows.reverse().map((r) => ({ question: r.question, standaloneQuestion: r.standalone_question, answerId: r.answer_id }));
  }

  return {
    async create(subject) {
      const id = randomUUID();
      await retryBusy(async () => {
        await sweep();
        const row = await db
          .selectFrom('chat_sessions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst();
        const over = Number(row?.n ?? 0) - max + 1;
        if (over > 0) {
          const oldest = await db.selectFrom('chat_sessions').select('id').orderBy('last_used').orderBy('id').limit(over).execute();
          await remove(oldest.map((r) => r.id));
        }
        await db.insertInto('chat_sessions').values({ id, subject, last_used: now() }).execute();
      });
      return { id, subject, turns: [] };
    },

    async get(id, subject) {
      const row = await db.selectFrom('chat_sessions').select(['subject', 'last_used']).where('id', '=', id).executeTakeFirst();
      if (!row || row.subject !== subject) return undefined;
      if (Number(row.last_used) < now() - ttlMs) {
        await retryBusy(() => remove([id]));
        return undefined;
      }
      await retryBusy(() => db.updateTable('chat_sessions').set({ last_used: now() }).where('id', '=', id).execute());
      return { id, subject, turns: await turnsOf(id) };
    },

    async addTurn(session, turn) {
      await retryBusy(async () => {
        // A session forgotten meanwhile (idle, capped, deleted on another replica) takes no orphan turns.
        const touched = await db.updateTable('chat_sessions').set({ last_used: now() }).where('id', '=', session.id).executeTakeFirst();
        if (touched.numUpdatedRows === 0n) return;
        await db
          .insertInto('chat_turns')
          .values({ session_id: session.id, question: turn.question, standalone_question: turn.standaloneQuestion, answer_id: turn.answerId })
          .execute();
        // Only the last maxTurns are ever read: older ones go.
        const keep = await db
          .selectFrom('chat_turns')
          .select('seq')
          .where('session_id', '=', session.id)
          .orderBy('seq', 'desc')
          .offset(maxTurns - 1)
          .limit(1)
          .executeTakeFirst();
        if (keep) await db.deleteFrom('chat_turns').where('session_id', '=', session.id).where('seq', '<', keep.seq).execute();
      });
      session.turns = [...session.turns, turn].slice(-maxTurns);
    },

    async delete(id, subject) {
      const row = await db.selectFrom('chat_sessions').select('subject').where('id', '=', id).executeTakeFirst();
      if (!row || row.subject !== subject) return false;
      await retryBusy(() => remove([id]));
      return true;
    },
  };
}
