// Building a DocumentCheck from what the shell saw: the document response's status and version header, and the
// loaded PDF. Pure: the fetch and the PDF loading stay in the viewer and the CLI.
import type { TextIndex } from '../locate/text-index.ts';
import type { DocumentAccess, DocumentCheck } from './types.ts';

/** The header the reference server (and any compatible backend) names the served document version in. */
export const DOCUMENT_VERSION_HEADER = 'X-Citelens-Document-Version';

/** How a 401/403/404 reads after the document's name: "“Policy” was not found (404)". */
export const ACCESS_PHRASES: Readonly<Record<401 | 403 | 404, string>> = {
  401: 'needs you to sign in (401)',
  403: 'is locked: you are not allowed to see it (403)',
  404: 'was not found (404)',
};

/**
 * The access state for an HTTP status: 2xx ok, 401/403/404 unavailable (with the server's message when it gave one),
 * anything else failed. `message` is shown to the reviewer as the server's reason, never the document's content.
 */
export function accessFromHttpStatus(status: number, message?: string): DocumentAccess {
  if (status >= 200 && status < 300) return { state: 'ok' };
  const detail = typeof message === 'string' && message.trim() ? ` The server said: “${message.trim().slice(0, 200)}”` : '';
  if (status === 401 || status === 403 || status === 404) {
    return { state: 'unavailable', status, reason: `The document ${ACCESS_PHRASES[status]}.${detail}` };
  }
  return { state: 'failed', reason: `The document could not be fetched (HTTP ${status}).${detail}` };
}

/**
 * Whether a document has a text layer, from its index: true once any indexed page has text, false when every page
 * is indexed and none has any, undefined while it cannot be told yet.
 */
export function textLayerOf(index: TextIndex, pageCount: number): boolean | undefined {
  const pages = index.pageNumbers();
  if (pages.some((p) => (index.get(p)?.key.length ?? 0) > 0)) return true;
  return pages.length >= pageCount && pageCount > 0 ? false : undefined;
}

/** A check for a document that loaded. `version` is the `X-Citelens-Document-Version` header's value (or null). */
export function loadedDocumentCheck(documentId: string, opts: { version?: string | null; pageCount: number; hasTextLayer?: boolean }): DocumentCheck {
  const check: DocumentCheck = { documentId, access: { state: 'ok' }, pageCount: opts.pageCount };
  if (typeof opts.version === 'string' && opts.version.trim()) check.servedVersion = opts.version.trim();
  if (opts.hasTextLayer !== undefined) check.hasTextLayer = opts.hasTextLayer;
  return check;
}
