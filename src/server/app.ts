import type { Judge } from './judge/judge-answer.ts';
import path from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AskConfig } from './ask/config.ts';
import { apiError, type ApiErrorOptions } from './api-error.ts';
import { createMemoryAskedAnswers, type AskedAnswerStore } from './ask/asked-answers.ts';
import { mountAskRoutes } from './ask/routes.ts';
import type { ChatSessionStoreFactory } from './ask/chat-sessions.ts';
import type { SearchIndexStore } from './ask/search-index-db.ts';
import type { EmbedSessionStoreFactory } from './embed/sessions.ts';
import type { AuthVariables } from './auth-context.ts';
import { contentSecurityPolicy } from './embed/csp.ts';
import { serveBuildFile } from './build-files.ts';
import { isPublicBuildFile, PUBLIC_BUILD_FILE_HEADERS } from './embed/cors.ts';
import { mountAnswerList } from './answer-list-route.ts';
import { jsonProblem, readJsonInside } from './data-folder.ts';
import { declareTextMediaTypes } from './document-media-type.ts';
import { documentResponseHeaders } from './document-headers.ts';
import { serveInside } from './files.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './limits.ts';
import { RateLimiter } from './rate-limit.ts';
import { AnswerClaimsIndex, claimsOfAnswer } from './review/answer-claims.ts';
import type { ReviewRepository } from './review/repository.ts';
import { mountReviewRoutes } from './review/routes.ts';
import { createMemoryBus, publishingRepository, type ReviewBus } from './review/review-bus.ts';
import { mountReviewEventsRoute } from './review/review-events-route.ts';
import { mountSecurity, type SecurityOptions } from './security.ts';
import { mountHealthRoutes, type HealthOptions } from './ops/health-routes.ts';
import { requestLog } from './ops/request-log.ts';
import { fillDocumentUrls, storedDocumentUrl } from '../core/model/answer-file.ts';
import { StartupIndexSync } from './ask/startup-index-sync.ts';

// The reference server: answers and documents from a data folder, and the built SPA.
// See docs/api.md for the contract. Answers are returned as stored (the client validates them).

export interface AppOptions {
  /** Folder with `answers/<id>.json` and `documents/<id>.{pdf,md,txt}` (+ optional `<id>.meta.json`). */
  dataDir: string;
  /** The built SPA (vite's `dist/`). Without it only /api is served. */
  distDir?: string;
  /** Where warnings go (malformed files). Defaults to stderr. */
  warn?: (message: string) => void;
  /** Embedding, API tokens and signed embed links (docs/embed.md). Default: no framing, open API. */
  security?: SecurityOptions;
  /** Where reviewers' decisions are stored (src/server/review). Without it the review API is not served. */
  review?: ReviewRepository;
  /**
   * Where stored decisions are told to the answer's watchers (GET …/review/events): PostgreSQL's LISTEN/NOTIFY across
   * servers (postgres-bus.ts). Default: an in-process bus, which is all one SQLite server needs.
   */
  reviewBus?: ReviewBus;
  /** Asking questions (src/server/ask, docs/api.md): on by default with the extractive answerer; `false` turns it off. */
  ask?: AskConfig | false;
  /** The model judge (src/server/judge, docs/support-judge.md): support verdicts on the answers served. Default: none. */
  judge?: Judge;
  /**
   * Serve /bench, the viewer-only benchmark page of the build (docs/benchmarks.md), under the app's own policy:
   * CITELENS_BENCH=1. Off by default: a production server serves no benchmark code.
   */
  bench?: boolean;
  /** Rate limits, embed session caps, the asked answers' cap and retention (limits.ts). Default: DEFAULT_LIMITS. */
  limits?: ServerLimits;
  /**
   * Where asked answers are stored: the review database (src/server/ask/asked-answers-db.ts), never the data folder.
   * Default: in memory, for this process only.
   */
  asked?: AskedAnswerStore;
  /**
   * Where chat and embed sessions are kept: the review database (ServerDatabase.sessions), so a restart and every
   * replica know them. Default: this process's memory.
   */
  sessions?: { chat?: ChatSessionStoreFactory; embed?: EmbedSessionStoreFactory };
  /**
   * The ask index: the review database's (ServerDatabase.searchIndex), shared by every replica and kept across
   * restarts, brought up to date at start when `indexAtStart` (and /readyz is 503 until it is). Default: SQLite in
   * memory, built on the first question.
   */
  searchIndex?: SearchIndexStore;
  indexAtStart?: boolean;
  /**
   * Operations (src/server/ops, docs/deploy.md): /healthz, /readyz (the database's readiness, draining at shutdown),
   * /metrics (with `metrics`, CITELENS_METRICS=1) and one JSON log line per request (`requestLog`). Default: the
   * probes answer, metrics are off, nothing is logged.
   */
  ops?: HealthOptions & { requestLog?: (line: string) => void };
}

export const ID_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Safe ids: the allowed characters, and not `.`/`..`-like names that only make sense as paths. */
export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id) && !/^\.+$/.test(id);
}

/** Every HTML page but /embed: nobody may frame it (src/server/embed/csp.ts). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

/** Headers of every HTML page but /embed. No inline script anywhere: the SPA learns settings from /api/config. */
function htmlHeaders(connectOrigins: readonly string[]): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': connectOrigins.length > 0 ? contentSecurityPolicy([], connectOrigins) : CONTENT_SECURITY_POLICY,
    // For browsers that predate CSP frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

const EXPOSED_HEADERS = 'Content-Range, Content-Length, Accept-Ranges, ETag, X-Citelens-Document-Version';

/** Document kinds in lookup order. */
const DOCUMENT_EXTENSIONS = ['.pdf', '.md', '.txt'] as const;

// The answer and document routes answer their errors `no-cache`, like their files; the review and ask routes
// `no-store` (api-error.ts).
const FILE_ROUTE: ApiErrorOptions = { cache: 'no-cache' };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface DocumentMeta {
  title?: string;
  version?: string;
  access?: string;
}

const nosniff: MiddlewareHandler = async (c, next) => {
  await next();
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    // Immutable headers (a Response made elsewhere): copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  }
};

export function createApp(options: AppOptions): Hono<{ Variables: AuthVariables }> {
  const dataDir = path.resolve(options.dataDir);
  const answersDir = path.join(dataDir, 'answers');
  const documentsDir = path.join(dataDir, 'documents');
  const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
  const warn = options.warn ?? ((m: string) => process.stderr.write(`citelens: warning: ${m}\n`));
  const HTML_HEADERS = htmlHeaders(options.security?.connectOrigins ?? []);

  async function readMeta(id: string): Promise<DocumentMeta> {
    const file = path.join(documentsDir, `${id}.meta.json`);
    // Inside the data folder only, like the documents: a linked meta file must not leak its `version`.
    const outcome = await readJsonInside(dataDir, file, { maxBytes: 64 * 1024 });
    if (outcome.kind === 'missing') return {};
    const parsed = outcome.kind === 'ok' ? outcome.value : undefined;
    if (!isRecord(parsed)) {
      const why = outcome.kind === 'ok' ? 'not an object' : jsonProblem(outcome);
      warn(`ignoring malformed ${path.relative(dataDir, file)}: ${why}`);
      // An unreadable meta file must not open a document that it might have declared forbidden.
      return outcome.kind === 'outside' ? { access: 'forbidden' } : {};
    }
    return {
      title: typeof parsed.title === 'string' ? parsed.title : undefined,
      version: typeof parsed.version === 'string' ? parsed.version : undefined,
      access: typeof parsed.access === 'string' ? parsed.access : undefined,
    };
  }

  const app = new Hono<{ Variables: AuthVariables }>();
  // First: every request is logged and counted, 401s and 404s included, and carries its X-Request-Id back.
  app.use('*', requestLog({ ...(options.ops?.requestLog && { log: options.ops.requestLog }), ...(options.ops?.metrics && { metrics: options.ops.metrics }) }));
  // The index's start-up sync, when asked for: /readyz waits for it after the database's own check.
  const startupSync = options.indexAtStart && options.ask !== false ? new StartupIndexSync() : null;
  const databaseReadiness = options.ops?.readiness;
  mountHealthRoutes(app, {
    ...options.ops,
    ...((databaseReadiness || startupSync) && {
      readiness: async () => {
        const database = (await databaseReadiness?.()) ?? { ready: true };
        return database.ready && startupSync ? startupSync.readiness() : database;
      },
    }),
  });

  app.onError((err, c) => {
    process.stderr.write(`citelens: error: ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}\n`);
    if (c.req.path.startsWith('/api')) return apiError(c, 500, 'internal', 'Internal server error.', FILE_ROUTE);
    return c.text('Internal server error.', 500);
  });

  // Every /api response, errors and 401s included, is data: a browser must never sniff it into HTML or script.
  app.use('/api', nosniff);
  app.use('/api/*', nosniff);

  // First, before every other route: CORS for sandboxed frames, the bearer-token check on /api/*, /embed and
  // /api/config. Routes registered earlier would skip the token check.
  const limits = options.limits ?? DEFAULT_LIMITS;
  const asked = options.asked ?? createMemoryAskedAnswers();
  mountSecurity(app, {
    ...options.security,
    answersDir,
    distDir,
    limits,
    askedAnswer: (id) => asked.get(id),
    ...(options.sessions?.embed && { embedSessions: options.sessions.embed }),
  });

  // ---- /api ---------------------------------------------------------------------------------

  mountAnswerList(app, { dataDir, answersDir, asked, isValidId, warn, badRequest: (c, message) => apiError(c, 400, 'bad_request', message, FILE_ROUTE) });

  app.get('/api/answers/:id', async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) return apiError(c, 400, 'bad_request', `Invalid answer id "${id}".`, FILE_ROUTE);
    const read = await readJsonInside(dataDir, path.join(answersDir, `${id}.json`));
    // Not in the data folder: maybe an asked answer (the database), served exactly like a file's.
    const fromDatabase = read.kind === 'missing' ? await asked.get(id) : null;
    const outcome = fromDatabase !== null ? { kind: 'ok' as const, value: fromDatabase } : read;
    // A file that is there but cannot be read is a definite error (422: retrying will not help), with the reason
    // the answer list gives for it.
    switch (outcome.kind) {
      case 'ok':
        break;
      case 'missing':
        return apiError(c, 404, 'not_found', `Answer "${id}" was not found.`, FILE_ROUTE);
      case 'invalid-json':
        return apiError(c, 422, 'invalid_json', `Answer "${id}" is not valid JSON: ${outcome.message}`, FILE_ROUTE);
      case 'outside':
        warn(`refusing answers/${id}.json: it resolves to ${outcome.realPath}, outside the data folder`);
        return apiError(c, 422, 'invalid_answer', `Answer "${id}" cannot be read: ${jsonProblem(outcome)}.`, FILE_ROUTE);
      case 'not-a-file':
      case 'too-large':
      case 'too-deep':
        return apiError(c, 422, 'invalid_answer', `Answer "${id}" cannot be read: ${jsonProblem(outcome)}.`, FILE_ROUTE);
      default: {
        const never: never = outcome;
        return never;
      }
    }
    let parsed = outcome.value;
    if (isRecord(parsed) && Array.isArray(parsed.documents)) {
      const documents = await declareTextMediaTypes(parsed.documents, dataDir, isValidId);
      // A document stored without `url` is this server's (the rule every reader of answer files shares).
      parsed = fillDocumentUrls({ ...parsed, documents }, storedDocumentUrl);
    }
    if (options.judge) {
      try {
        parsed = (await options.judge.apply(parsed, c.req.raw.signal)).answer;
      } catch (e) {
        // the rules' verdicts stand; the answer is served all the same
        warn(`the support judge failed on answer ${id}: ${(e as Error).message}`);
      }
    }
    c.header('Cache-Control', 'no-cache');
    return c.json(parsed as object);
  });

  app.get('/api/documents/:id', async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) return apiError(c, 400, 'bad_request', `Invalid document id "${id}".`, FILE_ROUTE);
    const meta = await readMeta(id);
    if (meta.access === 'forbidden') {
      return apiError(c, 403, 'forbidden', `Document "${id}" is not accessible.`, FILE_ROUTE);
    }
    let outside = false;
    for (const ext of DOCUMENT_EXTENSIONS) {
      const headers = documentResponseHeaders(`${id}${ext}`, meta.version);
      const response = await serveInside(c.req.raw, dataDir, path.join(documentsDir, `${id}${ext}`), {
        headers: { ...headers, 'Access-Control-Expose-Headers': EXPOSED_HEADERS },
        onOutside: (real) => {
          outside = true;
          warn(`refusing documents/${id}${ext}: it resolves to ${real}, outside the data folder`);
        },
        whileChanging: () => {
          c.header('Retry-After', '1');
          return apiError(c, 503, 'file_changing', `Document "${id}" is being rewritten; try again in a moment.`, FILE_ROUTE);
        },
      });
      if (response) return response;
      // A link out of the folder is not "missing": never fall through to another kind of file under the same id.
      if (outside) break;
    }
    return apiError(c, 404, 'not_found', `Document "${id}" was not found.`, FILE_ROUTE);
  });

  const review = options.review;
  if (review) {
    const bus = options.reviewBus ?? createMemoryBus();
    mountReviewEventsRoute(app, bus, isValidId);
    const claims = new AnswerClaimsIndex(dataDir);
    mountReviewRoutes(app, publishingRepository(review, bus), {
      isValidId,
      claimsOf: async (id) => {
        const inFolder = await claims.claimsOf(id);
        if (inFolder.kind === 'claims') return inFolder;
        const stored = await asked.get(id);
        return stored === null ? inFolder : claimsOfAnswer(id, stored);
      },
      saveLimiter: new RateLimiter(limits.saves),
      trustProxy: limits.trustProxy,
    });
  }
  if (options.ask !== false) {
    mountAskRoutes(app, {
      ...options.ask,
      dataDir,
      warn,
      isValidId,
      limiter: new RateLimiter(limits.ask, options.ask?.now),
      trustProxy: limits.trustProxy,
      asked,
      ...(options.sessions?.chat && { chatSessions: options.sessions.chat }),
      ...(options.searchIndex && { searchIndex: options.searchIndex }),
      ...(startupSync && { startupSync }),
      ...(options.ops?.metrics && { observeAsk: options.ops.metrics.observeAsk }),
      retention: {
        policy: { maxAnswers: limits.askMaxAnswers, maxAgeDays: limits.askMaxAgeDays },
        ...(review && { reviewed: (ids: readonly string[]) => review.reviewedAnswers(ids) }),
      },
    });
  }

  app.all('/api', (c) => apiError(c, 404, 'not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`, FILE_ROUTE));
  app.all('/api/*', (c) => apiError(c, 404, 'not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`, FILE_ROUTE));

  const BENCH_HTML = 'src/app/bench/bench.html';

  // ---- the SPA ------------------------------------------------------------------------------

  // Hono answers HEAD with the GET route (c.req.method stays 'HEAD'; sendFile then skips the body).
  app.get('*', async (c) => {
    if (!distDir) return c.text('Not found.', 404);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request.', 400);
    }
    if (pathname.includes('\0')) return c.text('Bad request.', 400);

    const indexHtml = path.join(distDir, 'index.html');
    const whileChanging = () => c.text('The file is being replaced; try again in a moment.', 503, { 'Retry-After': '1' });
    const serveIndex = async () => {
      const bench = /^\/bench\/?$/.test(pathname);
      // /bench is a page of its own in the build (src/app/bench.html: the viewer alone, none of the app's code),
      // served only when asked for (CITELENS_BENCH=1), under the app's own policy: its PDF comes from this server.
      if (bench && !options.bench) return c.text('Not found.', 404);
      const serve = { headers: { 'Cache-Control': 'no-cache', ...HTML_HEADERS }, whileChanging };
      const response =
        (bench ? await serveInside(c.req.raw, distDir, path.join(distDir, BENCH_HTML), serve) : null) ??
        (await serveInside(c.req.raw, distDir, indexHtml, serve));
      return response ?? c.text('Not found (the SPA is not built: run `npm run build`).', 404);
    };

    const relative = pathname.replace(/^\/+/, '');
    // Nor the bench page's files by their own paths.
    if (!options.bench && (relative === BENCH_HTML || /^assets\/bench-/.test(relative))) return c.text('Not found.', 404);
    const file = path.resolve(distDir, relative);
    if (file !== distDir && !file.startsWith(distDir + path.sep)) return c.text('Not found.', 404);
    if (file === distDir || relative === '' || relative === 'index.html') return serveIndex();

    const isHtml = /\.html?$/i.test(file);
    const headers: Record<string, string> = {
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(isHtml && HTML_HEADERS),
      ...(isPublicBuildFile(pathname) && PUBLIC_BUILD_FILE_HEADERS),
    };
    const served = await serveBuildFile(c.req.raw, distDir, file, { headers, whileChanging });
    if (served) return served;
    // SPA fallback only for route-like paths: a missing `/pdfjs/cmaps/x.bcmap` is a real 404.
    const lastSegment = pathname.split('/').pop() ?? '';
    if (path.extname(lastSegment) === '') return serveIndex();
    return c.text('Not found.', 404);
  });

  return app;
}
