import path from 'node:path';
import type { Hono } from 'hono';
import type { AppConfig } from '../../api/config-schema.ts';
import { embedSessionRequestSchema, type EmbedSessionResponse } from '../../api/embed-session-schema.ts';
import type { AuthVariables } from '../auth-context.ts';
import { readJsonInside } from '../data-folder.ts';
import { serveInside } from '../files.ts';
import { clientKey, tooManyRequests, type RateLimiter } from '../rate-limit.ts';
import { contentSecurityPolicy } from './csp.ts';
import { linkRefusedPage } from './error-page.ts';
import type { CreatedSession, EmbedSessionStore } from './sessions.ts';
import { sessionStoreDown } from '../auth.ts';
import { verifyLink, type LinkVerdict } from '../../node/embed/signed-link.ts';

// The embed entry points (docs/embed.md): the SPA at /embed with its own frame-ancestors, the /?embed=1
// redirect, GET /api/config and POST /api/embed/session. Query strings (which hold `sig`) are never logged.

export interface EmbedRoutesOptions {
  answersDir: string;
  /** An asked answer from the database (null when there is none). */
  askedAnswer?: (id: string) => Promise<unknown>;
  distDir: string | undefined;
  origins: readonly string[];
  /** Extra connect-src origins of the SPA's pages (CITELENS_CONNECT_ORIGINS). */
  connectOrigins?: readonly string[];
  secret: string | undefined;
  sessions: EmbedSessionStore;
  authRequired: boolean;
  /** Whether the review API is mounted, asked per request (routes may be added after this module's). */
  hasReviewApi: () => boolean;
  /** Whether the ask API (`POST /api/ask`, src/server/ask) is mounted, asked per request likewise. */
  hasAskApi: () => boolean;
  /** Unix milliseconds. */
  now: () => number;
  /** Exchanges per client (429 past it). */
  exchangeLimiter?: RateLimiter;
  trustProxy?: boolean;
}

/** Document ids an answer file names: `documents[].id`, and stored URLs that point at our /api/documents/. */
export function answerDocumentIds(answerId: string, stored: unknown): Set<string> {
  const ids = new Set<string>();
  const docs = (stored as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(docs)) return ids;
  const answerUrl = `http://server/api/answers/${encodeURIComponent(answerId)}`;
  for (const d of docs as unknown[]) {
    if (typeof d !== 'object' || d === null) continue;
    const { id, url } = d as { id?: unknown; url?: unknown };
    if (typeof url === 'string') {
      try {
        const u = new URL(url, answerUrl);
        const m = /^\/api\/documents\/([^/]+)$/.exec(u.pathname);
        if (u.origin === 'http://server' && m?.[1]) ids.add(decodeURIComponent(m[1]));
      } catch {
        // not a URL we serve
      }
    } else if (typeof id === 'string') ids.add(id);
  }
  return ids;
}

function verdictFor(o: EmbedRoutesOptions, get: (name: string) => string | undefined): LinkVerdict {
  if (o.secret === undefined) return { ok: false, reason: 'invalid' };
  return verifyLink({ answer: get('answer'), origin: get('origin'), exp: get('exp'), sig: get('sig') }, o.secret, o.origins, Math.floor(o.now() / 1000));
}

export function mountEmbedRoutes(app: Hono<{ Variables: AuthVariables }>, o: EmbedRoutesOptions): void {
  // `/?embed=1&answer=x` → `/embed?answer=x`: one entry point for portals that only add a parameter.
  app.get('/', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.searchParams.get('embed') !== '1') return next();
    url.searchParams.delete('embed');
    const rest = url.searchParams.toString();
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/embed${rest ? `?${rest}` : ''}`, 302);
  });

  app.get('/embed', async (c) => {
    const isHead = c.req.method === 'HEAD';
    let framers = o.origins;
    let cache = 'no-cache';
    if (c.req.query('sig') !== undefined) {
      const verdict = verdictFor(o, (n) => c.req.query(n));
      if (!verdict.ok) return linkRefusedPage(verdict.reason === 'expired' ? 'expired' : 'invalid', o.origins, isHead);
      // A signed link is for one portal: only that origin may frame it.
      framers = [verdict.claims.origin];
      cache = 'no-store';
    }
    if (!o.distDir) return c.text('Not found.', 404);
    const indexHtml = path.join(o.distDir, 'index.html');
    const response = await serveInside(c.req.raw, o.distDir, indexHtml, {
      whileChanging: () => c.text('The app is being replaced; try again in a moment.', 503, { 'Retry-After': '1' }),
      headers: {
        'Cache-Control': cache,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        // No X-Frame-Options here: it cannot name several origins, and modern browsers obey frame-ancestors.
        'Content-Security-Policy': contentSecurityPolicy(framers, o.connectOrigins),
      },
    });
    return response ?? c.text('Not found (the SPA is not built: run `npm run build`).', 404);
  });

  app.get('/api/config', (c) => {
    const config: AppConfig = {
      embedOrigins: [...o.origins],
      features: { review: o.hasReviewApi(), ask: o.hasAskApi() },
      auth: { required: o.authRequired },
    };
    c.header('Cache-Control', 'no-cache');
    return c.json(config);
  });

  app.post('/api/embed/session', async (c) => {
    c.header('Cache-Control', 'no-store');
    const allowed = o.exchangeLimiter?.take(clientKey(c, o.trustProxy ?? false));
    if (allowed && !allowed.ok) return tooManyRequests(c, allowed.retryAfterSeconds, 'embed session requests');
    const fail = (status: 400 | 403 | 404, code: string, message: string) => c.json({ error: { code, message } }, status);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return fail(400, 'bad_request', 'Send the link parameters as JSON: { "answer", "origin", "exp", "sig" }.');
    }
    const parsed = embedSessionRequestSchema.safeParse(body);
    if (!parsed.success) return fail(400, 'bad_request', 'Send the link parameters as JSON: { "answer", "origin", "exp", "sig" }.');
    const link = parsed.data;
    const verdict = verdictFor(o, (n) => link[n as keyof typeof link]);
    if (!verdict.ok) {
      return verdict.reason === 'expired'
        ? fail(403, 'embed_link_expired', 'This embed link has expired.')
        : fail(403, 'embed_link_invalid', 'This embed link is not valid.');
    }
    const { answer, origin } = verdict.claims;
    const file = await readJsonInside(path.dirname(o.answersDir), path.join(o.answersDir, `${answer}.json`));
    const asked = file.kind === 'missing' ? ((await o.askedAnswer?.(answer)) ?? null) : null;
    const read = asked !== null ? { kind: 'ok' as const, value: asked } : file;
    if (read.kind === 'missing') return fail(404, 'not_found', `Answer "${answer}" was not found.`);
    // An unreadable answer still gets a session: reading it then answers 422 with the reason, which the reader sees.
    const stored: unknown = read.kind === 'ok' ? read.value : null;
    let session: CreatedSession;
    try {
      session = await o.sessions.create({ answer, origin, documents: answerDocumentIds(answer, stored) }, link.sig);
    } catch (e) {
      return sessionStoreDown(c, e);
    }
    if (session.kind === 'refused') {
      const whose = session.why === 'origin' ? `this portal (${origin})` : 'this server';
      return tooManyRequests(c, 60, `embed sessions for ${whose}; sessions end after their lifetime`);
    }
    const response: EmbedSessionResponse = { token: session.token, answer, origin, expiresAt: Math.floor(session.expiresAt / 1000) };
    return c.json(response);
  });
}
