import type { DocumentRef } from '../model/types.ts';

// Which file holds a cited document, decided from file names alone: the audit command (a folder listing) and the
// browser (files a reviewer dropped) share it, so a set of files that audits cleanly also opens in the app. A
// document is found by the first of: the base name of its `url`, `<id>.*` (a PDF first), its title (with or without
// an extension). `<name>.meta.json` files describe documents and are never documents themselves.

type DocumentKeys = Pick<DocumentRef, 'id' | 'url' | 'title'>;

export const isMetaFileName = (name: string) => name.toLowerCase().endsWith('.meta.json');
export const fileStem = (name: string) => name.replace(/\.[^.]+$/u, '');

/** The last path segment of a URL or path, decoded; null when there is none worth trying. */
export function urlBaseName(url: unknown): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  const bare = url.trim().replace(/[?#].*$/su, '');
  const last = bare.slice(bare.lastIndexOf('/') + 1);
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed escape: try the name as written
  }
  return name && name !== '.' && name !== '..' && !/[/\\\0]/u.test(name) ? name : null;
}

/** The file for a document among `names`: by URL base name, then `<id>.*` (PDF first), then title; null if none. */
export function matchDocumentFile(names: readonly string[], doc: DocumentKeys): string | null {
  const files = names.filter((n) => !isMetaFileName(n));
  const base = urlBaseName(doc.url);
  if (base && files.includes(base)) return base;
  const byId = files.filter((n) => typeof doc.id === 'string' && doc.id !== '' && n.startsWith(`${doc.id}.`)).sort();
  const pdf = byId.find((n) => n.toLowerCase().endsWith('.pdf'));
  if (pdf ?? byId[0]) return (pdf ?? byId[0])!;
  const title = typeof doc.title === 'string' ? doc.title.trim().toLowerCase() : '';
  if (!title) return null;
  const byTitle = files.filter((n) => n.toLowerCase() === title || fileStem(n).toLowerCase() === title).sort();
  return byTitle.find((n) => n.toLowerCase().endsWith('.pdf')) ?? byTitle[0] ?? null;
}

/** What a reviewer is told the app looked for, in matching order: “policy.pdf”, “vendor-policy.*”, “Vendor Policy”. */
export function lookedFor(doc: DocumentKeys): string[] {
  const tried = [urlBaseName(doc.url), doc.id ? `${doc.id}.*` : null, doc.title];
  return [...new Set(tried.filter((t): t is string => typeof t === 'string' && t.trim() !== ''))];
}

export interface FileMatches {
  /** Document id → the file name that holds it. */
  byDocument: Map<string, string>;
  /** Files no document claimed, in the order given. */
  unmatched: string[];
}

/**
 * Matches every document to one of `names`, each on its own as the audit does (two documents may share a file).
 * `previous` (document id → name) are matches made earlier that stand, so files added later only fill the gaps.
 */
export function matchDocumentFiles(docs: readonly DocumentKeys[], names: readonly string[], previous: ReadonlyMap<string, string> = new Map()): FileMatches {
  const byDocument = new Map(previous);
  for (const doc of docs) {
    if (byDocument.has(doc.id)) continue;
    const name = matchDocumentFile(names, doc);
    if (name !== null) byDocument.set(doc.id, name);
  }
  const used = new Set(byDocument.values());
  return { byDocument, unmatched: names.filter((n) => !used.has(n)) };
}
