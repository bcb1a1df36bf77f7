// Building a DocumentCheck from what the shell saw: the document response's status and version header, and the
// loaded PDF. Pure: the fetch and the PDF loading stay in the viewer and the CLI.
import type { TextIndex } from '../locate/text-index.ts';
import type { AccessMessage, AccessStatus } from './review-message.ts';
import { reviewText } from './review-text.ts';
import type { DocumentAccess, DocumentCheck } from './types.ts';

/** The header the reference server (and any compatible backend) names the served document version in. */
export const DOCUMENT_VERSION_HEADER = 'X-Citelens-Document-Version';

/**
 * The access state for an HTTP status: 2xx ok, 401/403/404 unavailable (with the server's message when it gave one),
 * anything else failed. `message` is shown to the reviewer as the server's reason, never the document's content.
 */
export function accessFromHttpStatus(status: number, message?: string): DocumentAccess {
  if (status >= 200 && status < 300) return { state: 'ok' };
  const serverSaid = typeof message === 'string' && message.trim() ? message.trim().slice(0, 200) : undefined;
  const said = serverSaid !== undefined ? { serverSaid } : {};
  if (status === 401 || status === 403 || status === 404) return deniedAccess({ kind: 'access-denied', status, ...said });
  return failedAccess({ kind: 'fetch-failed', httpStatus: status, ...said });
}

/** A document refused with 401/403/404 (or missing): its reason as data, and in English. */
export function deniedAccess(message: AccessMessage, status: AccessStatus = message.kind === 'access-denied' ? message.status : 404): DocumentAccess {
  return { state: 'unavailable', status, reason: reviewText(message), message };
}

/** A document that could not be had for another reason: its reason as data, and in English. */
export function failedAccess(message: AccessMessage): DocumentAccess {
  return { state: 'failed', reason: reviewText(message), message };
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
