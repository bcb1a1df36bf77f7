// @vitest-environment node
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import type { SaveOutcome } from '../../../api/review-client.ts';
import type { ClaimRecord } from '../../../api/review-schema.ts';
import { DecisionOutbox, type DecisionInput } from './outbox.ts';
import { backoffDelay } from './retry-policy.ts';
import { entryKey, type OutboxEntry, type ReviewStorage } from './outbox-types.ts';
import { memoryStorage, openReviewStorage } from './review-storage.ts';

// A fake clock and timer queue: the outbox's retries are driven by hand, so a test can say "a minute later".
function clock() {
  let t = 1_000_000;
  const timers: Array<{ at: number; fn: () => void; id: number }> = [];
  let ids = 0;
  return {
    now: () => t,
    setTimer: (fn: () => void, ms: number) => {
      const id = ++ids;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimer: (id: unknown) => {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    /** Moves time forward and runs the timers that fall due. */
    async advance(ms: number) {
      t += ms;
      for (;;) {
        const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.splice(timers.indexOf(due), 1);
        due.fn();
        await settle();
      }
    },
    pendingTimers: () => timers.length,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function record(over: Partial<ClaimRecord> = {}): ClaimRecord {
  return { decision: 'verified', note: '', version: 1, updatedAt: '2026-01-01T00:00:00Z', reviewer: 'ana', ...over };
}

const decision = (over: Partial<DecisionInput> = {}): DecisionInput => ({
  answerId: 'a1',
  claimId: 'c-1',
  decision: 'verified',
  note: '',
  baseVersion: 0,
  reviewer: 'ana',
  ...over,
});

/** A scripted server: each call takes the next outcome (the last one repeats). */
function server(...outcomes: Array<SaveOutcome | ((e: OutboxEntry) => SaveOutcome)>) {
  const calls: OutboxEntry[] = [];
  let i = 0;
  const send = vi.fn(async (e: OutboxEntry) => {
    calls.push(structuredClone(e));
    const o = outcomes[Math.min(i++, outcomes.length - 1)]!;
    return typeof o === 'function' ? o(e) : o;
  });
  return { send, calls };
}

const down: SaveOutcome = { kind: 'unreachable', message: 'Could not reach the server (Failed to fetch).' };

function makeOutbox(storage: ReviewStorage, send: (e: OutboxEntry) => Promise<SaveOutcome>, c = clock()) {
  const onServerRecord = vi.fn();
  const onNotHeld = vi.fn();
  const outbox = new DecisionOutbox({ storage, send, onServerRecord, onNotHeld, random: () => 0.5, ...c });
  return { outbox, onServerRecord, onNotHeld, c };
}

describe('backoffDelay', () => {
  it('doubles from one second and stops growing at a minute', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, 0.5))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(backoffDelay(30, 0.5)).toBe(60_000);
    expect(backoffDelay(3, 0)).toBe(3000);
    expect(backoffDelay(3, 1)).toBe(5000);
  });
});

describe('DecisionOutbox', () => {
  it('sends a decision with the version it was made against, and forgets it once the server has it', async () => {
    const storage = memoryStorage();
    const { send, calls } = server({ kind: 'saved', record: record({ version: 4 }) });
    const { outbox, onServerRecord } = makeOutbox(storage, send);
    await outbox.enqueue(decision({ baseVersion: 3, note: 'checked p. 2' }));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ decision: 'verified', note: 'checked p. 2', baseVersion: 3 });
    expect(onServerRecord).toHaveBeenCalledWith('a1', 'c-1', record({ version: 4 }));
    expect(outbox.snapshot().entries).toEqual([]);
    expect(await storage.listOutbox()).toEqual([]);
  });

  it('keeps an unreachable decision and retries it with growing delays until it lands', async () => {
    const storage = memoryStorage();
    const { send } = server(down, down, down, { kind: 'saved', record: record() });
    const { outbox, c } = makeOutbox(storage, send);
    await outbox.enqueue(decision());
    expect(send).toHaveBeenCalledTimes(1);
    const [entry] = outbox.snapshot().entries;
    expect(entry?.state).toMatchObject({ kind: 'pending', attempts: 1, lastError: down.message });
    expect(await storage.listOutbox()).toHaveLength(1);

    await c.advance(999);
    expect(send).toHaveBeenCalledTimes(1); // not before the first delay (1 s)
    await c.advance(1);
    expect(send).toHaveBeenCalledTimes(2);
    await c.advance(1999);
    expect(send).toHaveBeenCalledTimes(2); // second delay is 2 s
    await c.advance(1);
    expect(send).toHaveBeenCalledTimes(3);
    await c.advance(4000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(outbox.snapshot().entries).toEqual([]);
    expect(await storage.listOutbox()).toEqual([]);
    expect(c.pendingTimers()).toBe(0);
  });

  it('survives a reload: a new outbox over the same IndexedDB sends what the last one could not', async () => {
    const factory = new IDBFactory();
    const first = server(down);
    const one = makeOutbox(await openReviewStorage(factory), first.send);
    expect(one.outbox.storageKind).toBe('indexeddb');
    await one.outbox.enqueue(decision({ decision: 'rejected', note: 'wrong page' }));
    one.outbox.dispose();

    const second = server({ kind: 'saved', record: record({ decision: 'rejected', note: 'wrong page' }) });
    const two = makeOutbox(await openReviewStorage(factory), second.send);
    await two.outbox.start();
    expect(second.calls).toHaveLength(1);
    expect(second.calls[0]).toMatchObject({ claimId: 'c-1', decision: 'rejected', note: 'wrong page', baseVersion: 0 });
    expect(two.outbox.snapshot().entries).toEqual([]);

    const three = makeOutbox(await openReviewStorage(factory), server(down).send);
    await three.outbox.start();
    expect(three.outbox.snapshot().entries).toEqual([]);
  });

  it('retries at once when asked (the browser came back online), without waiting for the backoff', async () => {
    const { send } = server(down, down, { kind: 'saved', record: record() });
    const { outbox, c } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision());
    await c.advance(1000);
    expect(send).toHaveBeenCalledTimes(2);
    await outbox.retryNow();
    expect(send).toHaveBeenCalledTimes(3);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a 409 becomes a conflict that is never retried on its own; keeping mine re-sends over their version', async () => {
    const theirs = record({ decision: 'rejected', note: 'quote is on p. 5', version: 2, reviewer: 'ben' });
    const { send, calls } = server({ kind: 'conflict', current: theirs }, { kind: 'saved', record: record({ version: 3 }) });
    const { outbox, c, onServerRecord } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision({ baseVersion: 1 }));
    expect(outbox.snapshot().entries[0]?.state).toEqual({ kind: 'conflict', theirs });
    expect(onServerRecord).toHaveBeenCalledWith('a1', 'c-1', theirs);
    await c.advance(10 * 60_000);
    await outbox.retryNow();
    expect(send).toHaveBeenCalledTimes(1);

    // Deciding again while in conflict changes "yours" but still does not overwrite theirs.
    await outbox.enqueue(decision({ decision: 'follow-up', baseVersion: 2 }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.snapshot().entries[0]).toMatchObject({ decision: 'follow-up', state: { kind: 'conflict' } });

    await outbox.resolveConflict(entryKey('a1', 'c-1'), 'mine');
    expect(calls[1]).toMatchObject({ decision: 'follow-up', baseVersion: 2 });
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('keeping theirs drops my decision without sending anything', async () => {
    const theirs = record({ decision: 'rejected', version: 2 });
    const { send } = server({ kind: 'conflict', current: theirs });
    const storage = memoryStorage();
    const { outbox } = makeOutbox(storage, send);
    await outbox.enqueue(decision({ baseVersion: 1 }));
    await outbox.resolveConflict(entryKey('a1', 'c-1'), 'theirs');
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.snapshot().entries).toEqual([]);
    expect(await storage.listOutbox()).toEqual([]);
  });

  it('a 409 whose server record equals my decision counts as saved (a lost reply, another tab)', async () => {
    const { send } = server({ kind: 'conflict', current: record({ decision: 'verified', note: '', version: 5 }) });
    const { outbox } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision({ baseVersion: 4 }));
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a newer decision made while one is in flight is sent next, over the version the first one created', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: OutboxEntry[] = [];
    const send = vi.fn(async (e: OutboxEntry): Promise<SaveOutcome> => {
      calls.push(structuredClone(e));
      if (calls.length === 1) await gate;
      return { kind: 'saved', record: record({ decision: e.decision, version: e.baseVersion + 1 }) };
    });
    const { outbox } = makeOutbox(memoryStorage(), send);
    const first = outbox.enqueue(decision({ decision: 'verified', baseVersion: 0 }));
    await settle();
    expect(outbox.snapshot().sending.has(entryKey('a1', 'c-1'))).toBe(true);
    const second = outbox.enqueue(decision({ decision: 'rejected', baseVersion: 0 }));
    release();
    await Promise.all([first, second]);
    expect(calls.map((c) => [c.decision, c.baseVersion])).toEqual([
      ['verified', 0],
      ['rejected', 1],
    ]);
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('a newer decision made while a retried save was in flight goes over it when the 409 shows that save landed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: OutboxEntry[] = [];
    // The first reply was lost: the retry of "rejected" meets its own stored record (version 1) as a conflict.
    const send = vi.fn(async (e: OutboxEntry): Promise<SaveOutcome> => {
      calls.push(structuredClone(e));
      if (calls.length === 1) {
        await gate;
        return { kind: 'conflict', current: record({ decision: 'rejected', note: '', version: 1 }) };
      }
      return { kind: 'saved', record: record({ decision: e.decision, note: e.note, version: e.baseVersion + 1 }) };
    });
    const { outbox } = makeOutbox(memoryStorage(), send);
    const first = outbox.enqueue(decision({ decision: 'rejected', note: '', baseVersion: 0 }));
    await settle();
    // The reviewer undoes it while the save is on its way.
    const undo = outbox.enqueue(decision({ decision: null, note: '', baseVersion: 0 }));
    release();
    await Promise.all([first, undo]);
    expect(calls.map((c) => [c.decision, c.baseVersion])).toEqual([
      ['rejected', 0],
      [null, 1],
    ]);
    // No conflict for the reviewer to settle: the undo is stored.
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('an undo pressed after a save landed but before the page showed it goes over that save, not into a conflict with it', async () => {
    // A server that refuses any save not made over its current version, as the real one does (If-Match).
    let stored = 0;
    const calls: OutboxEntry[] = [];
    const send = vi.fn(async (e: OutboxEntry): Promise<SaveOutcome> => {
      calls.push(structuredClone(e));
      if (e.baseVersion !== stored) return { kind: 'conflict', current: record({ decision: 'rejected', version: stored }) };
      stored += 1;
      return { kind: 'saved', record: record({ decision: e.decision, note: e.note, version: stored }) };
    });
    // The browser's storage is slow to forget the sent decision (IndexedDB under load): the reply is in, the screen
    // still shows the decision as unsent, made over version 0.
    const base = memoryStorage();
    let releaseDelete!: () => void;
    const deleted = new Promise<void>((r) => (releaseDelete = r));
    const storage: ReviewStorage = { ...base, deleteOutbox: async (key) => (await deleted, base.deleteOutbox(key)) };
    const { outbox } = makeOutbox(storage, send);
    const first = outbox.enqueue(decision({ decision: 'rejected', baseVersion: 0 }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await settle();
    const undo = outbox.enqueue(decision({ decision: null, baseVersion: 0 }));
    releaseDelete();
    await Promise.all([first, undo]);
    expect(calls.map((c) => [c.decision, c.baseVersion])).toEqual([
      ['rejected', 0],
      [null, 1],
    ]);
    expect(outbox.snapshot().entries).toEqual([]);
    expect(stored).toBe(2);
  });

  it('a 404 moves the decision to local-only storage', async () => {
    const storage = memoryStorage();
    const { send } = server({ kind: 'not-held' });
    const { outbox, onNotHeld } = makeOutbox(storage, send);
    await outbox.enqueue(decision({ decision: 'follow-up', note: 'ask legal' }));
    expect(outbox.snapshot().entries).toEqual([]);
    const local = await storage.listLocal('a1');
    expect(local).toEqual([expect.objectContaining({ claimId: 'c-1', decision: 'follow-up', note: 'ask legal', version: 1 })]);
    expect(onNotHeld).toHaveBeenCalledWith(local[0]);
  });

  it('a refused decision is kept, with the reason, until discarded', async () => {
    const error = new ApiError({ kind: 'http', status: 422, url: 'x', message: 'The server refused the decision (HTTP 422).' });
    const { send } = server({ kind: 'refused', error });
    const { outbox, c } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision());
    expect(outbox.snapshot().entries[0]?.state).toEqual({ kind: 'failed', message: error.message });
    await c.advance(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    await outbox.discard(entryKey('a1', 'c-1'));
    expect(outbox.snapshot().entries).toEqual([]);
  });

  it('works in memory when IndexedDB is refused, and says why', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const storage = await openReviewStorage(refusing);
    expect(storage.kind).toBe('memory');
    expect(storage.reason).toEqual({ kind: 'refused', detail: expect.stringMatching(/SecurityError/) });
    expect((await openReviewStorage(null)).kind).toBe('memory');
    const { send } = server(down);
    const { outbox } = makeOutbox(storage, send);
    await outbox.enqueue(decision());
    expect(await storage.listOutbox()).toHaveLength(1);
  });

  it('keeps going in memory when a write fails after opening, and reports it', async () => {
    const storage: ReviewStorage = { ...memoryStorage(), putOutbox: async () => Promise.reject(new Error('QuotaExceededError')) };
    const { outbox } = makeOutbox(storage, server(down).send);
    await outbox.enqueue(decision());
    expect(outbox.snapshot().entries).toHaveLength(1);
    expect(outbox.snapshot().storageProblem).toMatch(/QuotaExceededError/);
  });

  it('sends every attempt of one decision under one id, and a new decision under a new one (Idempotency-Key)', async () => {
    const { send, calls } = server(down, down, { kind: 'saved', record: record() });
    const { outbox, c } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision());
    await c.advance(1000);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.saveId).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[1]!.saveId).toBe(calls[0]!.saveId);
    await outbox.enqueue(decision({ decision: 'rejected' }));
    expect(calls[2]!.saveId).not.toBe(calls[0]!.saveId);
  });

  it('gives an entry stored by an older version an id when it loads it', async () => {
    const storage = memoryStorage();
    const { saveId: _old, ...legacy } = {
      ...decision(),
      key: entryKey('a1', 'c-1'),
      decidedAt: 1,
      seq: 1,
      saveId: 'x',
      state: { kind: 'pending' as const, attempts: 1, nextAttemptAt: 0 },
    };
    void _old;
    await storage.putOutbox(legacy);
    const { send, calls } = server({ kind: 'saved', record: record() });
    await makeOutbox(storage, send).outbox.start();
    expect(calls[0]!.saveId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("waits for the server's Retry-After (a 429, a 503 of its storage), and keeps what the server said is wrong", async () => {
    const storageDown: SaveOutcome = {
      kind: 'unreachable',
      message: 'The server could not save (HTTP 503). Decisions cannot be stored right now: the disk is full.',
      retryAfterMs: 30_000,
      problem: 'storage',
    };
    const { send } = server(storageDown, { kind: 'saved', record: record() });
    const { outbox, c } = makeOutbox(memoryStorage(), send);
    await outbox.enqueue(decision());
    expect(outbox.snapshot().entries[0]!.state).toMatchObject({ kind: 'pending', attempts: 1, problem: 'storage', lastError: storageDown.message });
    await c.advance(29_000);
    expect(send).toHaveBeenCalledTimes(1);
    await c.advance(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.snapshot().entries).toEqual([]);
  });
});
