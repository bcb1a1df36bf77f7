import { constants, type Stats } from 'node:fs';
import { open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { parseJson } from '../core/json/parse-json.ts';

// Opening files of the data folder (and of the build folder) safely. Every file is opened ONCE and everything
// about it — its size, its mtime, its bytes — comes from that handle, so a file replaced by rename while it is
// served is served whole from the old version, never half of each. The file's real path (symlinks resolved)
// must lie inside the folder's real path: a symlink `documents/passwd.pdf -> /etc/passwd`, or a symlinked
// `documents/` directory, leads nowhere. O_NONBLOCK makes opening a FIFO return at once (it is then refused as
// not a regular file) instead of waiting for a writer forever.
//
// This module is THE opener: every file of the data folder the server reads (answers, documents, meta files, the ask
// index, the answer list, the thread store) comes through openInside/readBytesInside/readJsonInside/statInside/
// listInside. data-folder-guard.test.ts fails when another server module reads the file system itself.

export interface OpenedFile {
  handle: FileHandle;
  /** fstat of the handle: the version being served. */
  stats: Stats;
  /** The real path (for its extension and for messages). */
  realPath: string;
}

/** Why there is no file to read, as every reader of the folder reports it. */
export type NoFile =
  | { kind: 'missing' }
  /** Resolves outside the folder (a symlink out, or a symlinked parent directory). */
  | { kind: 'outside'; realPath: string }
  /** A directory, FIFO, socket or device. */
  | { kind: 'not-a-file' };

export type OpenOutcome = { kind: 'file'; file: OpenedFile } | NoFile;

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function code(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

// The data folder's own real path, worked out once per folder: every request asked for it again (a realpath walks
// every component of the path), which cost the answer route ~10 % of its throughput. It is only ever used to refuse:
// a path found outside it is checked against a fresh one before it is refused, so a folder moved or re-linked while
// the server runs is still served.
// Only a path that was found is kept: a folder missing when first asked about (created a moment later) is looked up
// again, not refused from a cached failure.
const realRoots = new Map<string, string>();
async function realRootOf(root: string, fresh = false): Promise<string> {
  const known = fresh ? undefined : realRoots.get(root);
  if (known !== undefined) return known;
  const real = await realpath(root);
  realRoots.set(root, real);
  return real;
}

type Resolved = { kind: 'inside'; real: string; realRoot: string } | { kind: 'missing' } | { kind: 'outside'; realPath: string };

/** Where `p` really is (every link resolved), and whether that lies inside `root`'s real path. */
async function resolveInside(root: string, p: string): Promise<Resolved> {
  let realRoot: string;
  let real: string;
  try {
    [realRoot, real] = await Promise.all([realRootOf(root), realpath(p)]);
    if (!isInside(realRoot, real)) realRoot = await realRootOf(root, true);
  } catch (e) {
    // ENOENT: missing (also a dangling symlink); ELOOP, ENOTDIR, EACCES: nothing we can serve either.
    if (['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES', 'ENAMETOOLONG'].includes(code(e) ?? '')) return { kind: 'missing' };
    throw e;
  }
  return isInside(realRoot, real) ? { kind: 'inside', real, realRoot } : { kind: 'outside', realPath: real };
}

/** Opens `file` (a path under `root`) for reading when it is a regular file whose real path is inside `root`. */
export async function openInside(root: string, file: string): Promise<OpenOutcome> {
  const resolved = await resolveInside(root, file);
  if (resolved.kind !== 'inside') return resolved;
  const { real, realRoot } = resolved;
  let handle: FileHandle;
  try {
    // O_NOFOLLOW: the last component was a regular name a moment ago; if it became a symlink since, refuse.
    handle = await open(real, OPEN_FLAGS);
  } catch (e) {
    const c = code(e);
    if (c === 'ELOOP') return { kind: 'outside', realPath: real };
    if (c === 'ENOENT' || c === 'ENOTDIR' || c === 'EACCES' || c === 'EISDIR') return c === 'EISDIR' ? { kind: 'not-a-file' } : { kind: 'missing' };
    throw e;
  }
  try {
    // A directory on the way may have been swapped for a link between realpath() and open(): what the descriptor
    // really opened is what counts (Linux names it in /proc/self/fd; elsewhere the realpath check stands alone).
    const opened = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => real);
    if (!isInside(realRoot, opened)) {
      await handle.close();
      return { kind: 'outside', realPath: opened };
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      return { kind: 'not-a-file' };
    }
    return { kind: 'file', file: { handle, stats, realPath: real } };
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}

export type JsonOutcome =
  | { kind: 'ok'; value: unknown; stats: Stats }
  | NoFile
  | { kind: 'too-large'; size: number; limit: number }
  | { kind: 'too-deep'; limit: number }
  | { kind: 'invalid-json'; message: string };

/** Answer files bigger than this are refused (listed as broken) instead of being parsed. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/**
 * Nesting deeper than this is refused before parsing: V8 parses any depth, but JSON.stringify (the response)
 * and every recursive reader after it overflow the stack. Real answers nest under 20 levels.
 */
export const MAX_JSON_DEPTH = 256;

export type StatOutcome = { kind: 'file'; stats: Stats; realPath: string } | NoFile;

/**
 * The metadata of `file` (a path under `root`) when it is a regular file inside `root`: for caches keyed by size,
 * mtime and inode, without opening it. A link out is reported, never followed to the file it names.
 */
export async function statInside(root: string, file: string): Promise<StatOutcome> {
  const resolved = await resolveInside(root, file);
  if (resolved.kind !== 'inside') return resolved;
  const real = resolved.real;
  const stats = await stat(real).catch(() => null);
  if (!stats) return { kind: 'missing' };
  return stats.isFile() ? { kind: 'file', stats, realPath: real } : { kind: 'not-a-file' };
}

/**
 * The names in folder `dir` (under `root`), or null when it is missing or is (or lies in) a link out of `root`: a
 * `documents/` that points at /etc lists nothing. Each name is still opened through openInside.
 */
export async function listInside(root: string, dir: string): Promise<string[] | null> {
  return (await listingInside(root, dir))?.names ?? null;
}

/** The folder's mtime (ns), or null when it is missing or a link out: a list of its names is valid while it is equal. */
export async function folderStampInside(root: string, dir: string): Promise<bigint | null> {
  const resolved = await resolveInside(root, dir);
  if (resolved.kind !== 'inside') return null;
  const s = await stat(resolved.real, { bigint: true }).catch(() => null);
  return s?.isDirectory() ? s.mtimeNs : null;
}

/** listInside, with the folder's mtime (ns) read before its names: a cache of the names is valid while it is equal. */
export async function listingInside(root: string, dir: string): Promise<{ names: string[]; mtimeNs: bigint } | null> {
  const resolved = await resolveInside(root, dir);
  if (resolved.kind !== 'inside') return null;
  const real = resolved.real;
  try {
    const { mtimeNs } = await stat(real, { bigint: true });
    return { names: await readdir(real), mtimeNs };
  } catch (e) {
    // Gone meanwhile: nothing to list. Anything else (a file where the folder should be) is an error to report.
    if (code(e) === 'ENOENT') return null;
    throw e;
  }
}

export type BytesOutcome = { kind: 'ok'; bytes: Buffer; stats: Stats } | NoFile | { kind: 'too-large'; size: number; limit: number };

/** The bytes of an opened file, at most `maxBytes` (read from the handle: a file growing after fstat cannot slip past). */
export async function readOpened(opened: OpenedFile, maxBytes: number): Promise<BytesOutcome> {
  const { handle, stats } = opened;
  try {
    if (stats.size > maxBytes) return { kind: 'too-large', size: stats.size, limit: maxBytes };
    const buffer = Buffer.allocUnsafe(Math.min(stats.size, maxBytes) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) break;
    }
    if (filled > maxBytes) return { kind: 'too-large', size: filled, limit: maxBytes };
    return { kind: 'ok', bytes: buffer.subarray(0, filled), stats };
  } finally {
    await handle.close();
  }
}

/** The bytes of `file` under `root` (a regular file inside it, at most `maxBytes`). */
export async function readBytesInside(root: string, file: string, maxBytes: number): Promise<BytesOutcome> {
  const opened = await openInside(root, file);
  return opened.kind === 'file' ? readOpened(opened.file, maxBytes) : opened;
}

/** Reads and parses a JSON file under `root` (size-capped, BOM tolerated, depth-capped). */
export async function readJsonInside(root: string, file: string, limits: { maxBytes?: number; maxDepth?: number } = {}): Promise<JsonOutcome> {
  const maxBytes = limits.maxBytes ?? MAX_ANSWER_BYTES;
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const read = await readBytesInside(root, file, maxBytes);
  if (read.kind !== 'ok') return read;
  const { stats } = read;
  let text = read.bytes.toString('utf8');
  // A UTF-8 byte order mark (Windows editors write one) is not JSON, but it is not an error either.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (jsonDepthExceeds(text, maxDepth)) return { kind: 'too-deep', limit: maxDepth };
  // Where the JSON breaks, as a line and column (Node's own message names no place for a truncated file).
  const json = parseJson(text);
  return json.ok ? { kind: 'ok', value: json.value, stats } : { kind: 'invalid-json', message: json.message };
}

/** Whether brackets nest deeper than `limit` anywhere outside strings. One linear pass. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > limit) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** A human reason for a JSON file that could not be read, as listed and as returned (422). */
export function jsonProblem(outcome: Exclude<JsonOutcome, { kind: 'ok' | 'missing' }>): string {
  switch (outcome.kind) {
    case 'outside':
      return 'it is a link that leads outside the data folder';
    case 'not-a-file':
      return 'it is not a regular file';
    case 'too-large':
      return `it is too large (${mib(outcome.size)}; at most ${mib(outcome.limit)})`;
    case 'too-deep':
      return `it nests deeper than ${outcome.limit} levels`;
    case 'invalid-json':
      return `it is not valid JSON (${outcome.message})`;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
