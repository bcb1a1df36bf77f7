import { ConfigError } from '../node/config-error.ts';
import { parseRateLimit, type RateLimit } from './rate-limit.ts';

// The server's limits on what one client may make it do (issue 34, breaks 8 and 9; docs/security.md lists them).
// Each has a variable; an unusable value stops the server with exit code 2, naming it.

export interface ServerLimits {
  /** Questions (POST /api/ask and /api/chat together) per client: CITELENS_RATE_ASK. */
  ask: RateLimit;
  /** Review saves per client: CITELENS_RATE_SAVES. */
  saves: RateLimit;
  /** Signed-link exchanges (POST /api/embed/session) per client: CITELENS_RATE_EMBED. */
  embedExchanges: RateLimit;
  /** Live embed sessions per signed link (a new one replaces that link's oldest): CITELENS_EMBED_SESSIONS_PER_LINK. */
  embedSessionsPerLink: number;
  /** Live embed sessions per portal origin (past it, 429): CITELENS_EMBED_SESSIONS_PER_ORIGIN. */
  embedSessionsPerOrigin: number;
  /** Asked answers kept in answers/ (the oldest unreviewed go first); 0: no cap. CITELENS_ASK_MAX_ANSWERS. */
  askMaxAnswers: number;
  /** Days an unreviewed asked answer is kept; 0: no limit. CITELENS_ASK_MAX_AGE_DAYS. */
  askMaxAgeDays: number;
  /** X-Forwarded-For's last address is the client (only behind a proxy that sets it): CITELENS_TRUST_PROXY=1. */
  trustProxy: boolean;
}

export const DEFAULT_LIMITS: ServerLimits = {
  ask: { perMinute: 30, burst: 10 },
  saves: { perMinute: 600, burst: 120 },
  embedExchanges: { perMinute: 30, burst: 10 },
  embedSessionsPerLink: 100,
  embedSessionsPerOrigin: 5000,
  askMaxAnswers: 10_000,
  askMaxAgeDays: 0,
  trustProxy: false,
};

function count(env: NodeJS.ProcessEnv, variable: string, fallback: number, min: number, max: number): number {
  const text = env[variable]?.trim();
  if (!text) return fallback;
  const n = Number(text);
  if (!/^\d{1,9}$/.test(text) || n < min || n > max) throw new ConfigError(`${variable} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** Reads the limits' variables; throws ConfigError (a message safe to print) for an unusable one. */
export function readLimitsEnv(env: NodeJS.ProcessEnv): ServerLimits {
  const trust = env.CITELENS_TRUST_PROXY?.trim() ?? '';
  if (!['', '0', '1'].includes(trust)) throw new ConfigError('CITELENS_TRUST_PROXY must be 1 (behind a reverse proxy that sets X-Forwarded-For) or 0.');
  return {
    ask: parseRateLimit(env.CITELENS_RATE_ASK, 'CITELENS_RATE_ASK', DEFAULT_LIMITS.ask),
    saves: parseRateLimit(env.CITELENS_RATE_SAVES, 'CITELENS_RATE_SAVES', DEFAULT_LIMITS.saves),
    embedExchanges: parseRateLimit(env.CITELENS_RATE_EMBED, 'CITELENS_RATE_EMBED', DEFAULT_LIMITS.embedExchanges),
    embedSessionsPerLink: count(env, 'CITELENS_EMBED_SESSIONS_PER_LINK', DEFAULT_LIMITS.embedSessionsPerLink, 1, 100_000),
    embedSessionsPerOrigin: count(env, 'CITELENS_EMBED_SESSIONS_PER_ORIGIN', DEFAULT_LIMITS.embedSessionsPerOrigin, 1, 1_000_000),
    askMaxAnswers: count(env, 'CITELENS_ASK_MAX_ANSWERS', DEFAULT_LIMITS.askMaxAnswers, 0, 10_000_000),
    askMaxAgeDays: count(env, 'CITELENS_ASK_MAX_AGE_DAYS', DEFAULT_LIMITS.askMaxAgeDays, 0, 36_500),
    trustProxy: trust === '1',
  };
}
