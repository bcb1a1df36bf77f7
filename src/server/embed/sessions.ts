import { createHash, randomBytes } from 'node:crypto';

// Short-lived bearer tokens handed out for a valid signed embed link (POST /api/embed/session). Each one reads
// one answer and the documents that answer names, nothing else. The server keeps them in the review database
// (sessions-db.ts, issue 39: a restart keeps them, every replica knows them); the memory store below keeps the same
// rules for a server started without a database (tests, createApp without `sessions`).
//
// Bounded per link and per origin (issue 34, break 8): one leaked link exchanged 10,050 times in 52 s evicted every
// live session of the server, a victim's among them (the oldest went first, whoever's it was). Now a link holds at
// most `perLink` sessions, a new one replacing that link's own oldest; a portal origin at most `perOrigin`, and the
// server at most `max`: past those, the exchange is refused (429). No exchange ever ends another link's session.

export const DEFAULT_SESSION_TTL_SECONDS = 30 * 60;
const MAX_SESSIONS = 10_000;

export interface EmbedGrant {
  answer: string;
  documents: ReadonlySet<string>;
  origin: string;
}

interface Stored extends EmbedGrant {
  /** Unix milliseconds. */
  expiresAt: number;
  /** The signed link it was exchanged for (its signature). */
  link: string;
}

export interface EmbedSessionLimits {
  ttlSeconds?: number;
  now?: () => number;
  /** Sessions per signed link (default 100): a new one replaces the link's oldest. */
  perLink?: number;
  /** Sessions per portal origin (default 5,000): past it, refused. */
  perOrigin?: number;
  /** Sessions in all (default 10,000): past it, refused. */
  max?: number;
}

export type CreatedSession = { kind: 'created'; token: string; expiresAt: number } | { kind: 'refused'; why: 'origin' | 'server' };

export interface EmbedSessionStore {
  /** A session for `grant`, exchanged for the signed link `link` (its signature). */
  create(grant: EmbedGrant, link: string): Promise<CreatedSession>;
  /** The grant of a live token, or undefined (unknown or expired). */
  find(token: string): Promise<EmbedGrant | undefined>;
}

/** Makes a store with the given limits: the database's or the memory one (app.ts picks). */
export type EmbedSessionStoreFactory = (limits: EmbedSessionLimits) => EmbedSessionStore;

export const EMBED_SESSION_DEFAULTS = { perLink: 100, perOrigin: 5000, max: MAX_SESSIONS } as const;

/** Stores are keyed by the token's SHA-256, so a lookup's timing says nothing usable about a real token. */
export const tokenDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const digest = tokenDigest;

/** A new token: 32 random bytes. */
export const newSessionToken = () => randomBytes(32).toString('base64url');

export class EmbedSessions implements EmbedSessionStore {
  readonly #byDigest = new Map<string, Stored>();
  /** Each link's sessions, oldest first (digests). */
  readonly #byLink = new Map<string, string[]>();
  readonly #perOrigin = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #perLink: number;
  readonly #originCap: number;
  readonly #max: number;

  constructor(options: EmbedSessionLimits = {}) {
    this.#ttlMs = (options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS) * 1000;
    this.#now = options.now ?? Date.now;
    this.#perLink = options.perLink ?? EMBED_SESSION_DEFAULTS.perLink;
    this.#originCap = options.perOrigin ?? EMBED_SESSION_DEFAULTS.perOrigin;
    this.#max = options.max ?? EMBED_SESSION_DEFAULTS.max;
  }

  async create(grant: EmbedGrant, link: string): Promise<CreatedSession> {
    this.#prune();
    // The link's own oldest session makes room; nobody else's ever does.
    for (let ofLink = this.#byLink.get(link) ?? []; ofLink.length >= this.#perLink; ofLink = this.#byLink.get(link) ?? []) {
      const oldest = ofLink[0];
      if (oldest === undefined) break;
      this.#delete(oldest);
    }
    if ((this.#perOrigin.get(grant.origin) ?? 0) >= this.#originCap) return { kind: 'refused', why: 'origin' };
    if (this.#byDigest.size >= this.#max) return { kind: 'refused', why: 'server' };
    const token = newSessionToken();
    const expiresAt = this.#now() + this.#ttlMs;
    const key = digest(token);
    this.#byDigest.set(key, { ...grant, expiresAt, link });
    this.#byLink.set(link, [...(this.#byLink.get(link) ?? []), key]);
    this.#perOrigin.set(grant.origin, (this.#perOrigin.get(grant.origin) ?? 0) + 1);
    return { kind: 'created', token, expiresAt };
  }

  get size(): number {
    return this.#byDigest.size;
  }

  async find(token: string): Promise<EmbedGrant | undefined> {
    const key = digest(token);
    const s = this.#byDigest.get(key);
    if (!s) return undefined;
    if (this.#now() >= s.expiresAt) {
      this.#delete(key);
      return undefined;
    }
    return { answer: s.answer, origin: s.origin, documents: s.documents };
  }

  #delete(key: string): void {
    const s = this.#byDigest.get(key);
    if (!s) return;
    this.#byDigest.delete(key);
    const ofLink = (this.#byLink.get(s.link) ?? []).filter((k) => k !== key);
    if (ofLink.length > 0) this.#byLink.set(s.link, ofLink);
    else this.#byLink.delete(s.link);
    const left = (this.#perOrigin.get(s.origin) ?? 1) - 1;
    if (left > 0) this.#perOrigin.set(s.origin, left);
    else this.#perOrigin.delete(s.origin);
  }

  #prune(): void {
    const now = this.#now();
    // Insertion order is expiry order (one TTL for all): stop at the first live session.
    for (const [key, s] of this.#byDigest) {
      if (now < s.expiresAt) break;
      this.#delete(key);
    }
  }
}
