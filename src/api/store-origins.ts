import { apiUrl } from './client.ts';

// The origins whose documents are ours (see documentKind in src/core/model/document-kind.ts): the page's own, and
// the API's when VITE_API_BASE_URL puts it on another host. A document URL on any other origin is a web page.

let known: readonly string[] | undefined;

/** Worked out once: neither origin changes while the page lives, and every marker drawn asks (a URL parse each). */
export function storeOrigins(): readonly string[] {
  if (known) return known;
  const origins = new Set<string>();
  if (globalThis.location?.origin) origins.add(globalThis.location.origin);
  try {
    origins.add(new URL(apiUrl('/')).origin);
  } catch {
    // An unparseable API base leaves only the page's origin, which is where the documents then come from.
  }
  known = Object.freeze([...origins]);
  return known;
}
