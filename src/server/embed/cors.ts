import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { REVIEWER_HEADER } from '../review/routes.ts';

// CORS for the sandboxed frame (docs/embed.md, "Sandboxed frames"). In <iframe sandbox="allow-scripts"> without
// allow-same-origin the page's origin is opaque: every request it makes, even to our own server, is cross-origin
// with `Origin: null`, and module scripts, `crossorigin` stylesheets, workers and fetches are CORS requests.

/** Vite's hashed build output and pdf.js's cMaps, fonts, wasm and ICC profiles (the worker is in /assets). */
export function isPublicBuildFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || pathname.startsWith('/pdfjs/');
}

/**
 * Public build files are the same bytes for everybody and carry no credentials, so any origin (including
 * `null`) may read them.
 */
export const PUBLIC_BUILD_FILE_HEADERS: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*' };

const READ_METHODS = ['GET', 'HEAD', 'POST'];
const WRITE_METHODS = ['PUT', 'PATCH', 'DELETE'];

/**
 * /api for `Origin: null` only, mounted only when embedding is configured. Never with credentials: the API
 * uses no cookies, and Allow-Credentials would hand any page's opaque frame the user's ambient rights. Any
 * page can make a sandboxed frame, so `null` is not "our frame" — it is "anybody"; what protects the data is
 * the bearer token, which only our SPA holds. Methods beyond GET/HEAD/POST are allowed only when tokens are
 * required, so an anonymous opaque page can never write to an open API.
 */
export function opaqueOriginCors(options: { allowWrites: boolean }): MiddlewareHandler {
  return cors({
    origin: (origin) => (origin === 'null' ? 'null' : null),
    allowMethods: options.allowWrites ? [...READ_METHODS, ...WRITE_METHODS] : READ_METHODS,
    allowHeaders: [
      'Authorization',
      'Content-Type',
      'Range',
      'If-None-Match',
      'If-Range',
      'If-Modified-Since',
      'If-Match',
      REVIEWER_HEADER,
      // the review outbox names each decision, so a save whose reply was lost is recognised when sent again
      'Idempotency-Key',
    ],
    // What pdf.js reads on range requests, the review client reads as a version, and the outbox waits for on a 429/503. The documents route sends the
    // same list; this one is applied to every /api response (and wins where both are set).
    exposeHeaders: ['Content-Range', 'Content-Length', 'Accept-Ranges', 'ETag', 'X-Citelens-Document-Version', 'Retry-After'],
    credentials: false,
    maxAge: 600,
  });
}
