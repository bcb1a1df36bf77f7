import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { AskConfig } from './ask/config.ts';
import { mountAskRoutes } from './ask/routes.ts';
import type { AuthVariables } from './auth-context.ts';
import { contentSecurityPolicy } from './embed/csp.ts';
import { isPublicBuildFile, PUBLIC_BUILD_FILE_HEADERS } from './embed/cors.ts';
import { declareTextMediaTypes } from './document-media-type.ts';
import { sendFile, statFile } from './files.ts';
import type { ReviewRepository } from './review/repository.ts';
import { mountReviewRoutes } from './review/routes.ts';
import { mountSecurity, type SecurityOptions } from './security.ts';

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
  /** Asking questions (src/server/ask, docs/api.md): on by default with the extractive answerer; `false` turns it off. */
  ask?: AskConfig | false;
}

export const ID_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Safe ids: the allowed characters, and not `.`/`..`-like names that only make sense as paths. */
export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id) && !/^\.+$/.test(id);
}

/** Every HTML page but /embed: nobody may frame it (src/server/embed/csp.ts). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy([]);

const HTML_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  // For browsers that predate CSP frame-ancestors.
  'X-Frame-Options': 'DENY',
};

const EXPOSED_HEADERS = 'Content-Range, Content-Length, Accept-Ranges, ETag, X-Citelens-Document-Version';

/** Document kinds in lookup order. */
const DOCUMENT_EXTENSIONS = ['.pdf', '.md', '.txt'] as const;

type ErrorCode = 'not_found' | 'bad_request' | 'forbidden' | 'invalid_json' | 'internal';

function apiError(c: Context, status: 400 | 403 | 404 | 500, code: ErrorCode, message: string): Response {
  c.header('Cache-Control', 'no-cache');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.json({ error: { code, message } }, status);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function firstHeading(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/m.exec(text);
  return m?.[1]?.trim() || undefined;
}

interface DocumentMeta {
  title?: string;
  version?: string;
  access?: string;
}

export function createApp(options: AppOptions): Hono<{ Variables: AuthVariables }> {
  const dataDir = path.resolve(options.dataDir);
  const answersDir = path.join(dataDir, 'answers');
  const documentsDir = path.join(dataDir, 'documents');
  const distDir = options.distDir ? path.resolve(options.distDir) : undefined;
  const warn = options.warn ?? ((m: string) => process.stderr.write(`citelens: warning: ${m}\n`));

  async function readMeta(id: string): Promise<DocumentMeta> {
    const file = path.join(documentsDir, `${id}.meta.json`);
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isRecord(parsed)) throw new Error('not an object');
      return {
        title: typeof parsed.title === 'string' ? parsed.title : undefined,
        version: typeof parsed.version === 'string' ? parsed.version : undefined,
        access: typeof parsed.access === 'string' ? parsed.access : undefined,
      };
    } catch (e) {
      warn(`ignoring malformed ${path.relative(dataDir, file)}: ${(e as Error).message}`);
      return {};
    }
  }

  const app = new Hono<{ Variables: AuthVariables }>();

  app.onError((err, c) => {
    process.stderr.write(`citelens: error: ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}\n`);
    if (c.req.path.startsWith('/api')) return apiError(c, 500, 'internal', 'Internal server error.');
    return c.text('Internal server error.', 500);
  });

  // First, before every other route: CORS for sandboxed frames, the bearer-token check on /api/*, /embed and
  // /api/config. Routes registered earlier would skip the token check.
  mountSecurity(app, { ...options.security, answersDir, distDir });

  // ---- /api ---------------------------------------------------------------------------------

  app.get('/api/answers', async (c) => {
    let names: string[];
    try {
      names = await readdir(answersDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') names = [];
      else throw e;
    }
    const items: { id: string; question?: string; title?: string }[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(0, -'.json'.length);
      if (!isValidId(id)) {
        warn(`skipping answers/${name}: the file name is not a valid answer id`);
        continue;
      }
      const file = path.join(answersDir, name);
      if (!(await statFile(file))) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(file, 'utf8'));
      } catch (e) {
        warn(`skipping answers/${name}: ${(e as Error).message}`);
        continue;
      }
      if (!isRecord(parsed)) {
        warn(`skipping answers/${name}: not a JSON object`);
        continue;
      }
      const question = typeof parsed.question === 'string' && parsed.question.trim() ? parsed.question : undefined;
      const title = question ?? firstHeading(parsed.text);
      items.push({ id, ...(question !== undefined && { question }), ...(title !== undefined && { title }) });
    }
    items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    c.header('Cache-Control', 'no-cache');
    return c.json(items);
  });

  app.get('/api/answers/:id', async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) return apiError(c, 400, 'bad_request', `Invalid answer id "${id}".`);
    const file = path.join(answersDir, `${id}.json`);
    if (!(await statFile(file))) return apiError(c, 404, 'not_found', `Answer "${id}" was not found.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      return apiError(c, 500, 'invalid_json', `Answer "${id}" is not valid JSON: ${(e as Error).message}`);
    }
    if (isRecord(parsed) && Array.isArray(parsed.documents)) {
      const documents = await declareTextMediaTypes(parsed.documents, documentsDir, isValidId);
      parsed = {
        ...parsed,
        documents: documents.map((d: unknown) =>
          isRecord(d) && d.url == null && typeof d.id === 'string'
            ? { ...d, url: `/api/documents/${encodeURIComponent(d.id)}` }
            : d,
        ),
      };
    }
    c.header('Cache-Control', 'no-cache');
    return c.json(parsed as object);
  });

  app.get('/api/documents/:id', async (c) => {
    const id = c.req.param('id');
    if (!isValidId(id)) return apiError(c, 400, 'bad_request', `Invalid document id "${id}".`);
    const meta = await readMeta(id);
    if (meta.access === 'forbidden') {
      return apiError(c, 403, 'forbidden', `Document "${id}" is not accessible.`);
    }
    for (const ext of DOCUMENT_EXTENSIONS) {
      const file = path.join(documentsDir, `${id}${ext}`);
      const stats = await statFile(file);
      if (!stats) continue;
      const headers: Record<string, string> = {
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Access-Control-Expose-Headers': EXPOSED_HEADERS,
      };
      if (meta.version) headers['X-Citelens-Document-Version'] = meta.version;
      return sendFile(c.req.raw, file, stats, { headers });
    }
    return apiError(c, 404, 'not_found', `Document "${id}" was not found.`);
  });

  if (options.review) mountReviewRoutes(app, options.review, isValidId);
  if (options.ask !== false) mountAskRoutes(app, { ...options.ask, dataDir, warn, isValidId });

  app.all('/api', (c) => apiError(c, 404, 'not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`));
  app.all('/api/*', (c) => apiError(c, 404, 'not_found', `No API endpoint at ${c.req.method} ${c.req.path}.`));

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
    const serveIndex = async () => {
      const stats = await statFile(indexHtml);
      if (!stats) return c.text('Not found (the SPA is not built: run `npm run build`).', 404);
      return sendFile(c.req.raw, indexHtml, stats, { headers: { 'Cache-Control': 'no-cache', ...HTML_HEADERS } });
    };

    const relative = pathname.replace(/^\/+/, '');
    const file = path.resolve(distDir, relative);
    if (file !== distDir && !file.startsWith(distDir + path.sep)) return c.text('Not found.', 404);
    if (file === distDir || relative === '' || relative === 'index.html') return serveIndex();

    const stats = await statFile(file);
    if (stats) {
      const isHtml = /\.html?$/i.test(file);
      const headers: Record<string, string> = {
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(isHtml && HTML_HEADERS),
        ...(isPublicBuildFile(pathname) && PUBLIC_BUILD_FILE_HEADERS),
      };
      return sendFile(c.req.raw, file, stats, { headers });
    }
    // SPA fallback only for route-like paths: a missing `/pdfjs/cmaps/x.bcmap` is a real 404.
    const lastSegment = pathname.split('/').pop() ?? '';
    if (path.extname(lastSegment) === '') return serveIndex();
    return c.text('Not found.', 404);
  });

  return app;
}
