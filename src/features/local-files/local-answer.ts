import type { AnswerResult } from '../../api/client.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import { urlBaseName } from '../../core/documents/match-document-file.ts';
import { documentKind } from '../../core/model/document-kind.ts';
import type { DocumentRef } from '../../core/model/types.ts';

// An answer opened from files on the reviewer's disk. It is read with the same code as a fetched answer, its
// documents are matched to the files by core's rule (the audit command's), and every matched file becomes a blob:
// URL. Nothing is sent anywhere. A document with no file keeps an address no browser can load (`local-file:`), so
// whatever asks for it fails at once instead of quietly fetching the server's copy of a same-named document.
// Reading the files is read-local-answer.ts, its own chunk (loaded when files are picked or dropped): the answer
// route's first page needs only the ids and the types here (issue #37).

/** Ids of local answers: the content hash of the answer file, so the same file is the same answer (and review). */
export const LOCAL_PREFIX = 'local-';
/** Where a document with no file points: an address no browser loads. */
export const NO_FILE_BASE = 'local-file:///';

export function isLocalAnswerId(id: string): boolean {
  return id.startsWith(LOCAL_PREFIX);
}

/** A document of a local answer whose file has not been given. */
export function isMissingLocalFile(doc: DocumentRef): boolean {
  return doc.url.startsWith('local-file:');
}

/** What a reviewer calls a document they must find on disk: its file name when the answer gives one, else its title. */
export function missingFileLabel(doc: DocumentRef): string {
  const base = urlBaseName(doc.url);
  return base && /\.[a-z0-9]{1,5}$/iu.test(base) ? base : doc.title;
}

export interface LocalDocumentFile {
  name: string;
  /** blob: URL; revoked when the local answer is closed or replaced. */
  url: string;
  mediaType: string;
}

export interface LocalAnswer {
  id: string;
  /** The answer file's name. */
  answerFile: string;
  /** As read, documents not yet pointed at files. */
  read: AnswerResult;
  /** Document id → its file. */
  files: ReadonlyMap<string, LocalDocumentFile>;
  /** Names of files given that no document matched. */
  unmatched: readonly string[];
}

export const isAnswerFile = (f: { name: string; type: string }) => /\.json$/iu.test(f.name) || f.type === 'application/json';

/** The documents that need a file from disk: not web pages, not files that live only in a provider's container. */
export function needsFile(doc: DocumentRef): boolean {
  return documentKind(doc, storeOrigins()).kind === 'pdf' || isMissingLocalFile(doc);
}

/** Documents that need a file and have none yet. */
export function missingDocuments(local: LocalAnswer): DocumentRef[] {
  return local.read.answer.documents.filter((d) => needsFile(d) && !local.files.has(d.id));
}
