import type { Hono } from 'hono';
import type { AuthVariables } from './auth-context.ts';
import { bearerAuth, parseApiTokens, type ApiToken } from './auth.ts';
import { opaqueOriginCors } from './embed/cors.ts';
import { parseEmbedOrigins } from '../node/embed/origins.ts';
import { mountEmbedRoutes } from './embed/routes.ts';
import { EmbedSessions, type EmbedSessionStoreFactory } from './embed/sessions.ts';
import { parseEmbedSecret } from '../node/embed/signed-link.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { RateLimiter } from './rate-limit.ts';

// Embedding and API access in one place (docs/embed.md): which portals may frame /embed, who may call /api,
// and signed embed links. createApp() mounts this before every other route, so no /api route escapes the
// token check, whoever adds it.

export interface SecurityOptions {
  /** Exact, normalized origins allowed to frame /embed (CITELENS_EMBED_ORIGINS). Empty: no framing at all. */
  embedOrigins?: readonly string[];
  /** API tokens (CITELENS_API_TOKENS). Empty: the API is open. */
  apiTokens?: readonly ApiToken[];
  /** HMAC key of signed embed links (CITELENS_EMBED_SECRET). Absent: signed links are refused. */
  embedSecret?: string;
  /** Origins the SPA may fetch from besides this server (CITELENS_CONNECT_ORIGINS): CSP connect-src. */
  connectOrigins?: readonly string[];
  /** Lifetime of an embed session token, seconds (default 30 min). */
  sessionTtlSeconds?: number;
  /** Clock, Unix milliseconds (tests). */
  now?: () => number;
}

/** Reads the three variables; throws ConfigError (a message safe to print) when one is unusable. */
export function readSecurityEnv(env: NodeJS.ProcessEnv): SecurityOptions {
  return {
    embedOrigins: parseEmbedOrigins(env.CITELENS_EMBED_ORIGINS),
    apiTokens: parseApiTokens(env.CITELENS_API_TOKENS),
    embedSecret: parseEmbedSecret(env.CITELENS_EMBED_SECRET),
    connectOrigins: parseEmbedOrigins(env.CITELENS_CONNECT_ORIGINS, 'CITELENS_CONNECT_ORIGINS'),
  };
}

/** Start-up warnings about settings that work but are probably not what was meant. Never includes a secret. */
export function securityWarnings(s: SecurityOptions): string[] {
  const out: string[] = [];
  const origins = s.embedOrigins ?? [];
  if (origins.length > 0 && (s.apiTokens ?? []).length === 0) {
    out.push(
      'CITELENS_EMBED_ORIGINS is set but CITELENS_API_TOKENS is not: the API is open, and sandboxed frames of any site ' +
        '(Origin: null) may read it. Set CITELENS_API_TOKENS unless every answer is public.',
    );
  }
  if (s.embedSecret !== undefined && origins.length === 0) {
    out.push('CITELENS_EMBED_SECRET is set but CITELENS_EMBED_ORIGINS is empty: every signed link will be refused.');
  }
  return out;
}

export interface MountSecurityOptions extends SecurityOptions {
  answersDir: string;
  /** An asked answer from the database (null when there is none): signed links may name one too. */
  askedAnswer?: (id: string) => Promise<unknown>;
  distDir: string | undefined;
  limits?: ServerLimits;
  /** Where embed sessions are kept: the review database (sessions-db.ts). Default: this process's memory. */
  embedSessions?: EmbedSessionStoreFactory;
}

/** Paths of the review API, whoever mounts it: `/api/review…` or `/api/…/review…`. */
const REVIEW_ROUTE = /^\/api\/(?:.*\/)?reviews?(?:\/|$)/;

export function mountSecurity(app: Hono<{ Variables: AuthVariables }>, o: MountSecurityOptions): void {
  const origins = o.embedOrigins ?? [];
  const tokens = o.apiTokens ?? [];
  const now = o.now ?? Date.now;
  const limits = o.limits ?? DEFAULT_LIMITS;
  const makeSessions = o.embedSessions ?? ((l) => new EmbedSessions(l));
  const sessions = makeSessions({
    now,
    perLink: limits.embedSessionsPerLink,
    perOrigin: limits.embedSessionsPerOrigin,
    ...(o.sessionTtlSeconds !== undefined && { ttlSeconds: o.sessionTtlSeconds }),
  });
  if (origins.length > 0) app.use('/api/*', opaqueOriginCors({ allowWrites: tokens.length > 0 }));
  app.use('/api/*', bearerAuth({ tokens, sessions, publicPaths: ['/api/config', '/api/embed/session'] }));
  mountEmbedRoutes(app, {
    answersDir: o.answersDir,
    ...(o.askedAnswer && { askedAnswer: o.askedAnswer }),
    distDir: o.distDir,
    origins,
    connectOrigins: o.connectOrigins ?? [],
    secret: o.embedSecret,
    sessions,
    authRequired: tokens.length > 0,
    hasReviewApi: () => app.routes.some((r) => REVIEW_ROUTE.test(r.path)),
    hasAskApi: () => app.routes.some((r) => r.path === '/api/ask'),
    now,
    exchangeLimiter: new RateLimiter(limits.embedExchanges, now),
    trustProxy: limits.trustProxy,
  });
}
