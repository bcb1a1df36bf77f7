import type { FolderAnswers, StoredTurnInfo, ThreadTurn } from './answer-store.ts';
import type { AskedAnswerStore } from './asked-answers.ts';

// Every answer a thread may hold: the data folder's (read only) and the asked ones in the database. An asked answer
// wins over a folder file with the same id (ids of asked answers are random: only a copied file could clash).

export class AnswerCatalog {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly folder: FolderAnswers,
    readonly asked: AskedAnswerStore,
  ) {}

  /** The thread fields of one answer; null when there is no such (readable) answer anywhere. */
  async info(id: string): Promise<StoredTurnInfo | null> {
    return (await this.asked.info(id)) ?? (await this.folder.info(id));
  }

  /** The turns of the thread whose root is `rootId`, by turn: the folder's (the root first) and the database's. */
  async thread(rootId: string): Promise<ThreadTurn[]> {
    const [inFolder, inDatabase] = await Promise.all([this.folder.thread(rootId), this.asked.turns(rootId)]);
    const seen = new Set(inDatabase.map((t) => t.id));
    const turns = [...inFolder.filter((t) => !seen.has(t.answerId)), ...inDatabase.map((t) => ({ answerId: t.id, question: t.question, turn: t.thread.turn }))];
    return turns.sort((a, b) => a.turn - b.turn || (a.answerId < b.answerId ? -1 : 1));
  }

  /**
   * Runs `fn` alone among this server's calls for the same thread, so its own follow-ups never race for a turn
   * number; another server's are caught by the table's unique turn (ask-service.ts retries with the next one).
   */
  async inThread<T>(rootId: string, fn: () => Promise<T>): Promise<T> {
    const before = this.locks.get(rootId) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.locks.set(rootId, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(rootId) === settled) this.locks.delete(rootId);
    }
  }
}
