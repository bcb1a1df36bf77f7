import { DOCUMENT_VERSION_HEADER } from '../core/review/document-check.ts';
import { authHeaders } from './auth-token.ts';

/**
 * The version the server serves a document at (`X-Citelens-Document-Version`, docs/api.md), read with a HEAD
 * request: pdf.js loads the bytes but does not hand us its response headers. Undefined when the server names no
 * version or the request fails: a version we cannot read is not a mismatch.
 */
export async function fetchDocumentVersion(url: string, signal: AbortSignal, headers: Record<string, string> = {}): Promise<string | undefined> {
  // A local file (blob:) has no server and no version; a HEAD on it would only fail (and trip the CSP's connect-src).
  if (!/^https?:/i.test(url)) return undefined;
  try {
    // With the API token when there is one (embedded views): like pdf.js's own requests for the same document.
    const response = await fetch(url, { method: 'HEAD', headers: { ...authHeaders(), ...headers }, signal, credentials: 'same-origin' });
    if (!response.ok) return undefined;
    return decodeDocumentVersion(response.headers.get(DOCUMENT_VERSION_HEADER));
  } catch {
    return undefined;
  }
}

/**
 * The header carries the version percent-encoded as UTF-8 (header values cannot hold "2026-03 — draft"; docs/api.md).
 * A value that is not valid percent-encoding (a server that sends a raw "50%") is taken as it is.
 */
export function decodeDocumentVersion(header: string | null): string | undefined {
  const raw = header?.trim();
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).trim() || undefined;
  } catch {
    return raw;
  }
}
