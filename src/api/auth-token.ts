// The bearer token for /api (docs/embed.md, "API tokens"). Held in this module's memory only: never in a URL, a log
// or web storage (any script on the origin could read storage, and it would outlive the session). It comes from the
// embedding portal (postMessage `setToken`) or from a signed embed link's session, and may be replaced at any time.

/** A token as the server accepts one: RFC 6750 token68 characters, so it is always a valid header value. */
const TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

let current: string | null = null;
const listeners = new Set<() => void>();

/**
 * The headers pdf.js sends with every document request (`httpHeaders` of getDocument). One object for the life of
 * the page, updated in place: pdf.js copies it when a document starts loading, so a new token applies to the next
 * load without handing react-pdf new options (which would reload every open document).
 */
export const documentRequestHeaders: Record<string, string> = {};

export function isValidToken(token: string): boolean {
  return token.length >= 1 && token.length <= 4096 && TOKEN.test(token);
}

/** Sets (or, with null, forgets) the token. Returns false, changing nothing, for a value that is not a token. */
export function setApiToken(token: string | null): boolean {
  if (token !== null && !isValidToken(token)) return false;
  current = token;
  if (token === null) delete documentRequestHeaders.Authorization;
  else documentRequestHeaders.Authorization = `Bearer ${token}`;
  for (const listener of [...listeners]) listener();
  return true;
}

/** Calls `listener` whenever the token is set or forgotten (useSyncExternalStore's subscribe). */
export function onApiTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasApiToken(): boolean {
  return current !== null;
}

/** `{ Authorization }` when a token is set, else nothing: spread into every /api request's headers. */
export function authHeaders(): Record<string, string> {
  return current === null ? {} : { Authorization: `Bearer ${current}` };
}
