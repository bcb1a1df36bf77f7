import type { AskedAnswer, AskedAnswerCatalog } from './retention.ts';

// Where asked answers live (issue 39): the review database, shared by every replica (asked-answers-db.ts), never the
// data folder, which is read-only input. The memory store below is for a server started without a database (tests,
// createApp without `review`): its answers go with the process.

/** An asked answer's place in its thread, as stored beside it. */
export interface AskedTurnInfo {
  id: string;
  question: string;
  standaloneQuestion?: string;
  thread: { id: string; turn: number };
}

/** One line of the answer list (src/server/answer-list.ts's AnswerSummary, which asked answers always fill). */
export interface AskedSummary {
  id: string;
  question: string;
  title: string;
}

/** The answer as it is served: JSON with `id`, `question` and `thread` (ask-service.ts's StoredAnswer). */
export interface AskedAnswerBody {
  id: string;
  question?: string;
  standaloneQuestion?: string;
  thread?: { id: string; turn: number };
}

export type InsertOutcome = 'saved' | 'turn-taken';

export interface AskedAnswerStore extends AskedAnswerCatalog {
  /** The stored answer, parsed; null when there is none. */
  get(id: string): Promise<unknown>;
  info(id: string): Promise<AskedTurnInfo | null>;
  /** The stored turns of thread `threadId`, by turn (a data-folder root is not among them). */
  turns(threadId: string): Promise<AskedTurnInfo[]>;
  /** Stores the answer; 'turn-taken' when its thread already has that turn (another server stored it first). */
  insert(answer: AskedAnswerBody & { thread: { id: string; turn: number } }, createdAt: number): Promise<InsertOutcome>;
  /**
   * A stamp that changes whenever an answer was added or removed: one cheap query, so the answer list keeps its
   * merged array (and its JSON) while the stamp stays.
   */
  listStamp(): Promise<string>;
  /** Every asked answer for the list, by id. */
  summaries(): Promise<AskedSummary[]>;
}

/** The thread fields of a stored body: what every store keeps beside the JSON. */
export function turnInfoOf(answer: AskedAnswerBody & { thread: { id: string; turn: number } }): AskedTurnInfo {
  return {
    id: answer.id,
    question: answer.question ?? '',
    ...(answer.standaloneQuestion !== undefined && { standaloneQuestion: answer.standaloneQuestion }),
    thread: { id: answer.thread.id, turn: answer.thread.turn },
  };
}

export function createMemoryAskedAnswers(): AskedAnswerStore {
  const rows = new Map<string, { info: AskedTurnInfo; json: string; createdAt: number }>();
  let changes = 0;
  return {
    async get(id) {
      const row = rows.get(id);
      return row ? (JSON.parse(row.json) as unknown) : null;
    },
    async info(id) {
      return rows.get(id)?.info ?? null;
    },
    async turns(threadId) {
      return [...rows.values()]
        .map((r) => r.info)
        .filter((i) => i.thread.id === threadId)
        .sort((a, b) => a.thread.turn - b.thread.turn);
    },
    async insert(answer, createdAt) {
      const info = turnInfoOf(answer);
      if ([...rows.values()].some((r) => r.info.thread.id === info.thread.id && r.info.thread.turn === info.thread.turn)) return 'turn-taken';
      rows.set(answer.id, { info, json: JSON.stringify(answer), createdAt });
      changes++;
      return 'saved';
    },
    async listStamp() {
      return String(changes);
    },
    async summaries() {
      const items = [...rows.values()].map((r) => ({ id: r.info.id, question: r.info.question, title: r.info.question }));
      return items.sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    async askedAnswers(): Promise<AskedAnswer[]> {
      return [...rows.values()].map((r) => ({ id: r.info.id, createdAt: r.createdAt }));
    },
    async remove(id) {
      if (rows.delete(id)) changes++;
    },
  };
}
