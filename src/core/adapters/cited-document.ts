import type { DocumentRef, SourceFlag } from '../model/types.ts';
import { resolveDocumentFields } from './common.ts';
import type { DocumentMatcher, DocumentReference } from './documents.ts';

// The document half of a source, shared by the adapters of providers that cite by URL, file or title: the wrapper
// document (flagged `document-guessed` when it was the only one and nothing matched) and the provider's web address,
// kept on the source only when it is not the document's own URL (a web page read by a search tool, a blob URL).

export interface CitedDocument {
  documentId: string;
  flags?: SourceFlag[];
  url?: string;
}

export function citedDocument(
  matcher: DocumentMatcher,
  documents: readonly DocumentRef[],
  ref: DocumentReference,
  warnings: string[],
  what: string,
  url?: string,
): CitedDocument | undefined {
  const resolved = resolveDocumentFields(matcher, ref, warnings, what);
  if (!resolved) return undefined;
  const own = documents.find((d) => d.id === resolved.documentId)?.url;
  return { ...resolved, ...(url && url !== own ? { url } : {}) };
}
