import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { loadPdf } from '../../cli/load-pdf.ts';
import { indexPage, type IndexedPage } from '../../core/locate/text-index.ts';
import type { Box } from '../../core/model/types.ts';
import { buildShard, type Bm25Shard } from '../../core/search/bm25.ts';
import { searchTerms } from '../../core/search/tokenize.ts';
import { pageSentences, printedText } from './page-sentences.ts';
import { headingText, textSentences } from './text-sentences.ts';

// The reference answerer's index of the data folder's documents: every sentence with its page, boxes and exact
// words, and a BM25 shard per document. Built lazily (on the first question), one document at a time, yielding to
// the event loop after every page so other requests are served meanwhile; kept per document until the file's
// mtime or size changes. Documents whose meta says `"access": "forbidden"` are never read.

export interface Passage {
  documentId: string;
  quote: string;
  section?: string;
  /** PDFs: the page and the canonical boxes of the sentence. */
  page?: number;
  boxes?: Box[];
  /** Text documents: where the sentence is in the file (UTF-16 offsets, end exclusive). */
  charStart?: number;
  charEnd?: number;
}

export interface IndexedDocument {
  id: string;
  title: string;
  version?: string;
  mediaType: string;
  passages: Passage[];
  shard: Bm25Shard;
}

const EXTENSIONS = { '.pdf': 'application/pdf', '.md': 'text/markdown', '.txt': 'text/plain' } as const;
type Extension = keyof typeof EXTENSIONS;

const metaSchema = z.object({ title: z.string().optional(), version: z.string().optional(), access: z.string().optional() });

interface CacheEntry {
  stamp: string;
  built: Promise<IndexedDocument | null>;
}

export interface DocumentLibraryOptions {
  documentsDir: string;
  warn: (message: string) => void;
}

/** A page's line that is a running head or foot: the same words (numbers aside) on many pages. */
function lineSignature(line: string): string {
  return line.toLowerCase().replace(/\p{N}+/gu, '#').replace(/\s+/g, ' ').trim();
}

export class DocumentLibrary {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly options: DocumentLibraryOptions) {}

  /** Every readable document, indexed (waits for documents being indexed; `signal` stops the waiting only). */
  async documents(signal?: AbortSignal): Promise<IndexedDocument[]> {
    const files = await this.listFiles();
    for (const id of this.cache.keys()) if (!files.has(id)) this.cache.delete(id);
    const out: IndexedDocument[] = [];
    // one document at a time: two big PDFs at once would only compete for the same two cores
    for (const [id, file] of files) {
      signal?.throwIfAborted();
      const meta = await this.readMeta(id);
      if (meta.access === 'forbidden') {
        this.cache.delete(id);
        continue;
      }
      const s = await stat(file.path).catch(() => null);
      if (!s?.isFile()) continue;
      const stamp = `${s.mtimeMs}:${s.size}:${meta.title ?? ''}:${meta.version ?? ''}`;
      let entry = this.cache.get(id);
      if (!entry || entry.stamp !== stamp) {
        entry = { stamp, built: this.build(id, file.path, file.ext, meta) };
        this.cache.set(id, entry);
      }
      const doc = await abortable(entry.built, signal);
      if (doc) out.push(doc);
    }
    return out;
  }

  private async listFiles(): Promise<Map<string, { path: string; ext: Extension }>> {
    let names: string[];
    try {
      names = await readdir(this.options.documentsDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw e;
    }
    const files = new Map<string, { path: string; ext: Extension }>();
    // the server's own lookup order (.pdf, then .md, then .txt): the document a citation opens is the one indexed
    for (const ext of Object.keys(EXTENSIONS) as Extension[]) {
      for (const name of names.sort()) {
        if (!name.endsWith(ext)) continue;
        const id = name.slice(0, -ext.length);
        if (!/^[A-Za-z0-9._-]+$/.test(id) || /^\.+$/.test(id) || files.has(id)) continue;
        files.set(id, { path: path.join(this.options.documentsDir, name), ext });
      }
    }
    return files;
  }

  private async readMeta(id: string): Promise<z.infer<typeof metaSchema>> {
    let raw: string;
    try {
      raw = await readFile(path.join(this.options.documentsDir, `${id}.meta.json`), 'utf8');
    } catch {
      return {};
    }
    try {
      return metaSchema.parse(JSON.parse(raw));
    } catch {
      // A meta file we cannot read might have said "forbidden": never index such a document.
      return { access: 'forbidden' };
    }
  }

  private async build(id: string, file: string, ext: Extension, meta: z.infer<typeof metaSchema>): Promise<IndexedDocument | null> {
    try {
      const started = performance.now();
      const passages = ext === '.pdf' ? await pdfPassages(id, file) : await textPassages(id, file, ext === '.md');
      const shard = buildShard(passages.map((p) => searchTerms(`${p.section ?? ''} ${p.quote}`)));
      const title = meta.title ?? (ext === '.md' ? firstHeading(await readFile(file, 'utf8')) : undefined) ?? id;
      const ms = Math.round(performance.now() - started);
      if (ms > 3000) this.options.warn(`indexed documents/${path.basename(file)} for questions in ${ms} ms (${passages.length} sentences)`);
      return { id, title, ...(meta.version !== undefined && { version: meta.version }), mediaType: EXTENSIONS[ext], passages, shard };
    } catch (e) {
      this.options.warn(`cannot index documents/${path.basename(file)} for questions: ${(e as Error).message}`);
      return null;
    }
  }
}

async function pdfPassages(id: string, file: string): Promise<Passage[]> {
  const pdf = await loadPdf(new Uint8Array(await readFile(file)));
  try {
    const pages: IndexedPage[] = [];
    const seen = new Map<string, number>();
    for (let n = 1; n <= pdf.pageCount; n++) {
      const page = indexPage(await pdf.getPageText(n));
      pages.push(page);
      const printed = printedText(page);
      for (const sig of new Set(printed.lines.map((l) => lineSignature(printed.text.slice(l.start, l.end))))) {
        seen.set(sig, (seen.get(sig) ?? 0) + 1);
      }
      await yieldToEventLoop();
    }
    const repeated = (line: string) => {
      const count = seen.get(lineSignature(line)) ?? 0;
      return count >= 3 && count >= 0.4 * pages.length;
    };
    const out: Passage[] = [];
    for (const page of pages) {
      for (const s of pageSentences(page, { skipLine: repeated })) {
        // a hundredth of a point is far below what a highlight can show, and keeps the answer files readable
        const boxes = s.boxes.map((b) => ({ page: b.page, x0: round2(b.x0), y0: round2(b.y0), x1: round2(b.x1), y1: round2(b.y1) }));
        out.push({ documentId: id, quote: s.quote, page: s.page, boxes, ...(s.section !== undefined && { section: s.section }) });
      }
      await yieldToEventLoop();
    }
    return out;
  } finally {
    await pdf.close();
  }
}

async function textPassages(id: string, file: string, markdown: boolean): Promise<Passage[]> {
  const text = await readFile(file, 'utf8');
  return textSentences(text, markdown).map((s) => ({
    documentId: id,
    quote: s.quote,
    charStart: s.charStart,
    charEnd: s.charEnd,
    ...(s.section !== undefined && { section: s.section }),
  }));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function firstHeading(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const heading = headingText(line);
    if (heading) return heading;
  }
  return undefined;
}

/** Waits for `p`, or rejects as soon as `signal` aborts (the work behind `p` goes on: its result is cached). */
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
