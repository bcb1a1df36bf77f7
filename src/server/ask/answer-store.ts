import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { listInside, readJsonInside, statInside } from '../data-folder.ts';

// The data folder's answers as threads see them: their `thread` fields, read back (cached by mtime); an answer
// without one (a demo answer followed up on) is the first turn of its own thread. Reads go through the data folder's
// one opener (src/server/data-folder.ts). Nothing here writes: asked answers are stored in the database.

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

/** An asked answer could not be stored (a full disk, a database that does not answer): the message says why. */
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
    isRecord(t) && typeof t.id === 'string' && typeof t.turn === 'number' && Number.isInteger(t.turn) && t.turn >= 1 ? { id: t.id, turn: t.turn } : undefined;
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

/**
 * The data folder's answers, read only (issue 39: the folder is input; asked answers are in the database, see
 * answer-catalog.ts). A folder answer may be the first turn of a thread, or carry `thread` fields of its own (a
 * conversation a user provided, or an asked answer stored there by an earlier version).
 */
export class FolderAnswers {
  private readonly infos = new Map<string, { stamp: string; info: StoredTurnInfo }>();
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

  /** The folder's turns of the thread whose root is `rootId`; the root first even when it has no thread field. */
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
    return turns;
  }
}
