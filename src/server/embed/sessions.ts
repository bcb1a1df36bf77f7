import { createHash, randomBytes } from 'node:crypto';

// Short-lived bearer tokens handed out for a valid signed embed link (POST /api/embed/session). Each one reads
// one answer and the documents that answer names, nothing else. Kept in memory only: a restart ends every
// session, and the portal mints a new link (docs/embed.md).

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
}

/** The map is keyed by the token's SHA-256, so a lookup's timing says nothing usable about a real token. */
const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export class EmbedSessions {
  readonly #byDigest = new Map<string, Stored>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlSeconds?: number; now?: () => number } = {}) {
    this.#ttlMs = (options.ttlSeconds ?? DEFAULT_SESSION_TTL_SECONDS) * 1000;
    this.#now = options.now ?? Date.now;
  }

  create(grant: EmbedGrant): { token: string; expiresAt: number } {
    this.#prune();
    // Oldest first (Map keeps insertion order): a flood of sessions evicts old ones instead of growing memory.
    while (this.#byDigest.size >= MAX_SESSIONS) {
      const oldest = this.#byDigest.keys().next().value;
      if (oldest === undefined) break;
      this.#byDigest.delete(oldest);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = this.#now() + this.#ttlMs;
    this.#byDigest.set(digest(token), { ...grant, expiresAt });
    return { token, expiresAt };
  }

  /** The grant of a live token, or undefined (unknown or expired). */
  find(token: string): EmbedGrant | undefined {
    const key = digest(token);
    const s = this.#byDigest.get(key);
    if (!s) return undefined;
    if (this.#now() >= s.expiresAt) {
      this.#byDigest.delete(key);
      return undefined;
    }
    return s;
  }

  #prune(): void {
    const now = this.#now();
    for (const [key, s] of this.#byDigest) if (now >= s.expiresAt) this.#byDigest.delete(key);
  }
}
