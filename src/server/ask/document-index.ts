import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { MAX_PDF_BYTES, MAX_TEXT_BYTES } from '../../node/read-input.ts';
import { listInside, openInside, readJsonInside, readOpened, type OpenedFile } from '../data-folder.ts';
import { firstHeading, pdfPassages, textPassages } from './extract-passages.ts';
import type { IndexedDocument, IndexedEntry, SearchIndexStore } from './search-index-db.ts';

// Keeps the ask index (the database's, search-index-db.ts) in step with the data folder's documents, incrementally:
// a document is hashed (SHA-256 of its bytes, meta title and version) and read for passages only when its hash is not
// the one indexed; a document gone, unreadable or forbidden (`"access": "forbidden"` in its meta) leaves the index.
// A file whose stamp (inode, mtime, size, meta title and version) is the one hashed before, by this process or when
// it was indexed, is not even read: an unchanged folder costs a listing, a stat per file and one query. Every file is
// opened through the data folder's one opener (src/server/data-folder.ts): a link out of the folder is never indexed.
// One sync at a time per process, one document at a time (two big PDFs at once would only compete for the two
// cores); several processes on one database may sync at once (the store's replace is idempotent per hash).

const EXTENSIONS = { '.pdf': 'application/pdf', '.md': 'text/markdown', '.txt': 'text/plain' } as const;
type Extension = keyof typeof EXTENSIONS;

const metaSchema = z.object({ title: z.string().optional(), version: z.string().optional(), access: z.string().optional() });
type Meta = z.infer<typeof metaSchema>;

export interface DocumentLibraryOptions {
  /** The data folder: documents are `documents/<id>.{pdf,md,txt}` inside it. */
  dataDir: string;
  warn: (message: string) => void;
  index: SearchIndexStore;
  /** Told each time a document's bytes are read (tests count them). */
  onRead?: (id: string) => void;
}

export class DocumentLibrary {
  private readonly documentsDir: string;
  /** Links already reported, so a planted link is logged once, not on every question. */
  private readonly refused = new Set<string>();
  /** File stamp → content hash, per document: an unchanged file is never read again by this process. */
  private readonly hashes = new Map<string, { stamp: string; hash: string }>();
  /** Documents that could not be indexed, at the stamp they had: tried again once the file changes. */
  private readonly failed = new Map<string, string>();
  private running: Promise<IndexedDocument[]> | null = null;
  private queued: Promise<IndexedDocument[]> | null = null;

  constructor(private readonly options: DocumentLibraryOptions) {
    this.documentsDir = path.join(options.dataDir, 'documents');
  }

  get index(): SearchIndexStore {
    return this.options.index;
  }

  /**
   * Brings the index up to date with the folder and returns its searchable documents, in the server's lookup order.
   * A call during a sync waits for it and then syncs once more (calls meanwhile share that one). `signal` stops the
   * waiting only: the sync goes on, and its work is kept.
   */
  documents(signal?: AbortSignal): Promise<IndexedDocument[]> {
    if (!this.running) {
      this.running = this.sync().finally(() => (this.running = null));
      return abortable(this.running, signal);
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.documents();
      });
    return abortable(this.queued, signal);
  }

  private async sync(): Promise<IndexedDocument[]> {
    const files = await this.listFiles();
    const indexed = await this.options.index.entries();
    const out: IndexedDocument[] = [];
    for (const [id, file] of files) {
      const doc = await this.syncOne(id, file, indexed.get(id));
      if (doc) out.push(doc);
    }
    const keep = new Set(out.map((d) => d.id));
    const gone = [...indexed.keys()].filter((id) => !keep.has(id));
    for (const id of [...this.hashes.keys()]) if (!files.has(id)) this.hashes.delete(id);
    for (const id of [...this.failed.keys()]) if (!files.has(id)) this.failed.delete(id);
    await this.options.index.remove(gone);
    return out;
  }

  /** The document as indexed after this sync, or null when it is not searchable. */
  private async syncOne(id: string, file: { path: string; ext: Extension }, entry: IndexedEntry | undefined): Promise<IndexedDocument | null> {
    const meta = await this.readMeta(id);
    if (meta.access === 'forbidden') return null;
    const opened = await openInside(this.options.dataDir, file.path);
    if (opened.kind === 'outside') this.refuse(file.path, opened.realPath);
    if (opened.kind !== 'file') return null;
    const s = opened.file.stats;
    const stamp = `${s.ino}:${s.mtimeMs}:${s.size}:${meta.title ?? ''}:${meta.version ?? ''}`;
    const known = this.hashes.get(id);
    const hash = known?.stamp === stamp ? known.hash : entry?.stamp === stamp ? entry.hash : undefined;
    if (hash !== undefined && entry?.hash === hash) {
      await opened.file.handle.close();
      return documentOf(entry);
    }
    if (this.failed.get(id) === stamp) {
      await opened.file.handle.close();
      return null;
    }
    try {
      const doc = await this.read(id, file, meta, opened.file, stamp, entry);
      if (!doc) this.failed.set(id, stamp);
      return doc;
    } catch (e) {
      this.options.warn(`cannot index documents/${path.basename(file.path)} for questions: ${(e as Error).message}`);
      this.failed.set(id, stamp);
      return null;
    }
  }

  /** Reads the file (through the handle that was checked: a link swapped in meanwhile is never read) and indexes it. */
  private async read(
    id: string,
    file: { path: string; ext: Extension },
    meta: Meta,
    handle: OpenedFile,
    stamp: string,
    entry: IndexedEntry | undefined,
  ): Promise<IndexedDocument | null> {
    const read = await readOpened(handle, file.ext === '.pdf' ? MAX_PDF_BYTES : MAX_TEXT_BYTES);
    if (read.kind !== 'ok') {
      if (read.kind === 'too-large')
        this.options.warn(`cannot index documents/${path.basename(file.path)} for questions: it is larger than ${read.limit} bytes`);
      return null;
    }
    this.options.onRead?.(id);
    const hash = createHash('sha256')
      .update(read.bytes)
      .update(`\0${meta.title ?? ''}\0${meta.version ?? ''}`)
      .digest('hex');
    this.hashes.set(id, { stamp, hash });
    // The same content under a new stamp (touched, copied back): the index has it already.
    if (entry?.hash === hash) return documentOf(entry);
    const started = performance.now();
    const text = file.ext === '.pdf' ? '' : read.bytes.toString('utf8');
    const passages = file.ext === '.pdf' ? await pdfPassages(id, new Uint8Array(read.bytes)) : textPassages(id, text, file.ext === '.md');
    const doc: IndexedDocument = {
      id,
      title: meta.title ?? (file.ext === '.md' ? firstHeading(text) : undefined) ?? id,
      ...(meta.version !== undefined && { version: meta.version }),
      mediaType: EXTENSIONS[file.ext],
    };
    await this.options.index.replace({ ...doc, hash, stamp, passages });
    const ms = Math.round(performance.now() - started);
    if (ms > 3000) this.options.warn(`indexed documents/${path.basename(file.path)} for questions in ${ms} ms (${passages.length} sentences)`);
    return doc;
  }

  private async listFiles(): Promise<Map<string, { path: string; ext: Extension }>> {
    const names = (await listInside(this.options.dataDir, this.documentsDir)) ?? [];
    const files = new Map<string, { path: string; ext: Extension }>();
    // the server's own lookup order (.pdf, then .md, then .txt): the document a citation opens is the one indexed
    for (const ext of Object.keys(EXTENSIONS) as Extension[]) {
      for (const name of names.sort()) {
        if (!name.endsWith(ext)) continue;
        const id = name.slice(0, -ext.length);
        if (!/^[A-Za-z0-9._-]+$/.test(id) || /^\.+$/.test(id) || files.has(id)) continue;
        files.set(id, { path: path.join(this.documentsDir, name), ext });
      }
    }
    return files;
  }

  private async readMeta(id: string): Promise<Meta> {
    const file = path.join(this.documentsDir, `${id}.meta.json`);
    const read = await readJsonInside(this.options.dataDir, file, { maxBytes: 64 * 1024 });
    if (read.kind === 'missing') return {};
    if (read.kind === 'outside') this.refuse(file, read.realPath);
    const parsed = read.kind === 'ok' ? metaSchema.safeParse(read.value) : null;
    // A meta file we cannot read might have said "forbidden": never index such a document.
    return parsed?.success ? parsed.data : { access: 'forbidden' };
  }

  private refuse(file: string, realPath: string): void {
    if (this.refused.has(file)) return;
    if (this.refused.size > 10_000) this.refused.clear();
    this.refused.add(file);
    this.options.warn(`refusing documents/${path.basename(file)} for questions: it resolves to ${realPath}, outside the data folder`);
  }
}

function documentOf(e: IndexedEntry): IndexedDocument {
  return { id: e.id, title: e.title, ...(e.version !== undefined && { version: e.version }), mediaType: e.mediaType };
}

/** Waits for `p`, or rejects as soon as `signal` aborts (the work behind `p` goes on: its result is kept). */
export function abortable<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
