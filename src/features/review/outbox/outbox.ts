import type { ClaimRecord, ReviewDecision } from '../../../api/review-schema.ts';
import type { SaveOutcome } from '../../../api/review-client.ts';
import { entryKey, type LocalRecord, type OutboxEntry, type ReviewStorage } from './outbox-types.ts';
import { backoffDelay, randomSaveId } from './retry-policy.ts';

// The review outbox: every decision is stored first, then sent with If-Match, and deleted only when the server has
// it. Unreachable server (network error, 5xx): retried with exponential backoff until it lands, across reloads.
// 409: kept as a conflict until the reviewer chooses; never retried over the other reviewer's record. 404: the
// server does not hold the answer, so the decision becomes a local-only record. Everything that reaches the UI
// goes through `snapshot()`, which changes identity only when something changed (useSyncExternalStore).

export interface DecisionInput {
  answerId: string;
  claimId: string;
  decision: ReviewDecision | null;
  note: string;
  /** The version of the record the reviewer saw (0 when there was none). */
  baseVersion: number;
  reviewer: string;
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  /** Keys being sent right now. */
  sending: ReadonlySet<string>;
  /**
   * Set when the storage failed after it opened (quota, a cleared site): what is pending lives in memory only. The
   * browser's own error; the UI says the rest in its language (`review.writeFailed`).
   */
  storageProblem: string | null;
}

export interface OutboxDeps {
  storage: ReviewStorage;
  send(entry: OutboxEntry, signal: AbortSignal): Promise<SaveOutcome>;
  /** The server's record of a claim, learned from a save or a conflict: goes into the query cache. */
  onServerRecord?(answerId: string, claimId: string, record: ClaimRecord): void;
  /** The server does not hold the answer: the decision was moved to local-only storage. */
  onNotHeld?(record: LocalRecord): void;
  now?(): number;
  random?(): number;
  /** A new decision's id (saveId); random by default. */
  newSaveId?(): string;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export class DecisionOutbox {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly inFlight = new Map<string, AbortController>();
  /** Per claim, the version our own last save made on the server (see `enqueue`). */
  private readonly ownVersions = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private snap: OutboxSnapshot = { entries: [], sending: new Set(), storageProblem: null };
  private storageProblem: string | null = null;
  private timer: unknown = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private disposed = false;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly newSaveId: () => string;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly deps: OutboxDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.newSaveId = deps.newSaveId ?? randomSaveId;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  }

  get storageKind(): ReviewStorage['kind'] {
    return this.deps.storage.kind;
  }

  /** Loads what earlier sessions left pending and sends it now. */
  async start(): Promise<void> {
    let stored: OutboxEntry[] = [];
    try {
      stored = await this.deps.storage.listOutbox();
    } catch (e) {
      this.noteStorageProblem(e);
    }
    for (const entry of stored) {
      // A decision made in this session before the load finished is newer than the stored one.
      if (this.entries.has(entry.key)) continue;
      // Retry at once on start: the reason it failed (offline, server down) may be gone.
      const retried = entry.state.kind === 'pending' ? { ...entry, state: { ...entry.state, nextAttemptAt: this.now() } } : entry;
      this.entries.set(entry.key, retried.saveId === undefined ? { ...retried, saveId: this.newSaveId() } : retried);
    }
    this.publish();
    await this.flush();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): OutboxSnapshot => this.snap;

  /** Stores the decision (replacing an unsent one for the same claim), then sends it. */
  async enqueue(input: DecisionInput): Promise<void> {
    const key = entryKey(input.answerId, input.claimId);
    const existing = this.entries.get(key);
    const seq = (existing?.seq ?? 0) + 1;
    const base = { ...input, key, decidedAt: this.now(), seq, saveId: this.newSaveId() };
    let entry: OutboxEntry;
    if (existing?.state.kind === 'conflict') {
      // Still in conflict: the new decision becomes "yours" in the same choice; it is not sent over theirs.
      entry = { ...base, baseVersion: existing.baseVersion, state: existing.state };
    } else if (existing) {
      // Unsent (or in flight): keep the version the reviewer first decided against; a reply to the in-flight send
      // moves it forward if that send lands.
      entry = { ...base, baseVersion: existing.baseVersion, state: { kind: 'pending', attempts: 0, nextAttemptAt: this.now() } };
    } else {
      // The screen may still show a save of ours that has just landed (its reply is in, the page has not rendered it
      // yet): a decision made in that moment is based on the version before it. That version is our own, so the new
      // decision goes over it rather than into a conflict with ourselves (an undo pressed right after a decision).
      const own = this.ownVersions.get(key) ?? 0;
      entry = { ...base, baseVersion: Math.max(input.baseVersion, own), state: { kind: 'pending', attempts: 0, nextAttemptAt: this.now() } };
    }
    this.entries.set(key, entry);
    // Shown at once; sent only once stored, so a crash between the two cannot lose a decision the server took.
    this.publish();
    await this.persist(entry);
    await this.flush();
  }

  /** Every pending entry is due now (the browser came online, or the reviewer pressed "Retry now"). */
  async retryNow(): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (entry.state.kind === 'pending' && entry.state.nextAttemptAt > this.now()) {
        this.entries.set(key, { ...entry, state: { ...entry.state, nextAttemptAt: this.now() } });
      }
    }
    this.publish();
    await this.flush();
  }

  /**
   * The reviewer's choice in a conflict: keep the server's record, or send theirs again over the current version
   * (with `note` instead of their own when they merged both notes).
   */
  async resolveConflict(key: string, keep: 'theirs' | 'mine', note?: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry || entry.state.kind !== 'conflict') return;
    if (keep === 'theirs') {
      await this.remove(key);
      return;
    }
    const next: OutboxEntry = {
      ...entry,
      ...(note !== undefined && { note }),
      baseVersion: entry.state.theirs.version,
      seq: entry.seq + 1,
      saveId: this.newSaveId(),
      state: { kind: 'pending', attempts: 0, nextAttemptAt: this.now() },
    };
    this.entries.set(key, next);
    await this.persist(next);
    this.publish();
    await this.flush();
  }

  /** Drops a decision the server refused for good. */
  async discard(key: string): Promise<void> {
    await this.remove(key);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    for (const c of this.inFlight.values()) c.abort();
    this.listeners.clear();
  }

  /** Sends every due entry, one at a time; a flush asked for while one runs runs again after it. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      // Yield first: a flush with nothing to send would otherwise finish (and clear `flushing`) before the
      // assignment below stores its promise, leaving a settled promise that blocks every later flush.
      await Promise.resolve();
      try {
        do {
          this.flushAgain = false;
          const isDue = (e: OutboxEntry | undefined): e is OutboxEntry =>
            e !== undefined && e.state.kind === 'pending' && e.state.nextAttemptAt <= this.now() && !this.inFlight.has(e.key);
          const keys = [...this.entries.values()].filter(isDue).map((e) => e.key);
          for (const key of keys) {
            if (this.disposed) return;
            // Read again: an earlier send in this loop may have replaced or removed it.
            const entry = this.entries.get(key);
            if (isDue(entry)) await this.sendOne(entry);
          }
        } while (this.flushAgain && !this.disposed);
      } finally {
        this.flushing = null;
        this.schedule();
      }
    })();
    return this.flushing;
  }

  private async sendOne(sent: OutboxEntry): Promise<void> {
    const controller = new AbortController();
    this.inFlight.set(sent.key, controller);
    this.publish();
    let outcome: SaveOutcome;
    try {
      outcome = await this.deps.send(sent, controller.signal);
    } catch (e) {
      if (controller.signal.aborted) return;
      outcome = { kind: 'unreachable', message: e instanceof Error ? e.message : String(e) };
    } finally {
      this.inFlight.delete(sent.key);
    }
    if (this.disposed) return;
    const current = this.entries.get(sent.key);
    const replaced = current !== undefined && current.seq !== sent.seq;

    switch (outcome.kind) {
      case 'saved': {
        this.ownVersions.set(sent.key, outcome.record.version);
        this.deps.onServerRecord?.(sent.answerId, sent.claimId, outcome.record);
        if (!current) break;
        if (!replaced) await this.remove(sent.key);
        else if (current.state.kind === 'pending') {
          // A newer decision was made while this one was in flight: it is based on the version we just stored.
          await this.update({ ...current, baseVersion: outcome.record.version, state: { kind: 'pending', attempts: 0, nextAttemptAt: this.now() } });
          this.flushAgain = true;
        }
        break;
      }
      case 'conflict': {
        const theirs = outcome.current;
        this.deps.onServerRecord?.(sent.answerId, sent.claimId, theirs);
        if (!current) break;
        // Another tab of ours (or a retried request whose first reply was lost) stored this very decision.
        if (theirs.decision === current.decision && theirs.note === current.note) {
          this.ownVersions.set(sent.key, theirs.version);
          await this.remove(sent.key);
        } else if (replaced && current.state.kind === 'pending' && theirs.decision === sent.decision && theirs.note === sent.note) {
          // What we sent is what the server holds (a retry whose first reply was lost), and the reviewer has decided
          // again since (an undo right after): the newer decision goes over it, as it would have over our own reply.
          await this.update({ ...current, baseVersion: theirs.version, state: { kind: 'pending', attempts: 0, nextAttemptAt: this.now() } });
          this.flushAgain = true;
        } else await this.update({ ...current, state: { kind: 'conflict', theirs } });
        break;
      }
      case 'not-held': {
        const latest = current ?? sent;
        const record: LocalRecord = {
          key: latest.key,
          answerId: latest.answerId,
          claimId: latest.claimId,
          decision: latest.decision,
          note: latest.note,
          version: latest.baseVersion + 1,
          reviewer: latest.reviewer,
          updatedAt: new Date(latest.decidedAt).toISOString(),
        };
        try {
          await this.deps.storage.putLocal(record);
        } catch (e) {
          this.noteStorageProblem(e);
        }
        this.deps.onNotHeld?.(record);
        if (current) await this.remove(sent.key);
        break;
      }
      case 'unreachable': {
        if (!current || current.state.kind !== 'pending') break;
        const attempts = (sent.state.kind === 'pending' ? sent.state.attempts : 0) + 1;
        // Not before the server's Retry-After (a 429, a 503 of its storage), else the usual backoff.
        const wait = Math.max(backoffDelay(attempts, this.random()), outcome.retryAfterMs ?? 0);
        const state = { kind: 'pending' as const, attempts, nextAttemptAt: this.now() + wait, lastError: outcome.message };
        await this.update({ ...current, state: outcome.problem ? { ...state, problem: outcome.problem } : state });
        break;
      }
      case 'refused': {
        // A newer decision made meanwhile may well be acceptable: only the refused one fails.
        if (current && !replaced) await this.update({ ...current, state: { kind: 'failed', message: outcome.error.message } });
        break;
      }
      default: {
        const never: never = outcome;
        return never;
      }
    }
    this.publish();
  }

  private schedule(): void {
    if (this.disposed) return;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    let next = Infinity;
    for (const e of this.entries.values()) {
      if (e.state.kind === 'pending' && !this.inFlight.has(e.key)) next = Math.min(next, e.state.nextAttemptAt);
    }
    if (next === Infinity) return;
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        void this.flush();
      },
      Math.max(0, next - this.now()),
    );
  }

  private async update(entry: OutboxEntry): Promise<void> {
    this.entries.set(entry.key, entry);
    await this.persist(entry);
  }

  private async remove(key: string): Promise<void> {
    this.entries.delete(key);
    try {
      await this.deps.storage.deleteOutbox(key);
    } catch (e) {
      this.noteStorageProblem(e);
    }
    this.publish();
  }

  private async persist(entry: OutboxEntry): Promise<void> {
    try {
      await this.deps.storage.putOutbox(entry);
    } catch (e) {
      this.noteStorageProblem(e);
    }
  }

  private noteStorageProblem(e: unknown): void {
    this.storageProblem = e instanceof Error ? e.message : String(e);
  }

  private publish(): void {
    this.snap = {
      entries: [...this.entries.values()],
      sending: new Set(this.inFlight.keys()),
      storageProblem: this.storageProblem,
    };
    for (const l of this.listeners) l();
  }
}
