import { randomUUID } from 'node:crypto';

// `POST /api/chat` sessions (persian_rag's shape): the last turns only, gone after some idle time, and never more than
// `max` at once (the least recently used goes first). A session belongs to whoever started it: with API tokens,
// another subject's session id is unknown to you. Two stores keep the same rules: the review database
// (chat-sessions-db.ts), which a restart and every replica share, and the memory one below, for a server started
// without a database (tests, createApp without `sessions`).

export interface ChatTurn {
  question: string;
  standaloneQuestion: string;
  answerId: string;
}

export interface ChatSession {
  id: string;
  subject: string;
  /** The last turns, oldest first (at most `maxTurns`). */
  turns: ChatTurn[];
}

export interface ChatSessionOptions {
  /** Idle time after which a session is forgotten (default 30 minutes). */
  ttlMs?: number;
  /** Most sessions kept at once (default 1000). */
  max?: number;
  /** Turns kept per session (default 10). */
  maxTurns?: number;
  now?: () => number;
}

export interface ChatSessionStore {
  create(subject: string): Promise<ChatSession>;
  /** The session, if it is live and `subject`'s; using it counts as activity. */
  get(id: string, subject: string): Promise<ChatSession | undefined>;
  addTurn(session: ChatSession, turn: ChatTurn): Promise<void>;
  /** False when there is no such session of `subject`'s. */
  delete(id: string, subject: string): Promise<boolean>;
}

/** Makes a store with the given rules: the database's or the memory one (app.ts picks). */
export type ChatSessionStoreFactory = (options: ChatSessionOptions) => ChatSessionStore;

export const CHAT_SESSION_DEFAULTS = { ttlMs: 30 * 60_000, max: 1000, maxTurns: 10 } as const;

interface Held extends ChatSession {
  lastUsed: number;
}

export function createMemoryChatSessions(o: ChatSessionOptions = {}): ChatSessionStore {
  const sessions = new Map<string, Held>();
  const ttlMs = o.ttlMs ?? CHAT_SESSION_DEFAULTS.ttlMs;
  const max = o.max ?? CHAT_SESSION_DEFAULTS.max;
  const maxTurns = o.maxTurns ?? CHAT_SESSION_DEFAULTS.maxTurns;
  const now = o.now ?? Date.now;
  const sweep = () => {
    const cutoff = now() - ttlMs;
    for (const [id, s] of sessions) if (s.lastUsed < cutoff) sessions.delete(id);
  };
  return {
    async create(subject) {
      sweep();
      while (sessions.size >= max) {
        const oldest = sessions.keys().next().value;
        if (oldest === undefined) break;
        sessions.delete(oldest);
      }
      const session: Held = { id: randomUUID(), subject, turns: [], lastUsed: now() };
      sessions.set(session.id, session);
      return session;
    },
    async get(id, subject) {
      sweep();
      const s = sessions.get(id);
      if (!s || s.subject !== subject) return undefined;
      // re-insert: the Map's order is the eviction order
      sessions.delete(id);
      s.lastUsed = now();
      sessions.set(id, s);
      return s;
    },
    async addTurn(session, turn) {
      const held = sessions.get(session.id);
      // `session` may be a copy (or forgotten meanwhile): the held one is what the next get() reads
      const target = held ?? session;
      target.turns.push(turn);
      if (target.turns.length > maxTurns) target.turns.splice(0, target.turns.length - maxTurns);
      if (held) held.lastUsed = now();
    },
    async delete(id, subject) {
      const s = sessions.get(id);
      if (!s || s.subject !== subject) return false;
      return sessions.delete(id);
    },
  };
}
