import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Answer } from '../../core/model/types.ts';
import { listInside, readJsonInside, statInside } from '../data-folder.ts';
import type { AskedAnswer, AskedAnswerCatalog } from './retention.ts';

// Asked answers are ordinary answer files, `answers/<id>.json`, so `GET /api/answers/:id`, the answer list and deep
// links treat them like any other. Threads are read back from the files' `thread` fields (cached by mtime); an
// answer without one (a demo answer followed up on) is the first turn of its own thread. Reads go through the data
// folder's one opener (src/server/data-folder.ts); a write is a temp file renamed over, removed again when it fails.

export interface StoredTurnInfo {
  id: string;
  question?: string;
  standaloneQuestion?: string;
  thread?: { id: string; turn: number };
}

export interface ThreadTurn {
  answerId: string;
  question: string;
  turn: number;
}

/** An answer could not be written (full disk, read-only folder): the message names the file and the cause. */
export class AnswerStoreError extends Error {
  override readonly name = 'AnswerStoreError';
}

/** The operating system's reason in words an operator recognises (`ENOSPC` → "the disk is full (ENOSPC)"). */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is exhausted',
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'the operation is not permitted',
    EIO: 'an input/output error',
  };
  const reason = code ? reasons[code] : undefined;
  return reason ? `${reason} (${code})` : e instanceof Error ? e.message : String(e);
}

export function newAnswerId(now = Date.now()): string {
  return `ask-${now.toString(36)}-${randomBytes(4).toString('hex')}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function turnInfo(id: string, parsed: unknown): StoredTurnInfo {
  if (!isRecord(parsed)) return { id };
  const t = parsed.thread;
  const thread =
    isRecord(t) && typeof t.id === 'string' && typeof t.turn === 'number' && Number.isInteger(t.turn) && t.turn >= 1
      ? { id: t.id, turn: t.turn }
      : undefined;
  return {
    id,
    ...(typeof parsed.question === 'string' && { question: parsed.question }),
    ...(typeof parsed.standaloneQuestion === 'string' && { standaloneQuestion: parsed.standaloneQuestion }),
    ...(thread && { thread }),
  };
}

/** When an asked answer was asked, from its id (`ask-<ms base36>-<hex>`); null for any other id. */
export function askedAt(id: string): number | null {
  const m = /^ask-([0-9a-z]{1,11})-[0-9a-f]{8}$/.exec(id);
  return m?.[1] ? parseInt(m[1], 36) : null;
}

export class AnswerStore implements AskedAnswerCatalog {
  private readonly infos = new Map<string, { stamp: string; info: StoredTurnInfo }>();
  private readonly locks = new Map<string, Promise<unknown>>();

  private readonly dataDir: string;

  constructor(private readonly answersDir: string) {
    this.dataDir = path.dirname(answersDir);
  }

  /** The thread fields of one stored answer; null when there is no such (readable) answer. */
  async info(id: string): Promise<StoredTurnInfo | null> {
    const file = path.join(this.answersDir, `${id}.json`);
    const s = await statInside(this.dataDir, file);
    if (s.kind !== 'file') return null;
    const stamp = `${s.stats.ino}:${s.stats.mtimeMs}:${s.stats.size}`;
    const cached = this.infos.get(id);
    if (cached?.stamp === stamp) return cached.info;
    // Inside the data folder only, size- and depth-capped, like GET /api/answers/:id (src/server/data-folder.ts).
    const read = await readJsonInside(this.dataDir, file);
    const info = turnInfo(id, read.kind === 'ok' ? read.value : null);
    this.infos.set(id, { stamp, info });
    return info;
  }

  /**
   * Writes `answers/<id>.json` whole or not at all (a reader never sees half a file). A failed write (a full disk)
   * leaves no temp file behind and throws AnswerStoreError naming the file and the cause.
   */
  async save(answer: Answer): Promise<void> {
    const file = path.join(this.answersDir, `${answer.id}.json`);
    const tmp = path.join(this.answersDir, `.${answer.id}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await mkdir(this.answersDir, { recursive: true });
      await writeFile(tmp, `${JSON.stringify({ format: 'citelens/1', ...answer }, null, 2)}\n`, { flag: 'wx' });
      await rename(tmp, file);
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw new AnswerStoreError(`cannot store answers/${answer.id}.json: ${describeFsError(e)}`, { cause: e });
    }
  }

  /** Every asked answer in the folder (its id says when it was asked): for the cap and retention (retention.ts). */
  async askedAnswers(): Promise<AskedAnswer[]> {
    const out: AskedAnswer[] = [];
    for (const name of (await listInside(this.dataDir, this.answersDir)) ?? []) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      const createdAt = askedAt(id);
      if (createdAt !== null) out.push({ id, createdAt });
    }
    return out;
  }

  /** Removes an asked answer's file (never another kind of answer). */
  async remove(id: string): Promise<void> {
    if (askedAt(id) === null) throw new Error(`${id} is not an asked answer`);
    this.infos.delete(id);
    await unlink(path.join(this.answersDir, `${id}.json`)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }

  /** Removes temp files a crash left behind (older than `olderThanMs`): `.ask-….tmp` of saves that never finished. */
  async sweepTempFiles(olderThanMs = 60_000, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of (await listInside(this.dataDir, this.answersDir)) ?? []) {
      if (!/^\..+\.[0-9a-f]{8}\.tmp$/.test(name)) continue;
      const file = path.join(this.answersDir, name);
      const s = await statInside(this.dataDir, file);
      if (s.kind !== 'file' || now - s.stats.mtimeMs < olderThanMs) continue;
      if (await unlink(file).then(() => true, () => false)) removed++;
    }
    return removed;
  }

  /** The turns of the thread whose root is `rootId`, by turn; the root first even when it has no thread field. */
  async thread(rootId: string): Promise<ThreadTurn[]> {
    const names = (await listInside(this.dataDir, this.answersDir)) ?? [];
    const turns: ThreadTurn[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith('.')) continue;
      const info = await this.info(name.slice(0, -'.json'.length));
      if (!info) continue;
      const inThread = info.thread ? info.thread.id === rootId : info.id === rootId;
      if (inThread) turns.push({ answerId: info.id, question: info.question ?? '', turn: info.thread?.turn ?? 1 });
    }
    return turns.sort((a, b) => a.turn - b.turn || (a.answerId < b.answerId ? -1 : 1));
  }

  /** Runs `fn` alone among calls for the same thread, so two follow-ups never get the same turn number. */
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
