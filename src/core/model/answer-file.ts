import type { DocumentRef } from './types.ts';

// How an answer file's JSON is read before it is validated, the same way by every reader (the server, the app,
// the command line's adapt and audit, local files): documents stored without `url` get the address their reader
// serves them at, and a provider's response stored without a wrapper is read as if wrapped with `format: "auto"`.
// Pure: the JSON in, the JSON to validate out.

/** Where the reference server serves a stored document (docs/api.md); what a missing `url` means in a stored file. */
export const storedDocumentUrl = (id: string): string => `/api/documents/${encodeURIComponent(id)}`;

/**
 * The answer file's JSON with every document that has no `url` (absent or null) given `urlOf(id)`
 * (docs/answer-format.md: "may be left out in the stored file"). Anything that is not such a list is left as it is.
 */
export function fillDocumentUrls(data: unknown, urlOf: (id: string) => string): unknown {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { documents?: unknown }).documents)) return data;
  const documents = (data as { documents: unknown[] }).documents.map((d) =>
    typeof d === 'object' && d !== null && (d as { url?: unknown }).url == null && typeof (d as { id?: unknown }).id === 'string'
      ? { ...d, url: urlOf((d as { id: string }).id) }
      : d,
  );
  return { ...data, documents };
}

/** What may be a provider's response stored as it came: an array (a recorded event stream), or an object without `format`. */
export function mayBeBareResponse(data: unknown): boolean {
  return Array.isArray(data) || (typeof data === 'object' && data !== null && !('format' in data));
}

/**
 * A provider's response stored as it came, wrapped to be read with `format: "auto"`. Its documents are the ones
 * given (files dropped with it) or none: the adapters then make one per document the response names.
 */
export function bareResponseWrapper(payload: unknown, id: string, documents: DocumentRef[] = []) {
  return { id: id || 'answer', format: 'auto' as const, documents, payload };
}
