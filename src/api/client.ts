import { z } from 'zod';
import type { Answer } from '../core/model/types.ts';
import type { FormatLabel } from '../core/adapters/provider.ts';
import { answerListSchema, canonicalAnswerSchema, wrappedAnswerSchema, type AnswerSummary, type WrappedAnswer, type WrappedFormat } from './answer-schema.ts';
import { authHeaders } from './auth-token.ts';
import { bareResponseWrapper, mayBeBareResponse } from '../core/model/answer-file.ts';
import { readErrorBody } from './error-schema.ts';

// Thin API client. Every response is checked (status, JSON, zod shape) and failures become an
// ApiError with a human message. See docs/api.md.

export type ApiErrorKind = 'network' | 'http' | 'invalid-json' | 'invalid-shape' | 'unsupported-format';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  url: string;
  status?: number;
  /** invalid-shape: one line per zod issue, `path: message`. */
  issues?: string[];
  /** unsupported-format: the `format` the answer declared; invalid-shape of a wrapped answer: the format read. */
  format?: string;
  /** http: the server's own error code (`error.code` of its JSON body, e.g. `invalid_json`), when it sent one. */
  code?: string;
  /** network: the server took the connection but sent no answer within this many seconds (not: no connection). */
  timeoutSeconds?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly url: string;
  readonly issues?: string[];
  readonly format?: string;
  readonly code?: string;
  readonly timeoutSeconds?: number;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.url = init.url;
    if (init.status !== undefined) this.status = init.status;
    if (init.issues !== undefined) this.issues = init.issues;
    if (init.format !== undefined) this.format = init.format;
    if (init.code !== undefined) this.code = init.code;
    if (init.timeoutSeconds !== undefined) this.timeoutSeconds = init.timeoutSeconds;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** The API base, from VITE_API_BASE_URL (default `/api`). Read at call time. */
export function apiBaseUrl(): string {
  const configured = import.meta.env?.VITE_API_BASE_URL as string | undefined;
  return configured && configured.trim() ? configured.trim() : '/api';
}

/** The absolute URL of an API path (`/answers/x`), resolved against the page (or http://localhost/ outside a browser). */
export function apiUrl(path: string): string {
  const base = new URL(apiBaseUrl(), globalThis.location?.href ?? 'http://localhost/');
  // (?<!\/): a trailing run of slashes is tried once, from its first, not from each (quadratic on a long run)
  const prefix = base.pathname.replace(/(?<!\/)\/+$/, '');
  const url = new URL(base.toString());
  const [pathname = '', query] = path.split('?', 2);
  url.pathname = `${prefix}/${pathname.replace(/^\/+/, '')}`;
  url.search = query ? `?${query}` : '';
  url.hash = '';
  return url.toString();
}

/** Formats zod issues as `path: message` lines, e.g. `sources[0].boxes[1].x1: Expected number`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${formatPath(issue.path) || '(root)'}: ${issue.message}`);
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function isAbort(e: unknown, signal?: AbortSignal): boolean {
  return (signal?.aborted ?? false) || (e instanceof Error && e.name === 'AbortError');
}

function statusText(status: number): string {
  return status >= 500 ? `HTTP ${status}` : `${status}`;
}

function httpMessage(label: string, status: number, serverMessage: string | undefined): string {
  const detail = serverMessage ? ` ${serverMessage}` : '';
  if (status === 404) return `${label} was not found (404).`;
  if (status === 403 || status === 401) return `${label} is not accessible (${status}).${detail}`;
  if (status >= 500) return `The server failed to load ${lower(label)} (${statusText(status)}).${detail}`;
  return `${label} could not be loaded (HTTP ${status}).${detail}`;
}

function lower(label: string): string {
  return label.startsWith('The ') ? `the ${label.slice(4)}` : label;
}

/** The `{ error: { code, message } }` body of an API error response (docs/api.md), as far as it is there. */
async function serverError(res: Response): Promise<{ message?: string; code?: string }> {
  try {
    return readErrorBody(await res.json());
  } catch {
    return {};
  }
}

/** How long one API request may take before it counts as a (retryable) network failure. */
export const REQUEST_TIMEOUT_MS = 20_000;

function isTimeout(e: unknown): boolean {
  return e instanceof Error && e.name === 'TimeoutError';
}

export interface FetchJsonOptions {
  signal?: AbortSignal;
  /** What is being fetched, for messages: e.g. `Answer "x"`. */
  label?: string;
}

export interface FetchJsonResult<T> {
  data: T;
  /** The absolute URL the data came from (after redirects). */
  url: string;
  /** The response's headers (a page of the answer list has its total and next page there). */
  headers: Headers;
}

/** GETs an API path, checks the status, parses JSON and validates it with `schema`. */
export async function fetchJsonWithUrl<S extends z.ZodType>(path: string, schema: S, options: FetchJsonOptions = {}): Promise<FetchJsonResult<z.output<S>>> {
  const { signal } = options;
  const requestUrl = apiUrl(path);
  const label = options.label ?? `The resource at ${requestUrl}`;

  // A server that accepts the connection and never answers must not leave the pane loading forever.
  // (A timer of our own rather than AbortSignal.timeout, which test clocks cannot advance.)
  const timeoutController = new AbortController();
  const timeout = timeoutController.signal;
  const timer = setTimeout(() => timeoutController.abort(new DOMException('The request timed out.', 'TimeoutError')), REQUEST_TIMEOUT_MS);
  const requestSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    return await fetchAndParse(requestUrl, requestSignal, schema, label, signal, timeout);
  } finally {
    clearTimeout(timer);
  }
}

async function fetchAndParse<S extends z.ZodType>(
  requestUrl: string,
  requestSignal: AbortSignal,
  schema: S,
  label: string,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
): Promise<FetchJsonResult<z.output<S>>> {
  let res: Response;
  try {
    res = await fetch(requestUrl, { headers: { Accept: 'application/json', ...authHeaders() }, signal: requestSignal });
  } catch (e) {
    if (isAbort(e, signal)) throw e; // cancellation is not an error to report
    if (timeout.aborted || isTimeout(e)) throw timedOut(label, requestUrl, e);
    // Not the browser's own words ("Failed to fetch", "NetworkError when attempting to fetch resource."): they say
    // nothing a reader can act on. They stay in `cause`, for the console.
    throw new ApiError({
      kind: 'network',
      url: requestUrl,
      message: `Could not reach the server to load ${lower(label)}. Check your connection.`,
      cause: e,
    });
  }
  const url = res.url || requestUrl;

  if (!res.ok) {
    const server = await serverError(res);
    throw new ApiError({
      kind: 'http',
      status: res.status,
      url,
      message: httpMessage(label, res.status, server.message),
      ...(server.code !== undefined && { code: server.code }),
    });
  }

  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch (e) {
    if (isAbort(e, signal)) throw e;
    if (timeout.aborted || isTimeout(e)) throw timedOut(label, url, e);
    throw new ApiError({
      kind: 'invalid-json',
      status: res.status,
      url,
      message: `The server's response for ${lower(label)} is not valid JSON.`,
      cause: e,
    });
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) throw shapeError(label, url, res.status, parsed.error);
  return { data: parsed.data as z.output<S>, url, headers: res.headers };
}

function timedOut(label: string, url: string, cause: unknown): ApiError {
  const seconds = REQUEST_TIMEOUT_MS / 1000;
  return new ApiError({
    kind: 'network',
    url,
    timeoutSeconds: seconds,
    message: `The server did not answer within ${seconds} s when loading ${lower(label)}.`,
    cause,
  });
}

/** Like fetchJsonWithUrl, returning only the data. */
export async function fetchJson<S extends z.ZodType>(path: string, schema: S, options: FetchJsonOptions = {}): Promise<z.output<S>> {
  return (await fetchJsonWithUrl(path, schema, options)).data;
}

function shapeError(label: string, url: string, status: number, error: z.ZodError): ApiError {
  const issues = formatIssues(error);
  const shown = issues.slice(0, 10).map((i) => `  - ${i}`);
  if (issues.length > shown.length) shown.push(`  - …and ${issues.length - shown.length} more`);
  return new ApiError({
    kind: 'invalid-shape',
    status,
    url,
    issues,
    message: `${label} does not have the expected shape:\n${shown.join('\n')}`,
    cause: error,
  });
}

export function fetchAnswerList(signal?: AbortSignal): Promise<AnswerSummary[]> {
  return fetchJson('/answers', answerListSchema, { label: 'The answer list', ...(signal && { signal }) });
}

/** Answers listed per page on the home page: the whole list of 100,000 answers was ~10 MB of JSON. */
export const ANSWER_PAGE_SIZE = 100;

export interface AnswerPage {
  items: AnswerSummary[];
  /** The id to ask for the next page after (`?after=`), or null on the last page. */
  next: string | null;
  /** How many answers there are in all (X-Total-Count), or null when the server does not say. */
  total: number | null;
}

/** One page of the answer list (docs/api.md: `?limit=&after=`, the next page in `Link: <…>; rel="next"`). */
export async function fetchAnswerPage(after: string | null, signal?: AbortSignal, limit = ANSWER_PAGE_SIZE): Promise<AnswerPage> {
  const query = new URLSearchParams({ limit: String(limit), ...(after !== null && { after }) });
  const { data, headers } = await fetchJsonWithUrl(`/answers?${query}`, answerListSchema, { label: 'The answer list', ...(signal && { signal }) });
  const total = Number(headers.get('X-Total-Count'));
  return { items: data, next: nextAfter(headers.get('Link')), total: headers.has('X-Total-Count') && Number.isSafeInteger(total) ? total : null };
}

/** `after` of the `rel="next"` link of a Link header (`</api/answers?limit=100&after=x>; rel="next"`), or null. */
function nextAfter(link: string | null): string | null {
  for (const part of (link ?? '').split(',')) {
    const [target = '', ...params] = part.split(';');
    if (!params.some((p) => p.trim() === 'rel="next"')) continue;
    const inner = target.trim();
    if (!inner.startsWith('<') || !inner.endsWith('>')) continue;
    try {
      return new URL(inner.slice(1, -1), 'http://server/').searchParams.get('after');
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * `canonical`: the answer file was already in the canonical form. `adapted`: a wrapped answer normalized by the
 * adapter for `format` (the detected one for `auto`), `label` naming it (it comes with the adapters, so the code
 * before page 1 carries no provider's name); `warnings` lists citations it dropped or mapped by guesswork.
 */
export type AnswerResult =
  { kind: 'canonical'; answer: Answer } | { kind: 'adapted'; format: Exclude<WrappedFormat, 'auto'>; label: FormatLabel; answer: Answer; warnings: string[] };

export async function fetchAnswer(id: string, signal?: AbortSignal): Promise<AnswerResult> {
  const label = `Answer "${id}"`;
  const { data, url } = await fetchJsonWithUrl(`/answers/${encodeURIComponent(id)}`, z.unknown(), {
    label,
    ...(signal && { signal }),
  });
  return answerFromJson(data, url, label);
}

/**
 * An answer file's JSON (canonical or wrapped) as the app reads it: validated, adapted, document URLs resolved
 * against `url` (where the answer came from). Also used for an answer handed over in memory by an embedding portal.
 * The provider adapters are loaded only for a wrapped answer, when one comes: a canonical answer never loads them.
 */
export async function answerFromJson(data: unknown, url: string, label: string): Promise<AnswerResult> {
  const format = typeof data === 'object' && data !== null && 'format' in data ? (data as { format: unknown }).format : undefined;
  if (format !== undefined && format !== 'citelens/1') {
    const wrapped = wrappedAnswerSchema.safeParse(data);
    if (!wrapped.success) throw shapeError(label, url, 200, wrapped.error);
    return adaptedFromJson(wrapped.data, url, label);
  }

  const parsed = canonicalAnswerSchema.safeParse(data);
  if (!parsed.success) {
    // Not a canonical answer: a provider's response stored as it came is read as `format: "auto"`.
    if (format === undefined && mayBeBareResponse(data)) return bareResponseFromJson(data, url, label, parsed.error);
    throw shapeError(label, url, 200, parsed.error);
  }
  const { format: _format, ...answer } = parsed.data;
  void _format;
  return {
    kind: 'canonical',
    answer: { ...answer, documents: answer.documents.map((d) => ({ ...d, url: resolveUrl(d.url, url) })) },
  };
}

// The adapters (eight providers' formats and their helpers) are a chunk of their own, off the first paint.
const loadAdapters = () => Promise.all([import('./adapt-answer.ts'), import('../core/adapters/errors.ts')]);

/**
 * A provider's response stored without a wrapper: read as `format: "auto"` under the answer's own id (the last part
 * of its URL), its documents made from what it cites. When no provider's shape is recognised, the canonical
 * answer's problems are reported, with what detection found.
 */
async function bareResponseFromJson(data: unknown, url: string, label: string, canonical: z.ZodError): Promise<AnswerResult> {
  let detection: typeof import('../core/adapters/detect.ts');
  let explain: typeof import('../core/adapters/detect-explain.ts');
  try {
    [detection, explain] = await Promise.all([import('../core/adapters/detect.ts'), import('../core/adapters/detect-explain.ts')]);
  } catch {
    throw shapeError(label, url, 200, canonical);
  }
  if (detection.detect(data).kind === 'none') {
    const error = shapeError(label, url, 200, canonical);
    error.message += `\nNor is it a provider's response citelens recognises. ${explain.explainUndetected(data)}`;
    throw error;
  }
  const last = new URL(url, 'http://x/').pathname.split('/').pop() ?? '';
  let id = last;
  try {
    id = decodeURIComponent(last);
  } catch {
    // a malformed escape stays as it is
  }
  const wrapped = wrappedAnswerSchema.parse(bareResponseWrapper(data, id));
  return adaptedFromJson(wrapped, url, label);
}

async function adaptedFromJson(wrapper: WrappedAnswer, url: string, label: string): Promise<AnswerResult> {
  let adapters: Awaited<ReturnType<typeof loadAdapters>>;
  try {
    adapters = await loadAdapters();
  } catch (e) {
    // A chunk that cannot be fetched (offline, or a release replaced it) is a network failure: retried, and said so.
    throw new ApiError({
      kind: 'network',
      url,
      message: `Could not reach the server to load the code that reads "${wrapper.format}" answers. Check your connection.`,
      cause: e,
    });
  }
  const [{ adaptWrappedAnswer, FormatDetectionError }, { isAdapterError }] = adapters;
  let adapted;
  try {
    adapted = adaptWrappedAnswer(wrapper);
  } catch (e) {
    if (e instanceof FormatDetectionError) throw unsupportedFormat(wrapper.format, url, e.message, e);
    if (isAdapterError(e)) {
      const shown = e.issues.slice(0, 10).map((i) => `  - ${i}`);
      if (e.issues.length > shown.length) shown.push(`  - …and ${e.issues.length - shown.length} more`);
      throw new ApiError({
        kind: 'invalid-shape',
        status: 200,
        url,
        issues: e.issues,
        format: e.format,
        message: `${label} does not have the expected "${e.format}" citation format:\n${shown.join('\n')}`,
        cause: e,
      });
    }
    throw e;
  }
  return {
    kind: 'adapted',
    format: adapted.format,
    label: adapted.label,
    warnings: adapted.warnings,
    answer: { ...adapted.answer, documents: adapted.answer.documents.map((d) => ({ ...d, url: resolveUrl(d.url, url) })) },
  };
}

/** Resolves a document URL against the answer's own (absolute) URL; unparseable ones stay as they are. */
export function resolveUrl(ref: string, base: string): string {
  try {
    return new URL(ref, base).toString();
  } catch {
    return ref;
  }
}

function unsupportedFormat(format: WrappedFormat, url: string, message: string, cause?: unknown): ApiError {
  return new ApiError({ kind: 'unsupported-format', url, format, message, ...(cause !== undefined && { cause }) });
}
