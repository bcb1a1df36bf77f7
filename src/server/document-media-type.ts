import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { statFile } from './files.ts';

// A document of the data folder may be `<id>.pdf`, `<id>.md` or `<id>.txt`, all served under
// `/api/documents/<id>` (the same order as that route: a PDF wins). The URL names no type, so the answer route
// declares it on the document reference (`mediaType`) for Markdown and text files: the viewer then renders them
// as text instead of handing them to pdf.js. A PDF is left as it is (no mediaType means PDF), so the answers the
// server sends for PDFs do not change.

const TEXT_TYPES = [
  ['.md', 'text/markdown'],
  ['.txt', 'text/plain'],
] as const;

/** `documents` with `mediaType` filled in where a stored document is Markdown or plain text and none was declared. */
export async function declareTextMediaTypes(documents: readonly unknown[], documentsDir: string, isValidId: (id: string) => boolean): Promise<unknown[]> {
  return Promise.all(
    documents.map(async (d) => {
      if (!isRecord(d) || d.mediaType != null || typeof d.id !== 'string' || !isValidId(d.id)) return d;
      if (d.url != null && d.url !== `/api/documents/${encodeURIComponent(d.id)}`) return d;
      if (await isStoredFile(documentsDir, `${d.id}.pdf`)) return d;
      for (const [ext, type] of TEXT_TYPES) {
        if (await isStoredFile(documentsDir, `${d.id}${ext}`)) return { ...d, mediaType: type };
      }
      return d;
    }),
  );
}

// The documents folder's names, read again only when the folder changes (its mtime, to the nanosecond: an entry
// added, removed or renamed). Stat'ing each name on every answer request (and up to three for a document stored
// under another name, each a thrown ENOENT) was a fifth of the answer route's time under load.
interface Listing {
  mtimeNs: bigint;
  names: ReadonlyMap<string, 'file' | 'link' | 'other'>;
}
const listings = new Map<string, Promise<Listing | null>>();

async function readListing(dir: string, mtimeNs: bigint): Promise<Listing> {
  const names = new Map<string, 'file' | 'link' | 'other'>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    names.set(entry.name, entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : 'other');
  }
  return { mtimeNs, names };
}

async function listing(dir: string): Promise<Listing | null> {
  const s = await stat(dir, { bigint: true }).catch(() => null);
  if (!s) return null;
  const known = await listings.get(dir)?.catch(() => null);
  if (known && known.mtimeNs === s.mtimeNs) return known;
  const next = readListing(dir, s.mtimeNs);
  listings.set(dir, next);
  return next.catch(() => null);
}

/** Whether `name` in `dir` is a regular file (a symlink is stat'ed: whether its target is one). */
async function isStoredFile(dir: string, name: string): Promise<boolean> {
  const kind = (await listing(dir))?.names.get(name);
  if (kind === 'file') return true;
  if (kind === 'link') return (await statFile(path.join(dir, name))) !== null;
  return false;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
