import type { CitationMapping, DocumentRef, Source } from '../../core/model/types.ts';
import type { RankedPassage } from './retrieve.ts';

// What an answerer produces before the answer gets its id, question and thread: text with markers, the sources
// they cite and those sources' documents. Pure.

export interface Draft {
  text: string;
  documents: DocumentRef[];
  sources: Source[];
  citations?: CitationMapping[];
  invalidMarkers?: string[];
}

/** The source for a retrieved passage, with the S-ID `id`. */
export function passageSource(r: RankedPassage, id: string): Source {
  const p = r.passage;
  return {
    id,
    documentId: r.document.id,
    ...(p.section !== undefined && { section: p.section }),
    ...(p.page !== undefined && { page: p.page }),
    ...(p.boxes !== undefined && { boxes: p.boxes }),
    quote: p.quote,
    ...(p.charStart !== undefined && p.charEnd !== undefined && { location: { charStart: p.charStart, charEnd: p.charEnd } }),
    relevance: r.relevance,
    ...(r.document.version !== undefined && { documentVersion: r.document.version }),
  };
}

/** The documents `sources` cite, in order of first citation. */
export function citedDocuments(ranked: readonly RankedPassage[], sources: readonly Source[]): DocumentRef[] {
  const out: DocumentRef[] = [];
  for (const s of sources) {
    if (out.some((d) => d.id === s.documentId)) continue;
    const doc = ranked.find((r) => r.document.id === s.documentId)?.document;
    if (!doc) continue;
    out.push({
      id: doc.id,
      title: doc.title,
      url: `/api/documents/${encodeURIComponent(doc.id)}`,
      ...(doc.version !== undefined && { version: doc.version }),
      ...(doc.mediaType !== 'application/pdf' && { mediaType: doc.mediaType }),
    });
  }
  return out;
}

/**
 * Printed words as Markdown text that reads the same: no emphasis, links, HTML, code or citation markers can come
 * out of a document's words (a quote holding "[2]" must not become a second citation), and no line structure.
 */
export function escapeMarkdown(words: string): string {
  const flat = words.replace(/\s+/gu, ' ').trim();
  const escaped = flat.replace(/[\\`*_[\]<>|~!&#{}]/g, (c) => `\\${c}`);
  // what would start a list, a quote or a heading at the start of a paragraph
  return escaped.replace(/^(\d+)([.)])/, '$1\\$2').replace(/^([-+=>])/, '\\$1');
}
