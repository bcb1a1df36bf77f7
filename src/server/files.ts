import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

// Streaming file responses with HTTP Range, conditional requests and HEAD. Shared by the document
// endpoint and the static file server. Files are never read into memory whole.

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/x-font-type1',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
};

export function mimeType(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/** stat() that answers null for anything that is not an existing regular file. */
export async function statFile(filePath: string): Promise<Stats | null> {
  try {
    const s = await stat(filePath);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

export function etagFor(s: Stats): string {
  return `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`;
}

export type ByteRange = { start: number; end: number };

/**
 * Parses a Range header for a representation of `size` bytes.
 * - `null`: no usable range (absent, not `bytes`, malformed, or several ranges) → serve the whole file.
 * - `'unsatisfiable'`: a well-formed single range that selects nothing → 416.
 * - otherwise the inclusive byte range, clamped to the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m) return null; // includes multi-range requests, which we may ignore (RFC 9110 §14.2)
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    // suffix range: the last n bytes
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const last = b === '' ? Infinity : Number(b);
  if (!Number.isSafeInteger(start) || last < start) return null; // invalid → ignore
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const weakless = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => weakless(t) === weakless(etag));
}

export interface SendFileOptions {
  /** Extra response headers (cache policy, security headers, ...). */
  headers?: Record<string, string>;
  contentType?: string;
}

/**
 * Responds with the bytes of `filePath` (already known to exist as `stats`), honouring
 * HEAD, If-None-Match, If-Range and a single Range.
 */
export function sendFile(req: Request, filePath: string, stats: Stats, options: SendFileOptions = {}): Response {
  const size = stats.size;
  const etag = etagFor(stats);
  const headers = new Headers({
    'Content-Type': options.contentType ?? mimeType(filePath),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
    ...options.headers,
  });
  const isHead = req.method === 'HEAD';

  const inm = req.headers.get('if-none-match');
  if (inm && etagMatches(inm, etag)) {
    return new Response(null, { status: 304, headers });
  }

  let range = parseRange(req.headers.get('range') ?? undefined, size);
  const ifRange = req.headers.get('if-range');
  // If-Range with a stale validator: send the whole (new) representation instead of a part.
  if (range !== null && ifRange && ifRange.trim() !== etag) range = null;

  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    const body = `Range not satisfiable (file has ${size} bytes).`;
    headers.set('Content-Length', String(Buffer.byteLength(body)));
    return new Response(isHead ? null : body, { status: 416, headers });
  }

  const start = range ? range.start : 0;
  const end = range ? range.end : size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  headers.set('Content-Length', String(length));
  if (range) headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;

  if (isHead || length === 0) return new Response(null, { status, headers });
  const nodeStream = createReadStream(filePath, { start, end });
  const body = Readable.toWeb(nodeStream) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
