import { apiUrl } from './client.ts';

// Whether the server takes this page's requests (docs/security.md, "Signing in"). With API tokens configured, the
// full app at / needs one: a reverse proxy may add it to every request itself (then nothing is asked), else the
// reader types it into the sign-in form, and it is checked here before it is used.

export type AuthCheck = 'accepted' | 'refused';

/**
 * Asks for the smallest page of the answer list with `token` (none: as the page is, which a proxy may authorise).
 * A 401 is 'refused'; any other answer means the token (or the proxy) is taken. Throws when the server cannot be
 * reached, with the browser's own error.
 */
export async function checkAuth(token: string | null, signal?: AbortSignal): Promise<AuthCheck> {
  const res = await fetch(apiUrl('/answers?limit=1'), {
    headers: { Accept: 'application/json', ...(token !== null && { Authorization: `Bearer ${token}` }) },
    ...(signal && { signal }),
  });
  await res.body?.cancel();
  return res.status === 401 ? 'refused' : 'accepted';
}
