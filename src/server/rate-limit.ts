import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ConfigError } from '../node/config-error.ts';

// Rate limits per client (issue 34, breaks 8 and 9). On the default open API one client stored 6,597 answers in a
// minute, and one leaked signed link minted 10,050 embed sessions in 52 s. Each limited action has a token bucket per
// client: `burst` requests at once, then `perMinute` spread over the minute; past it, 429 with Retry-After. The client
// is the API token's subject when tokens are configured, else the connection's address (behind a reverse proxy, the
// address the proxy appended to X-Forwarded-For when CITELENS_TRUST_PROXY=1).

export interface RateLimit {
  /** Requests per minute, sustained; 0 turns the limit off. */
  perMinute: number;
  /** Requests allowed at once before the rate applies. */
  burst: number;
}

export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Token buckets by key. At most `maxKeys` are kept: the least recently used is forgotten (a full bucket, nothing lost). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one request's token for `key`, or says how long until one is available. */
  take(key: string): RateVerdict {
    if (this.limit.perMinute <= 0) return { ok: true };
    const now = this.now();
    const perMs = this.limit.perMinute / 60_000;
    const known = this.buckets.get(key);
    const bucket = known ? { tokens: Math.min(this.limit.burst, known.tokens + (now - known.at) * perMs), at: now } : { tokens: this.limit.burst, at: now };
    // Map order is the eviction order: a key used now moves to the end.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    while (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
  }
}

/**
 * `N` or `N/B` requests per minute with a burst of B (default: a quarter of N, at least 1); `0` or `off` turns it
 * off. Throws ConfigError naming the variable.
 */
export function parseRateLimit(value: string | undefined, variable: string, fallback: RateLimit): RateLimit {
  const text = value?.trim();
  if (!text) return fallback;
  if (text === '0' || text.toLowerCase() === 'off') return { perMinute: 0, burst: 0 };
  const m = /^(\d{1,7})(?:\/(\d{1,7}))?$/.exec(text);
  if (!m || Number(m[1]) < 1 || (m[2] !== undefined && Number(m[2]) < 1)) {
    throw new ConfigError(`${variable} must be requests per minute, optionally with a burst: "30" or "30/10" (or "off").`);
  }
  const perMinute = Number(m[1]);
  return { perMinute, burst: m[2] !== undefined ? Number(m[2]) : Math.max(1, Math.floor(perMinute / 4)) };
}

/** Who is asking, for the limits: the token's subject, else the client's address. */
export function clientKey(c: Context, trustProxy: boolean): string {
  const subject = (c.get as (k: string) => unknown)('tokenSubject');
  if (typeof subject === 'string') return `subject:${subject}`;
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return `address:${forwarded}`;
  }
  try {
    return `address:${getConnInfo(c).remote.address ?? 'unknown'}`;
  } catch {
    // Not over a socket (app.request in tests): one client.
    return 'address:local';
  }
}

/** 429 with Retry-After, in the API's error shape. */
export function tooManyRequests(c: Context, retryAfterSeconds: number, what: string): Response {
  c.header('Retry-After', String(retryAfterSeconds));
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: 'rate_limited', message: `Too many ${what}: try again in ${retryAfterSeconds} s.` } }, 429);
}
