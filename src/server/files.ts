import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { openInside, type OpenedFile } from './data-folder.ts';

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

// Size and mtime alone name two versions written within one millisecond alike (a rename loop did it): the inode
// (a rename brings a new one) and the mtime to the microsecond tell them apart.
export function etagFor(s: Stats): string {
  return `"${s.size.toString(16)}-${s.ino.toString(16)}-${Math.round(s.mtimeMs * 1000).toString(16)}"`;
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

/** A ranged or small body is read whole before the response starts, so a change while reading can still be refused. */
export const BUFFERED_BODY_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * The file changed (in place) while its bytes were read for a response that had not started: the caller opens
 * it again (a rewrite is usually over by then) or answers 503.
 */
export class FileChangedError extends Error {}
// On the prototype, not the instance: the HTTP layer prints the error, and an own property would be printed too.
FileChangedError.prototype.name = 'FileChangedError';

function sameVersion(a: Stats, b: Stats): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

/**
 * Responds with the bytes of an opened file, honouring HEAD, If-None-Match, If-Range and a single Range.
 * Headers (size, ETag, Content-Range) and bytes all come from the one handle, so a file replaced by rename
 * meanwhile cannot mix two versions. Takes ownership of the handle: it is closed when the response is done.
 * Throws FileChangedError when a body of at most BUFFERED_BODY_BYTES changed while it was read (nothing sent yet);
 * a longer body that changes mid-stream is cut off (the connection is reset), never padded or stalled.
 */
export async function sendFile(req: Request, opened: OpenedFile, options: SendFileOptions = {}): Promise<Response> {
  const { handle, stats } = opened;
  let owned = true;
  try {
    const size = stats.size;
    const etag = etagFor(stats);
    const headers = new Headers({
      'Content-Type': options.contentType ?? mimeType(opened.realPath),
      'Accept-Ranges': 'bytes',
      ETag: etag,
      'Last-Modified': stats.mtime.toUTCString(),
      ...options.headers,
    });
    const isHead = req.method === 'HEAD';

    const inm = req.headers.get('if-none-match');
    if (inm && etagMatches(inm, etag)) return new Response(null, { status: 304, headers });

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
    if (length <= BUFFERED_BODY_BYTES) {
      const bytes = await readExactly(handle, start, length);
      if (!bytes || !sameVersion(stats, await handle.stat())) throw new FileChangedError(`${opened.realPath} changed while it was read`);
      return new Response(bytes, { status, headers });
    }
    owned = false;
    return new Response(streamFrom(opened, start, length), { status, headers });
  } finally {
    if (owned) await handle.close().catch(() => undefined);
  }
}

/** `length` bytes from `position`, or null when the file ends first (it was truncated meanwhile). */
async function readExactly(handle: FileHandle, position: number, length: number): Promise<Uint8Array<ArrayBuffer> | null> {
  // Not from Buffer's shared pool: the bytes become a response body on their own.
  const buffer = Buffer.allocUnsafeSlow(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) return null;
    filled += bytesRead;
  }
  return buffer;
}

function streamFrom(opened: OpenedFile, start: number, length: number): ReadableStream<Uint8Array> {
  const { handle, stats } = opened;
  let sent = 0;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void handle.close().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const want = Math.min(CHUNK_BYTES, length - sent);
        const chunk = await readExactly(handle, start + sent, want);
        // Changed in place under us: end the response with an error (the client sees a reset at once), rather
        // than send bytes of two versions or leave it waiting for bytes that will never come.
        if (!chunk || !sameVersion(stats, await handle.stat())) {
          const e = new FileChangedError(`${opened.realPath} changed while it was sent`);
          // The HTTP layer prints the error that ends a body: one line for the operator, not a stack.
          e.stack = `citelens: warning: ${e.message}; the response was cut off (replace files by rename: docs/api.md)`;
          throw e;
        }
        sent += want;
        controller.enqueue(chunk);
        if (sent >= length) {
          close();
          controller.close();
        }
      } catch (e) {
        close();
        controller.error(e);
      }
    },
    cancel() {
      close();
    },
  });
}

export interface ServeInsideOptions extends SendFileOptions {
  /** Told when the path resolves outside `root` (a symlink out): the caller warns the operator. */
  onOutside?: (realPath: string) => void;
  /** The response when the file kept changing under three reads in a row (an in-place rewrite in progress). */
  whileChanging: () => Response;
}

/**
 * Serves `file` when it is a regular file inside `root` (symlinks resolved); null when there is none to serve
 * (missing, a directory or FIFO, or outside). A small body that changed while it was read is read again from a
 * fresh open: a deleted-and-recreated or rewritten file is served whole, or refused cleanly, never with a raw error.
 */
export async function serveInside(req: Request, root: string, file: string, options: ServeInsideOptions): Promise<Response | null> {
  const { onOutside, whileChanging, ...send } = options;
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await openInside(root, file);
    if (outcome.kind === 'outside') onOutside?.(outcome.realPath);
    if (outcome.kind !== 'file') return null;
    try {
      return await sendFile(req, outcome.file, send);
    } catch (e) {
      if (!(e instanceof FileChangedError)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
  }
  return whileChanging();
}
