import { parseAnswerMarkdown, type ParsedMarkdown } from '../markdown/parse-answer-markdown.ts';
import { extractClaims, type Claim, type ClaimCitation } from './claims.ts';
import { resolveMarker } from './resolve.ts';
import type { Answer, CitationSpan, Source } from './types.ts';

// The answer as reviewers see it (issue #3 §3–4): claims, uncited sentences, the citations in order of first
// appearance, markers naming nothing, and the sources with duplicates collapsed.

export interface ModelCitation {
  /** The key of the first marker (or explicit span) citing the source. */
  key: string;
  /** The kept source's S-ID (after duplicate collapse). */
  sourceId: string;
  /** Offset of that first marker's token (or of the explicit span's start when its marker is not in the text). */
  firstStart: number;
}

export interface InvalidMarker {
  key: string;
  /** The token's span: `text.slice(start, end)` is "7" inside "[1, 7]", "S9" in "[S9]". */
  start: number;
  end: number;
}

export interface AnswerModel {
  /** Every content sentence, cited or not, in text order. Cut on first read (a getter). */
  readonly claims: Claim[];
  /** Content sentences with no marker and no explicit span. */
  readonly uncited: Claim[];
  /** Citations from the provider's explicit spans (`Answer.spans`), in text order; [] when it gave none. */
  explicitCitations: ClaimCitation[];
  /** One entry per cited source, in order of first appearance. */
  citations: ModelCitation[];
  invalidMarkers: InvalidMarker[];
  /** The answer's sources with duplicates (same document, chunkId and quote) collapsed into the first. */
  sources: Source[];
  /** Marker key ("2", "S5") → source, honouring the collapse: a collapsed S-ID resolves to the kept source. */
  resolve(key: string): Source | undefined;
  /** The answer text's one Markdown parse: the renderer draws this tree, so its marker buttons are `markdown.markers`. */
  markdown: ParsedMarkdown;
}

/**
 * Build the model. Never throws: malformed answers give an empty-ish model. `parsed`: the text's Markdown parse when
 * it was made elsewhere (off the main thread, for a long answer); used only when it is of this very text.
 */
export function buildAnswerModel(answer: Answer, locale?: string, parsed?: ParsedMarkdown): AnswerModel {
  const safe = sanitize(answer);
  const { sources, keptOf } = collapseSources(safe.sources);
  const byId = new Map<string, Source>();
  for (const s of sources) if (!byId.has(s.id)) byId.set(s.id, s);

  const resolve = (key: string): Source | undefined => {
    try {
      const original = resolveMarker(safe, key);
      if (!original) return undefined;
      return byId.get(keptOf.get(original.id) ?? original.id);
    } catch {
      return undefined;
    }
  };
  const canonicalId = (sourceId: string) => byId.get(keptOf.get(sourceId) ?? sourceId)?.id;

  const spans: CitationSpan[] = [];
  for (const span of safe.spans ?? []) {
    const id = span && typeof span.sourceId === 'string' ? canonicalId(span.sourceId) : undefined;
    if (id !== undefined) spans.push({ ...span, sourceId: id });
  }

  const markdown = parsed && parsed.text === safe.text ? parsed : parseAnswerMarkdown(safe.text);
  // Claims (sentence splitting over the whole text: seconds for a 10,000-claim answer) are cut when first read, not
  // before the answer can paint: the renderer needs only the parse, and the review panel's claims come from a worker.
  let claims: Claim[] | undefined;
  const claimsOf = (): Claim[] => {
    if (claims) return claims;
    try {
      claims = extractClaims(safe.text, { locale, resolve: (key) => resolve(key)?.id, spans, markdown });
    } catch {
      claims = [];
    }
    return claims;
  };
  let uncited: Claim[] | undefined;

  // Citations and invalid markers come from every marker the reader sees, not only those inside claims, so a marker
  // in a heading or after a question still counts.
  const firsts: Array<{ key: string; sourceId: string; firstStart: number }> = [];
  const invalidMarkers: InvalidMarker[] = [];
  for (const g of markdown.markers) {
    for (const ref of g.refs) {
      const source = resolve(ref.key);
      if (source) firsts.push({ key: ref.key, sourceId: source.id, firstStart: ref.start });
      else invalidMarkers.push({ key: ref.key, start: ref.start, end: ref.end });
    }
  }
  // Only explicit spans make citations that no marker makes: without spans the claims need not be cut for them.
  const explicitCitations = spans.length === 0 ? [] : claimsOf().flatMap((claim) => claim.citations.filter((c) => c.explicit));
  for (const c of explicitCitations) {
    firsts.push({ key: c.key, sourceId: c.sourceId, firstStart: c.markerEnd > c.markerStart ? c.markerStart : c.answerStart });
  }
  firsts.sort((a, b) => a.firstStart - b.firstStart);
  const seen = new Set<string>();
  const citations: ModelCitation[] = [];
  for (const f of firsts) {
    if (seen.has(f.sourceId)) continue;
    seen.add(f.sourceId);
    citations.push(f);
  }

  return {
    get claims() {
      return claimsOf();
    },
    get uncited() {
      return (uncited ??= claimsOf().filter((c) => c.citations.length === 0 && c.markers.length === 0));
    },
    explicitCitations,
    citations,
    invalidMarkers,
    sources,
    resolve,
    markdown,
  };
}

/** A copy of the fields we read, with anything of the wrong type replaced by an empty value. */
function sanitize(answer: Answer): Answer {
  const a = (answer && typeof answer === 'object' ? answer : {}) as Partial<Answer>;
  const sources = Array.isArray(a.sources) ? a.sources.filter((s): s is Source => !!s && typeof s === 'object' && typeof (s as Source).id === 'string') : [];
  const citations = Array.isArray(a.citations)
    ? a.citations.filter((c) => !!c && typeof c === 'object' && typeof c.n === 'number' && typeof c.sourceId === 'string')
    : undefined;
  return {
    id: typeof a.id === 'string' ? a.id : '',
    text: typeof a.text === 'string' ? a.text : '',
    documents: Array.isArray(a.documents) ? a.documents : [],
    sources,
    citations,
    spans: Array.isArray(a.spans) ? a.spans.filter((s) => !!s && typeof s === 'object') : undefined,
  };
}

/**
 * Sources with the same document, chunkId and quote are one passage cited twice: keep the first, map the others'
 * ids to it, and flag the kept one. Sources without a chunkId are never collapsed (nothing says they are the same).
 */
function collapseSources(input: readonly Source[]): { sources: Source[]; keptOf: Map<string, string> } {
  const keptOf = new Map<string, string>();
  const firstByPassage = new Map<string, number>();
  const out: Source[] = [];
  const dropped = new Map<number, string[]>();
  for (const source of input) {
    if (typeof source.chunkId === 'string' || typeof source.chunkId === 'number') {
      const passage = JSON.stringify([source.documentId ?? null, String(source.chunkId), source.quote ?? null]);
      const kept = firstByPassage.get(passage);
      if (kept !== undefined) {
        const keptSource = out[kept]!;
        if (keptSource.id !== source.id) keptOf.set(source.id, keptSource.id);
        dropped.set(kept, [...(dropped.get(kept) ?? []), source.id]);
        continue;
      }
      firstByPassage.set(passage, out.length);
    }
    out.push(source);
  }
  const sources = out.map((source, i) => {
    const others = dropped.get(i);
    if (!others) return source;
    const flag = {
      code: 'duplicate-collapsed' as const,
      message: `${others.join(', ')} cite${others.length === 1 ? 's' : ''} the same passage (chunk ${String(source.chunkId)}, same quote) as ${source.id}; shown once as ${source.id}.`,
    };
    return { ...source, flags: [...(Array.isArray(source.flags) ? source.flags : []), flag] };
  });
  return { sources, keptOf };
}
