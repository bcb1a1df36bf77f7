// The one normalized answer model. Every consumer (viewer, review, CLI) works on this shape only;
// adapters for other systems' responses normalize into it.

/**
 * A rectangle in canonical coordinates: PDF points, origin at the top-left of the page's CropBox,
 * y pointing down, on the UNROTATED page. `page` is the 1-based physical page index.
 */
export interface Box {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface DocumentRef {
  id: string;
  title: string;
  /** Absolute, or relative to the answer's own URL. */
  url: string;
  version?: string;
  mediaType?: string;
}

export type SupportVerdict = 'supported' | 'partial' | 'unsupported' | 'contradicted' | 'unknown';

export interface Source {
  /** The S-ID, e.g. "S2". Always present after normalization. */
  id: string;
  documentId: string;
  chunkId?: string;
  chunk?: string;
  section?: string;
  /** 1-based physical page index of the passage's first page. */
  page?: number;
  pageEnd?: number;
  pages?: number[];
  /** The printed page label, e.g. "iv" or "12". */
  pageLabel?: string;
  boxes?: Box[];
  /** The exact printed words. */
  quote?: string;
  /** The retrieved passage, which may be longer than the quote. */
  text?: string;
  relevance?: number;
  documentVersion?: string;
  support?: { score?: number; verdict?: SupportVerdict };
}

/** Maps the number inside a `[n]` marker to an S-ID. */
export interface CitationMapping {
  n: number;
  sourceId: string;
}

export interface Answer {
  id: string;
  question?: string;
  /** Markdown with citation markers. Untrusted. */
  text: string;
  confidence?: number;
  reviewReport?: unknown;
  documents: DocumentRef[];
  sources: Source[];
  citations?: CitationMapping[];
}
