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

/**
 * How a source's boxes are expressed when they are not canonical (issue #3 §6). On an answer it is the default for
 * every source; on a source it overrides. Boxes with a descriptor are converted to canonical once the page's own
 * frame (size, CropBox offset, /Rotate) is known: in the viewer after the page loads, in the CLI after it opens.
 * `bottom-left` + `pt` means raw PDF user space (MediaBox origin).
 */
export interface CoordsDescriptor {
  origin: 'top-left' | 'bottom-left';
  units: 'pt' | 'fraction' | 'px';
  frame: 'unrotated' | 'displayed';
  /** The page size the `px` units refer to (e.g. the rendered image's size). */
  pageWidth?: number;
  pageHeight?: number;
}

/** Something an adapter or the model noticed about a source and could not repair; shown to reviewers. */
export interface SourceFlag {
  code: 'bbox-pages-mismatch' | 'box-clamped' | 'box-off-page' | 'page-out-of-range' | 'duplicate-collapsed' | 'offset-out-of-range';
  message: string;
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
  /** The convention of `boxes` when it is not canonical. */
  coords?: CoordsDescriptor;
  flags?: SourceFlag[];
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
  /** Default convention of every source's boxes. */
  coords?: CoordsDescriptor;
  /**
   * Explicit claim spans from providers that give them (Anthropic text blocks, Gemini segments, persian_rag
   * answer_start/answer_end): UTF-16 offsets into `text`, keyed by source. Used instead of sentence splitting when
   * present.
   */
  spans?: CitationSpan[];
}

export interface CitationSpan {
  sourceId: string;
  /** The marker key the adapter wrote into `text` for this span. */
  key: string;
  answerStart: number;
  answerEnd: number;
}
