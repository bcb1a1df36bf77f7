import { randomUUID } from 'node:crypto';

// `POST /api/chat` sessions (persian_rag's shape): in memory, the last turns only, gone after some idle time, and
// never more than `max` at once (the least recently used goes first). A session belongs to whoever started it: with
// API tokens, another subject's session id is unknown to you.

export interface ChatTurn {
  question: string;
  standaloneQuestion: string;
  answerId: string;
}

export interface ChatSession {
  id: string;
  subject: string;
  turns: ChatTurn[];
  lastUsed: number;
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

export class ChatSessions {
  private readonly sessions = new Map<string, ChatSession>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly maxTurns: number;
  private readonly now: () => number;

  constructor(o: ChatSessionOptions = {}) {
    this.ttlMs = o.ttlMs ?? 30 * 60_000;
    this.max = o.max ?? 1000;
    this.maxTurns = o.maxTurns ?? 10;
    this.now = o.now ?? Date.now;
  }

  create(subject: string): ChatSession {
    this.sweep();
    while (this.sessions.size >= this.max) {
      const oldest = this.sessions.keys().next().value;
      if (oldest === undefined) break;
      this.sessions.delete(oldest);
    }
    const session: ChatSession = { id: randomUUID(), subject, turns: [], lastUsed: this.now() };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string, subject: string): ChatSession | undefined {
    this.sweep();
    const s = this.sessions.get(id);
    if (!s || s.subject !== subject) return undefined;
    // re-insert: the Map's order is the eviction order
    this.sessions.delete(id);
    s.lastUsed = this.now();
    this.sessions.set(id, s);
    return s;
  }

  addTurn(session: ChatSession, turn: ChatTurn): void {
    session.turns.push(turn);
    if (session.turns.length > this.maxTurns) session.turns.splice(0, session.turns.length - this.maxTurns);
    session.lastUsed = this.now();
  }

  delete(id: string, subject: string): boolean {
    const s = this.sessions.get(id);
    if (!s || s.subject !== subject) return false;
    return this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    const cutoff = this.now() - this.ttlMs;
    for (const [id, s] of this.sessions) if (s.lastUsed < cutoff) this.sessions.delete(id);
  }
}
