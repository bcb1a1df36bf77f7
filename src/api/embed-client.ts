import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiUrl, fetchJson, formatIssues } from './client.ts';
import { appConfigSchema } from './config-schema.ts';
import { embedSessionResponseSchema, type EmbedSessionRequest, type EmbedSessionResponse } from './embed-session-schema.ts';

// The two requests of embed mode (docs/embed.md): the server's settings, and a signed link traded for a session
// token. Neither sends or needs a bearer token.

export function configQuery() {
  return queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => fetchJson('/config', appConfigSchema, { label: 'The server settings', ...(signal && { signal }) }),
    // Settings change only with a server restart.
    staleTime: Infinity,
  });
}

/**
 * POSTs a signed link's parameters to /api/embed/session. Throws ApiError (the server's code in `message`) when the
 * link is refused. The link is never put into an error message: it is a credential.
 */
export async function startEmbedSession(link: EmbedSessionRequest, signal?: AbortSignal): Promise<EmbedSessionResponse> {
  const url = apiUrl('/embed/session');
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(link),
      ...(signal && { signal }),
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError({ kind: 'network', url, message: 'Could not reach the server to open this embed link.', cause: e });
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // handled below by status and shape
  }
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new ApiError({
      kind: 'http',
      status: res.status,
      url,
      message: typeof message === 'string' ? message : `The server refused this embed link (HTTP ${res.status}).`,
    });
  }
  const parsed = embedSessionResponseSchema.safeParse(body);
  if (!parsed.success) {
    const issues = formatIssues(parsed.error);
    throw new ApiError({ kind: 'invalid-shape', status: res.status, url, issues, message: 'The embed session response does not have the expected shape.' });
  }
  return parsed.data;
}
