import type { ClaimRecord, ReviewRepository, SaveDecisionInput, SaveResult } from './repository.ts';

// Decisions as they are stored, told to everyone watching the answer (GET /api/answers/:id/review/events). One bus per
// server: in-process on SQLite (one server per file), PostgreSQL's LISTEN/NOTIFY when several servers share a database
// (postgres-bus.ts), so a colleague on another server sees a decision as soon as it is committed.

export interface ReviewChange {
  answerId: string;
  claimId: string;
  /** The record as stored: its reviewer is who decided. */
  record: ClaimRecord;
}

/** What a watcher hears: a stored decision, or "you may have missed some: read the review again" (a lost connection). */
export type ReviewBusEvent = { kind: 'change'; change: ReviewChange } | { kind: 'resync' };

export interface ReviewWatcher {
  answerId: string;
  onEvent(event: ReviewBusEvent): void;
  /** The bus is closing (the server shuts down): the stream ends, so the HTTP server can close. */
  onClose(): void;
}

export interface ReviewBus {
  /** Tells every watcher of the answer, on every server sharing the database. Never throws. */
  publish(change: ReviewChange): Promise<void>;
  watch(watcher: ReviewWatcher): () => void;
  /** Ends every watch; later publishes are dropped. */
  close(): Promise<void>;
}

/** The watchers of this process, by answer: what both buses deliver to. */
export class LocalWatchers {
  readonly #byAnswer = new Map<string, Set<ReviewWatcher>>();
  #closed = false;

  add(watcher: ReviewWatcher): () => void {
    if (this.#closed) {
      watcher.onClose();
      return () => undefined;
    }
    let set = this.#byAnswer.get(watcher.answerId);
    if (!set) this.#byAnswer.set(watcher.answerId, (set = new Set()));
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0 && this.#byAnswer.get(watcher.answerId) === set) this.#byAnswer.delete(watcher.answerId);
    };
  }

  deliver(answerId: string, event: ReviewBusEvent): void {
    for (const w of [...(this.#byAnswer.get(answerId) ?? [])]) {
      try {
        w.onEvent(event);
      } catch {
        // one broken stream must not keep the others from hearing it
      }
    }
  }

  /** Every watcher of every answer (after a lost LISTEN connection). */
  deliverAll(event: ReviewBusEvent): void {
    for (const answerId of [...this.#byAnswer.keys()]) this.deliver(answerId, event);
  }

  closeAll(): void {
    this.#closed = true;
    const all = [...this.#byAnswer.values()].flatMap((s) => [...s]);
    this.#byAnswer.clear();
    for (const w of all) w.onClose();
  }

  get count(): number {
    let n = 0;
    for (const s of this.#byAnswer.values()) n += s.size;
    return n;
  }
}

/** The in-process bus (SQLite, or tests): a publish reaches this server's watchers only. */
export function createMemoryBus(): ReviewBus {
  const watchers = new LocalWatchers();
  let closed = false;
  return {
    publish: async (change) => {
      if (!closed) watchers.deliver(change.answerId, { kind: 'change', change });
    },
    watch: (watcher) => watchers.add(watcher),
    close: async () => {
      closed = true;
      watchers.closeAll();
    },
  };
}

/** The repository, telling the bus about every decision it stored (after its transaction committed). */
export function publishingRepository(repository: ReviewRepository, bus: ReviewBus): ReviewRepository {
  return {
    getReview: (answerId) => repository.getReview(answerId),
    history: (answerId, claimId) => repository.history(answerId, claimId),
    reviewedAnswers: (answerIds) => repository.reviewedAnswers(answerIds),
    close: () => repository.close(),
    async saveDecision(input: SaveDecisionInput): Promise<SaveResult> {
      const result = await repository.saveDecision(input);
      if (result.kind === 'saved') await bus.publish({ answerId: input.answerId, claimId: input.claimId, record: result.record });
      return result;
    },
  };
}
