import type { DocumentRef } from '../model/types.ts';
import type { AdapterInput } from './types.ts';

// Maps a provider's reference to a document (an id, an index, a file name, a URL, a title) onto the wrapper's
// `documents[]`, which is the only list of documents the app can open.

export interface DocumentReference {
  /** A document id (document_id, documentId, file_id). */
  id?: string;
  /** A 0-based position in the list of documents sent to the provider (Anthropic document_index, RubyLLM source_index). */
  index?: number;
  url?: string;
  title?: string;
  /** A file name (OpenAI filename). */
  filename?: string;
  /** Something that may be any of id, URL, file name or title (raglite `source`). */
  any?: string;
}

export type DocumentMatch =
  | { kind: 'matched'; doc: DocumentRef; by: string }
  /** Nothing matched; mapped to the wrapper's only document. */
  | { kind: 'fallback'; doc: DocumentRef }
  | { kind: 'none' };

export class DocumentMatcher {
  /**
   * Documents made from the provider's own references, when the wrapper lists none: a provider response read
   * without a wrapper still names what it cites (a URL, a file name, a title), and dropping every citation of it
   * would lose the evidence. `assemble` adds them to the answer's documents.
   */
  readonly created: DocumentRef[] = [];
  private readonly byKey = new Map<string, DocumentRef>();

  constructor(private readonly docs: readonly DocumentRef[]) {}

  match(ref: DocumentReference): DocumentMatch {
    if (this.docs.length === 0) return this.create(ref);
    const docs = this.docs;
    const tryAll = (by: string, pred: (d: DocumentRef) => boolean): DocumentMatch | undefined => {
      const doc = docs.find(pred);
      return doc ? { kind: 'matched', doc, by } : undefined;
    };
    const names = [ref.id, ref.any, ref.filename].filter(isText);
    const urls = [ref.url, ref.any].filter(isText);
    const titles = [ref.title, ref.filename, ref.any].filter(isText);
    const found =
      firstOf(names.map((n) => () => tryAll('id', (d) => d.id === n))) ??
      (ref.index !== undefined && Number.isInteger(ref.index) && ref.index >= 0 && ref.index < docs.length
        ? { kind: 'matched' as const, doc: docs[ref.index]!, by: 'index' }
        : undefined) ??
      firstOf(urls.map((u) => () => tryAll('url', (d) => sameUrl(d.url, u)))) ??
      firstOf(titles.map((t) => () => tryAll('title', (d) => d.title === t))) ??
      firstOf(titles.map((t) => () => tryAll('title', (d) => fold(d.title) === fold(t)))) ??
      firstOf([...names, ...urls].map((n) => () => tryAll('file name', (d) => baseName(d.url) === baseName(n) && baseName(n) !== ''))) ??
      firstOf([...titles, ...urls].map((t) => () => tryAll('file name', (d) => fold(stripExtension(baseName(d.url))) === fold(stripExtension(baseName(t))))));
    if (found) return found;
    if (docs.length === 1) return { kind: 'fallback', doc: docs[0]! };
    return { kind: 'none' };
  }

  /** The document a reference names, made once per reference (by URL, file name, title, id, then index). */
  private create(ref: DocumentReference): DocumentMatch {
    const url = [ref.url, ref.any].find((u) => isText(u) && /^https?:\/\//i.test(u));
    const name = [ref.filename, ref.any, ref.title, ref.id].find(isText);
    const keys = [
      url && `url:${stripQuery(url)}`,
      name && `name:${fold(name)}`,
      ref.id && `id:${ref.id}`,
      ref.index !== undefined && `index:${ref.index}`,
    ].filter((k): k is string => typeof k === 'string');
    if (keys.length === 0) return { kind: 'none' };
    // A web address tells two pages of the same title apart: with one, only it (or the id) finds a made document.
    const lookup = url ? keys.filter((k) => k.startsWith('url:') || k.startsWith('id:')) : keys;
    const known = lookup.map((k) => this.byKey.get(k)).find((d) => d !== undefined);
    if (known) return { kind: 'matched', doc: known, by: 'the response' };
    const label = ref.title ?? ref.filename ?? name ?? url ?? `Document ${(ref.index ?? 0) + 1}`;
    const id = this.freeId(
      slug(ref.id ?? name ?? (url ? new URL(url).hostname + new URL(url).pathname : '')) || `document-${(ref.index ?? this.created.length) + 1}`,
    );
    // Relative to the answer, as a stored answer's documents are: the server serves `documents/<id>`.
    const doc: DocumentRef = { id, title: label, url: url ?? `../documents/${encodeURIComponent(id)}` };
    this.created.push(doc);
    for (const k of keys) if (!this.byKey.has(k)) this.byKey.set(k, doc);
    return { kind: 'matched', doc, by: 'the response' };
  }

  private freeId(base: string): string {
    let id = base;
    for (let n = 2; this.created.some((d) => d.id === id); n++) id = `${base}-${n}`;
    return id;
  }
}

/** `Vendor Policy v2.pdf` → `vendor-policy-v2`: a document id from a name. */
function slug(name: string): string {
  const dashed = stripExtension(name.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  // Dashes off both ends without a `-+$` search (quadratic over a long run of dashes).
  let start = 0;
  let end = dashed.length;
  while (start < end && dashed[start] === '-') start++;
  while (end > start && dashed[end - 1] === '-') end--;
  return dashed.slice(start, Math.min(end, start + 60));
}

const matchers = new WeakMap<AdapterInput, DocumentMatcher>();

/** The one matcher of an adapter run, so the documents it made are the answer's (common.ts `assemble`). */
export function matcherFor(input: AdapterInput): DocumentMatcher {
  let m = matchers.get(input);
  if (!m) matchers.set(input, (m = new DocumentMatcher(input.documents)));
  return m;
}

/** A readable description of a reference, for warnings. */
export function describeReference(ref: DocumentReference): string {
  const parts: string[] = [];
  if (ref.id !== undefined) parts.push(`id "${ref.id}"`);
  if (ref.any !== undefined) parts.push(`"${ref.any}"`);
  if (ref.filename !== undefined) parts.push(`file "${ref.filename}"`);
  if (ref.title !== undefined) parts.push(`title "${ref.title}"`);
  if (ref.url !== undefined) parts.push(`URL ${ref.url}`);
  if (ref.index !== undefined) parts.push(`index ${ref.index}`);
  return parts.length ? parts.join(', ') : 'no document reference';
}

function firstOf<T>(attempts: Array<() => T | undefined>): T | undefined {
  for (const attempt of attempts) {
    const r = attempt();
    if (r !== undefined) return r;
  }
  return undefined;
}

function isText(s: string | undefined): s is string {
  return typeof s === 'string' && s.trim() !== '';
}

function fold(s: string): string {
  return s.normalize('NFC').trim().toLowerCase();
}

function sameUrl(a: string, b: string): boolean {
  if (a === b) return true;
  return stripQuery(a) === stripQuery(b) && stripQuery(a).includes('/');
}

function stripQuery(u: string): string {
  return u.replace(/[?#].*$/, '').replace(/(?<!\/)\/+$/, '');
}

/** The last path segment of a URL or path, decoded: `/api/documents/policy%20v2.pdf` → `policy v2.pdf`. */
function baseName(u: string): string {
  const last = stripQuery(u).split(/[\\/]/).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function stripExtension(name: string): string {
  return name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
}
