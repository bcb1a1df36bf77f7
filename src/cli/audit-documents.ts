// Where `citelens audit` finds the cited documents and what it learns about each: the file, its metadata
// (`<id>.meta.json`: title, version, access, as the reference server reads it) and the loaded PDF, or the text of a
// Markdown or plain-text document. A document is
// found by core/documents/match-document-file.ts (the browser's rule for dropped files too). Each file
// is loaded once per run and its text index shared by every answer that cites it.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { TextIndex } from '../core/locate/text-index.ts';
import { fileStem, lookedFor, matchDocumentFile } from '../core/documents/match-document-file.ts';
import type { DocumentRef } from '../core/model/types.ts';
import { accessFromHttpStatus } from '../core/review/document-check.ts';
import type { DocumentAccess } from '../core/review/types.ts';
import { textFormat } from '../core/model/document-kind.ts';
import { readTextDocument, type TextDocumentModel } from '../core/text-source/text-document.ts';
import { loadPdf, PdfLoadError, type LoadedPdf } from '../node/load-pdf.ts';
import { InputFileError, MAX_PDF_BYTES, readInputFile, readInputText } from '../node/read-input.ts';

export interface DocumentMeta {
  title?: string;
  version?: string;
  access?: string;
}

/** What the audit knows about one cited document. */
export type AuditDocument =
  | { state: 'loaded'; file: string; meta: DocumentMeta; pdf: LoadedPdf; index: TextIndex }
  /** A Markdown or plain-text file (by its extension), read as the viewer reads it. */
  | { state: 'text'; file: string; meta: DocumentMeta; text: TextDocumentModel }
  | { state: 'unavailable'; file: string | null; meta: DocumentMeta; access: Exclude<DocumentAccess, { state: 'ok' | 'pending' }> };

const stem = fileStem;

function readMeta(dir: string, name: string, warn: (m: string) => void): DocumentMeta | null {
  const file = path.join(dir, name);
  let raw: string;
  try {
    raw = readInputText(file);
  } catch (e) {
    // A missing meta file is normal; one that cannot be read (a FIFO, too large) is said, then ignored.
    if (e instanceof InputFileError && !/ENOENT/.test(e.message)) warn(e.message);
    return null;
  }
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not a JSON object');
    const o = v as Record<string, unknown>;
    const meta: DocumentMeta = {};
    if (typeof o.title === 'string') meta.title = o.title;
    if (typeof o.version === 'string') meta.version = o.version;
    if (typeof o.access === 'string') meta.access = o.access;
    return meta;
  } catch (e) {
    warn(`ignoring malformed ${file}: ${(e as Error).message}`);
    return null;
  }
}

/** Finds and loads documents from one folder (or from none), caching every file it loaded. */
export class DocumentStore {
  private readonly names: string[];
  private readonly loaded = new Map<string, Promise<{ pdf: LoadedPdf; index: TextIndex } | { error: string }>>();

  constructor(
    readonly dir: string | null,
    private readonly warn: (m: string) => void,
  ) {
    let names: string[] = [];
    if (dir) {
      try {
        names = readdirSync(dir).filter((n) => {
          try {
            return statSync(path.join(dir, n)).isFile();
          } catch {
            return false;
          }
        });
      } catch (e) {
        warn(`cannot list ${dir}: ${(e as Error).message}`);
      }
    }
    this.names = names;
  }

  async open(doc: DocumentRef): Promise<AuditDocument> {
    const unavailable = (file: string | null, meta: DocumentMeta, access: Exclude<DocumentAccess, { state: 'ok' | 'pending' }>): AuditDocument => ({
      state: 'unavailable',
      file,
      meta,
      access,
    });
    if (doc.generated) {
      return unavailable(null, {}, { state: 'failed', reason: 'The document is a file the model generated; it exists only in the provider’s container.' });
    }
    if (!this.dir) {
      return unavailable(null, {}, { state: 'unavailable', status: 404, reason: 'No documents folder to look in: give --docs DIR.' });
    }
    const name = matchDocumentFile(this.names, doc);
    const meta = readMeta(this.dir, `${doc.id}.meta.json`, this.warn) ?? (name ? readMeta(this.dir, `${stem(name)}.meta.json`, this.warn) : null) ?? {};
    // The reference server refuses such a document before it looks for the file; so does the audit.
    if (meta.access === 'forbidden') return unavailable(name, meta, accessFromHttpStatus(403) as Exclude<DocumentAccess, { state: 'ok' | 'pending' }>);
    if (!name) {
      const tried = lookedFor(doc);
      return unavailable(null, meta, {
        state: 'unavailable',
        status: 404,
        reason: `No file for this document in ${this.dir} (looked for ${tried.map((t) => `“${t}”`).join(', ')}).`,
      });
    }
    const file = path.join(this.dir, name);
    const format = textFormat({ url: name });
    if (format) {
      try {
        return { state: 'text', file, meta, text: readTextDocument(readInputText(file), format) };
      } catch (e) {
        return unavailable(file, meta, { state: 'failed', reason: `${name}: ${(e as Error).message}` });
      }
    }
    let pending = this.loaded.get(file);
    if (!pending) {
      pending = (async () => {
        try {
          const pdf = await loadPdf(readInputFile(file, MAX_PDF_BYTES));
          return { pdf, index: new TextIndex(pdf.pageCount) };
        } catch (e) {
          return { error: e instanceof PdfLoadError ? e.message : (e as Error).message };
        }
      })();
      this.loaded.set(file, pending);
    }
    const got = await pending;
    if ('error' in got) return unavailable(file, meta, { state: 'failed', reason: `${name}: ${got.error}` });
    return { state: 'loaded', file, meta, pdf: got.pdf, index: got.index };
  }

  async close(): Promise<void> {
    for (const p of this.loaded.values()) {
      const got = await p;
      if ('pdf' in got) await got.pdf.close().catch(() => undefined);
    }
  }
}
