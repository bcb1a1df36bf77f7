import path from 'node:path';
import { listingInside, statInside } from './data-folder.ts';

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
export async function declareTextMediaTypes(documents: readonly unknown[], dataDir: string, isValidId: (id: string) => boolean): Promise<unknown[]> {
  const documentsDir = path.join(dataDir, 'documents');
  return Promise.all(
    documents.map(async (d) => {
      if (!isRecord(d) || d.mediaType != null || typeof d.id !== 'string' || !isValidId(d.id)) return d;
      if (d.url != null && d.url !== `/api/documents/${encodeURIComponent(d.id)}`) return d;
      if (await isStoredFile(dataDir, documentsDir, `${d.id}.pdf`)) return d;
      for (const [ext, type] of TEXT_TYPES) {
        if (await isStoredFile(dataDir, documentsDir, `${d.id}${ext}`)) return { ...d, mediaType: type };
      }
      return d;
    }),
  );
}

// The documents folder's names, read again only when the folder changes (its mtime, to the nanosecond: an entry
// added, removed or renamed). Stat'ing each name on every answer request (and up to three for a document stored
// under another name, each a thrown ENOENT) was a fifth of the answer route's time under load. Both go through the
// data folder's opener (data-folder.ts): a link out of the folder is not a stored file.
interface Listing {
  mtimeNs: bigint;
  names: ReadonlySet<string>;
  /** Whether each name asked about is a regular file inside the folder, learned once per listing. */
  kinds: Map<string, Promise<boolean>>;
}
const listings = new Map<string, Listing>();

async function listing(root: string, dir: string): Promise<Listing | null> {
  const read = await listingInside(root, dir).catch(() => null);
  if (!read) return null;
  const known = listings.get(dir);
  if (known && known.mtimeNs === read.mtimeNs) return known;
  const next: Listing = { mtimeNs: read.mtimeNs, names: new Set(read.names), kinds: new Map() };
  listings.set(dir, next);
  return next;
}

/** Whether `name` in `dir` is a regular file inside the data folder (a link is followed only while it stays inside). */
async function isStoredFile(root: string, dir: string, name: string): Promise<boolean> {
  const l = await listing(root, dir);
  if (!l?.names.has(name)) return false;
  let kind = l.kinds.get(name);
  if (!kind)
    l.kinds.set(
      name,
      (kind = statInside(root, path.join(dir, name)).then(
        (s) => s.kind === 'file',
        () => false,
      )),
    );
  return kind;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
