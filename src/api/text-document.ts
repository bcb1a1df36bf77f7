import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { translateEnglish, type Translate } from '../core/i18n/translate.ts';
import { concatBytes } from '../core/documents/concat-bytes.ts';
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

/** What went wrong, as data, so the viewer can say it in the reader's language (textProblemText). */
export type TextProblem =
  /** `detail`: the browser's own words. */
  | { kind: 'network'; detail: string }
  | { kind: 'http'; status: number }
  /** `type`: the served Content-Type, null when there was none. */
  | { kind: 'not-text'; type: string | null }
  | { kind: 'too-large'; megabytes: number };

/** A problem in words: English (the error's message, the review's detail) unless a translator is handed in. */
export function textProblemText(problem: TextProblem, t: Translate = translateEnglish): string {
  switch (problem.kind) {
    case 'network':
      return t('textError.network', { detail: problem.detail });
    case 'http': {
      const { status } = problem;
      return t(status === 404 ? 'textError.notFound' : status === 401 || status === 403 ? 'textError.notAccessible' : 'textError.httpFailed', { status });
    }
    case 'not-text':
      return problem.type === null ? t('textError.untyped') : t('textError.notText', { type: problem.type });
    case 'too-large':
      return t('textError.tooLarge', { limit: problem.megabytes });
  }
}

export class TextDocumentError extends Error {
  override readonly name = 'TextDocumentError';
  readonly kind: TextDocumentErrorKind;
  readonly status?: number;
  constructor(readonly problem: TextProblem) {
    super(textProblemText(problem));
    this.kind = problem.kind;
    if (problem.kind === 'http') this.status = problem.status;
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
    throw new TextDocumentError({ kind: 'network', detail: e instanceof Error ? e.message : String(e) });
  }
  if (!res.ok) {
    throw new TextDocumentError({ kind: 'http', status: res.status });
  }
  // A file the reviewer opened locally (a blob: URL) was typed by its name when it was added; the blob's own type is
  // whatever the browser guessed, often nothing, so it is not asked again.
  const local = url.startsWith('blob:');
  const type = local ? { success: true as const, data: 'text/plain' } : textContentType.safeParse(res.headers.get('content-type') ?? '');
  if (!type.success) {
    throw new TextDocumentError({ kind: 'not-text', type: res.headers.get('content-type') });
  }
  const tooLarge = () => new TextDocumentError({ kind: 'too-large', megabytes: Math.round(maxBytes / 1024 / 1024) });
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
  return concatBytes(chunks, size);
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
