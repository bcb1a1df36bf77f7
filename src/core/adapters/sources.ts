import type { DocumentRef, Source, SourceFlag } from '../model/types.ts';

// Collects normalized sources: gives each an S-ID, collapses duplicates (same document and same passage), and
// keeps fields a provider did not give absent.

export type SourceFields = Omit<Source, 'id'>;

export interface Added {
  source: Source;
  /** The 1-based ordinal of the source: `S<n>` unless the provider chose the id. */
  n: number;
  isNew: boolean;
}

export class SourceTable {
  readonly sources: Source[] = [];
  private readonly byKey = new Map<string, Source>();
  private readonly byId = new Map<string, Source>();
  /** 1-based ordinal of each source (indexOf on every duplicate was linear). */
  private readonly ordinal = new Map<Source, number>();
  /** `id\0url` of every document, built on first use: a lookup per citation instead of a scan. */
  private documentUrls: Set<string> | undefined;

  /**
   * `documents`: the answer's documents. A source's `url` equal to its document's own URL says nothing more and is
   * dropped, so the same page cited by file id and by URL stays one source.
   */
  constructor(private readonly documents: readonly DocumentRef[] = []) {}

  /**
   * Adds a source, or returns the existing one with the same document and passage (quote, chunk, pages, text).
   * `id` is the provider's own S-ID when it has one; otherwise the next free `S<n>`.
   */
  add(input: SourceFields, id?: string): Added {
    const fields = input.url !== undefined && this.isDocumentUrl(input.documentId, input.url) ? { ...input, url: undefined } : input;
    const key = identity(fields);
    const existing = id === undefined ? this.byKey.get(key) : this.byId.get(id);
    if (existing) {
      // A collapsed duplicate still brings its flags (e.g. one of the two citations named no known document).
      for (const flag of fields.flags ?? []) addFlag(existing, flag);
      return { source: existing, n: this.ordinal.get(existing) ?? this.sources.indexOf(existing) + 1, isNew: false };
    }
    const source: Source = { id: id ?? this.nextId(), ...compact(fields) };
    if (fields.flags?.length) source.flags = fields.flags.map((f) => ({ ...f }));
    else delete source.flags;
    this.sources.push(source);
    this.ordinal.set(source, this.sources.length);
    this.byId.set(source.id, source);
    if (!this.byKey.has(key)) this.byKey.set(key, source);
    return { source, n: this.sources.length, isNew: true };
  }

  private isDocumentUrl(documentId: string | undefined, url: string): boolean {
    this.documentUrls ??= new Set(this.documents.map((d) => `${d.id}\u0000${d.url}`));
    return this.documentUrls.has(`${documentId}\u0000${url}`);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  private nextId(): string {
    let n = this.sources.length + 1;
    while (this.byId.has(`S${n}`)) n++;
    return `S${n}`;
  }
}

export function addFlag(source: Source, flag: SourceFlag): void {
  const flags = (source.flags ??= []);
  if (!flags.some((f) => f.code === flag.code && f.message === flag.message)) flags.push(flag);
}

function identity(f: SourceFields): string {
  // Everything that says WHERE the passage is: two citations that differ in any of it are two sources.
  const l = f.location;
  const where = l ? [l.charStart ?? null, l.charEnd ?? null, l.blockStart ?? null, l.blockEnd ?? null, l.resultIndex ?? null] : null;
  return JSON.stringify([
    f.documentId,
    f.quote ?? null,
    f.chunkId ?? null,
    f.chunk ?? null,
    f.page ?? null,
    f.pageEnd ?? null,
    f.section ?? null,
    f.text ?? null,
    f.url ?? null,
    where,
  ]);
}

/** Drops undefined fields, so an absent provider field stays absent (not `key: undefined`). */
export function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}
