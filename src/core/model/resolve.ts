import type { Answer, DocumentRef, Source } from './types.ts';

// How a marker key names a source: `[S2]` names the S-ID; `[n]` goes through `citations` when the answer has
// that mapping, and otherwise means the n-th source (1-based).

export function resolveMarker(answer: Answer, key: string): Source | undefined {
  if (/^S\d+$/.test(key)) return answer.sources.find((s) => s.id === key);
  if (!/^\d+$/.test(key)) return undefined;
  const n = Number(key);
  if (answer.citations) {
    const mapping = answer.citations.find((c) => c.n === n);
    return mapping ? answer.sources.find((s) => s.id === mapping.sourceId) : undefined;
  }
  return n >= 1 ? answer.sources[n - 1] : undefined;
}

export function documentOf(answer: Answer, source: Source): DocumentRef | undefined {
  return answer.documents.find((d) => d.id === source.documentId);
}

/** The first page a source points at, from the most specific field that has one. */
export function sourceFirstPage(source: Source): number | undefined {
  return source.page ?? source.boxes?.[0]?.page ?? source.pages?.[0];
}

/** A short human label: "Vendor Security Policy, page 7". */
export function sourceLabel(answer: Answer, source: Source): string {
  const doc = documentOf(answer, source);
  const page = sourceFirstPage(source);
  const title = doc?.title ?? source.documentId;
  // Named only as printed: the physical page is known once the viewer has read the PDF's labels.
  if (page === undefined) return source.pageLabel?.trim() ? `${title}, printed page ${source.pageLabel.trim()}` : title;
  const printed = source.pageLabel && source.pageLabel !== String(page) ? ` (printed ${source.pageLabel})` : '';
  return `${title}, page ${page}${printed}`;
}
