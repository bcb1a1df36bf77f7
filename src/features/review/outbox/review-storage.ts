import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import type { LocalRecord, OutboxEntry, ReviewStorage, StorageRefusal } from './outbox-types.ts';

// IndexedDB through `idb`, with an in-memory stand-in for browsers that refuse storage (a sandboxed iframe throws
// SecurityError on `indexedDB.open`, private modes may refuse quota). The stand-in behaves the same for this
// session and says why, so the panel can tell the reviewer that decisions will not survive a reload.

const DB_NAME = 'citelens-review';
const DB_VERSION = 1;

interface ReviewDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
  local: { key: string; value: LocalRecord; indexes: { answerId: string } };
}

export function memoryStorage(reason?: StorageRefusal): ReviewStorage {
  const outbox = new Map<string, OutboxEntry>();
  const local = new Map<string, LocalRecord>();
  // structuredClone: callers must not be able to change what is "stored" by mutating an object afterwards.
  return {
    kind: 'memory',
    ...(reason !== undefined && { reason }),
    listOutbox: async () => [...outbox.values()].map((e) => structuredClone(e)),
    putOutbox: async (entry) => void outbox.set(entry.key, structuredClone(entry)),
    deleteOutbox: async (key) => void outbox.delete(key),
    listLocal: async (answerId) => [...local.values()].filter((r) => r.answerId === answerId).map((r) => structuredClone(r)),
    putLocal: async (record) => void local.set(record.key, structuredClone(record)),
  };
}

function idbStorage(db: IDBPDatabase<ReviewDb>): ReviewStorage {
  return {
    kind: 'indexeddb',
    listOutbox: () => db.getAll('outbox'),
    putOutbox: async (entry) => void (await db.put('outbox', entry)),
    deleteOutbox: (key) => db.delete('outbox', key),
    listLocal: (answerId) => db.getAllFromIndex('local', 'answerId', answerId),
    putLocal: async (record) => void (await db.put('local', record)),
  };
}

/** Opens the review database, or falls back to memory with the reason. Never throws. */
export async function openReviewStorage(factory?: IDBFactory | null): Promise<ReviewStorage> {
  let idb: IDBFactory | null | undefined;
  try {
    // Reading the global itself throws in some sandboxed frames.
    idb = factory === undefined ? globalThis.indexedDB : factory;
  } catch (e) {
    return memoryStorage({ kind: 'refused', detail: e instanceof Error ? e.message : String(e) });
  }
  if (!idb) return memoryStorage({ kind: 'absent' });
  try {
    // idb's openDB always uses the global factory; opening by hand lets tests (and embedders) pass their own.
    const request = idb.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const database = request.result;
      database.createObjectStore('outbox', { keyPath: 'key' });
      database.createObjectStore('local', { keyPath: 'key' }).createIndex('answerId', 'answerId');
    };
    // Another tab holds an older version open; say so rather than wait in silence.
    request.onblocked = () => console.warn('citelens: the review database is held open by another tab');
    const db = (await wrap(request)) as IDBPDatabase<ReviewDb> | undefined;
    if (!db) throw new Error('the database did not open');
    // A write the browser refuses (quota, private mode) shows up here rather than at the reviewer's first decision.
    await db.count('outbox');
    return idbStorage(db);
  } catch (e) {
    return memoryStorage({ kind: 'refused', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
  }
}
