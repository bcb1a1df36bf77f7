import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { authHeaders } from './auth-token.ts';

// A cited Markdown or plain-text document, fetched as text for the viewer and the review checks (one React Query
// entry per URL, so both share one download). The response is checked like every other: its Content-Type must be
// a text type (a PDF served under a text document's name is an error, not mojibake), and it is read up to a size
// cap, so a huge or endless file cannot freeze the tab while it is parsed and drawn.

/** 2 MiB of text is several hundred pages; a larger file is refused with a clear message. */
export const MAX_TEXT_DOCUMENT_BYTES = 2 * 1024 * 1024;

const textContentType = z
  .string()
  .transform((v) => v.split(';')[0]!.trim().toLowerCase())
  .pipe(z.enum(['text/markdown', 'text/x-markdown', 'text/plain']));

export type TextDocumentErrorKind = 'network' | 'http' | 'not-text' | 'too-large';

export class TextDocumentError extends Error {
  override readonly name = 'TextDocumentError';
  constructor(
    readonly kind: TextDocumentErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface TextDocument {
  text: string;
  /** The served media type, without parameters ("text/markdown"). */
  mediaType: string;
}

export async function fetchTextDocument(url: string, signal: AbortSignal, maxBytes = MAX_TEXT_DOCUMENT_BYTES): Promise<TextDocument> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: 'text/markdown, text/plain', ...authHeaders() }, signal, credentials: 'same-origin' });
  } catch (e) {
    signal.throwIfAborted();
    throw new TextDocumentError('network', `The document could not be reached (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (!res.ok) {
    const what = res.status === 404 ? 'was not found' : res.status === 401 || res.status === 403 ? 'is not accessible' : 'could not be loaded';
    throw new TextDocumentError('http', `The document ${what} (HTTP ${res.status}).`, res.status);
  }
  // A file the reviewer opened locally (a blob: URL) was typed by its name when it was added; the blob's own type is
  // whatever the browser guessed, often nothing, so it is not asked again.
  const local = url.startsWith('blob:');
  const type = local ? { success: true as const, data: 'text/plain' } : textContentType.safeParse(res.headers.get('content-type') ?? '');
  if (!type.success) {
    throw new TextDocumentError('not-text', `The server sent “${res.headers.get('content-type') ?? 'no type'}”, not Markdown or plain text.`);
  }
  const tooLarge = () =>
    new TextDocumentError('too-large', `The document is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, too large to show here; open the original instead.`);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void res.body?.cancel();
    throw tooLarge();
  }
  const bytes = await readCapped(res, maxBytes, tooLarge);
  return { text: new TextDecoder('utf-8').decode(bytes), mediaType: type.data };
}

/** The body, stopping (and cancelling the download) as soon as it passes `maxBytes`. */
async function readCapped(res: Response, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export function textDocumentQuery(url: string) {
  return queryOptions({
    queryKey: ['text-document', url] as const,
    queryFn: ({ signal }) => fetchTextDocument(url, signal),
    // A 4xx or a refused type will not change on retry; a network failure may.
    retry: (count, error) => count < 2 && error instanceof TextDocumentError && error.kind === 'network',
    staleTime: 5 * 60_000,
  });
}
