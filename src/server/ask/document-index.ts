import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { z } from 'zod';
import { loadPdf } from '../../node/load-pdf.ts';
import { MAX_PDF_BYTES, MAX_TEXT_BYTES } from '../../node/read-input.ts';
import { indexPage, type IndexedPage } from '../../core/locate/text-index.ts';
import type { Box } from '../../core/model/types.ts';
import { buildShard, type Bm25Shard } from '../../core/search/bm25.ts';
import { searchTerms } from '../../core/search/tokenize.ts';
import { listInside, openInside, readJsonInside, readOpened } from '../data-folder.ts';
import { pageSentences, printedText } from './page-sentences.ts';
import { headingText, textSentences } from './text-sentences.ts';

// The reference answerer's index of the data folder's documents: every sentence with its page, boxes and exact
// words, and a BM25 shard per document. Built lazily (on the first question), one document at a time, yielding to
// the event loop after every page so other requests are served meanwhile; kept per document until the file's
// mtime or size changes. Documents whose meta says `"access": "forbidden"` are never read. Every file is opened through
// the data folder's one opener (src/server/data-folder.ts): a link out of the folder is never indexed.

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
  /** The data folder: documents are `documents/<id>.{pdf,md,txt}` inside it. */
  dataDir: string;
  warn: (message: string) => void;
}

/** A page's line that is a running head or foot: the same words (numbers aside) on many pages. */
function lineSignature(line: string): string {
  return line.toLowerCase().replace(/\p{N}+/gu, '#').replace(/\s+/g, ' ').trim();
}

export class DocumentLibrary {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly documentsDir: string;
  /** Links already reported, so a planted link is logged once, not on every question. */
  private readonly refused = new Set<string>();

  constructor(private readonly options: DocumentLibraryOptions) {
    this.documentsDir = path.join(options.dataDir, 'documents');
  }

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
      const opened = await openInside(this.options.dataDir, file.path);
      if (opened.kind === 'outside') this.refuse(file.path, opened.realPath);
      if (opened.kind !== 'file') {
        this.cache.delete(id);
        continue;
      }
      const s = opened.file.stats;
      const stamp = `${s.ino}:${s.mtimeMs}:${s.size}:${meta.title ?? ''}:${meta.version ?? ''}`;
      let entry = this.cache.get(id);
      if (!entry || entry.stamp !== stamp) {
        const maxBytes = file.ext === '.pdf' ? MAX_PDF_BYTES : MAX_TEXT_BYTES;
        // The bytes come from the handle that was checked: a link swapped in meanwhile is never read.
        const built = readOpened(opened.file, maxBytes).then(
          (read) => this.build(id, file.path, file.ext, meta, read),
          (e: unknown) => {
            this.options.warn(`cannot index documents/${path.basename(file.path)} for questions: ${(e as Error).message}`);
            return null;
          },
        );
        entry = { stamp, built };
        this.cache.set(id, entry);
      } else await opened.file.handle.close();
      const doc = await abortable(entry.built, signal);
      if (doc) out.push(doc);
    }
    return out;
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

  private async readMeta(id: string): Promise<z.infer<typeof metaSchema>> {
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

  private async build(
    id: string,
    file: string,
    ext: Extension,
    meta: z.infer<typeof metaSchema>,
    read: Awaited<ReturnType<typeof readOpened>>,
  ): Promise<IndexedDocument | null> {
    if (read.kind !== 'ok') {
      if (read.kind === 'too-large') this.options.warn(`cannot index documents/${path.basename(file)} for questions: it is larger than ${read.limit} bytes`);
      return null;
    }
    try {
      const started = performance.now();
      const text = ext === '.pdf' ? '' : read.bytes.toString('utf8');
      const passages = ext === '.pdf' ? await pdfPassages(id, new Uint8Array(read.bytes)) : textPassages(id, text, ext === '.md');
      const shard = buildShard(passages.map((p) => searchTerms(`${p.section ?? ''} ${p.quote}`)));
      const title = meta.title ?? (ext === '.md' ? firstHeading(text) : undefined) ?? id;
      const ms = Math.round(performance.now() - started);
      if (ms > 3000) this.options.warn(`indexed documents/${path.basename(file)} for questions in ${ms} ms (${passages.length} sentences)`);
      return { id, title, ...(meta.version !== undefined && { version: meta.version }), mediaType: EXTENSIONS[ext], passages, shard };
    } catch (e) {
      this.options.warn(`cannot index documents/${path.basename(file)} for questions: ${(e as Error).message}`);
      return null;
    }
  }
}

async function pdfPassages(id: string, bytes: Uint8Array): Promise<Passage[]> {
  const pdf = await loadPdf(bytes);
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
      // A page made only of repeated lines (a 1,000-page register whose pages all follow one line template) is not
      // all running heads: its only text is its content, and removing it indexed the document to 0 sentences.
      const printed = printedText(page);
      const lines = printed.lines.map((l) => printed.text.slice(l.start, l.end).trim()).filter((l) => l !== '');
      const skipLine = lines.every(repeated) ? undefined : repeated;
      for (const s of pageSentences(page, { ...(skipLine && { skipLine }) })) {
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

function textPassages(id: string, text: string, markdown: boolean): Passage[] {
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
