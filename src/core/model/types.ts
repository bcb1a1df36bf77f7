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
  /**
   * A file the model generated (OpenAI code interpreter's container files): cited like any document, but it exists
   * only in the provider's container, so `url` is the provider's API address and the viewer says it cannot open it.
   */
  generated?: GeneratedFile;
}

export interface GeneratedFile {
  fileId: string;
  containerId?: string;
  filename?: string;
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

export const sourceFlagCodes = [
  'bbox-pages-mismatch',
  'box-clamped',
  'box-off-page',
  'page-out-of-range',
  'duplicate-collapsed',
  'offset-out-of-range',
  /** The provider named a document the wrapper does not list; the adapter mapped it to the only document. */
  'document-guessed',
  /** Anything else an adapter noticed about this source (a repaired span, a field it could not read). */
  'adapter-note',
] as const;
export type SourceFlagCode = (typeof sourceFlagCodes)[number];

/** Something an adapter or the model noticed about a source and could not repair; shown to reviewers. */
export interface SourceFlag {
  code: SourceFlagCode;
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
  /** `checkedBy` and `reason`: set by citelens's model judge (src/server/judge), naming the model and its reason. */
  support?: { score?: number; verdict?: SupportVerdict; checkedBy?: string; reason?: string };
  /** The convention of `boxes` when it is not canonical. */
  coords?: CoordsDescriptor;
  flags?: SourceFlag[];
  /** Where the passage sits in the document, as the provider located it (offsets, blocks, result index). */
  location?: SourceLocation;
  /** The web address a web source was read from, when it is not the document's own `url`. */
  url?: string;
  /** Publication date of a web source (ISO 8601 as the provider gave it, e.g. "2024-06-10"). */
  date?: string;
  /** The provider's confidence (0–1) in this citation, e.g. Gemini's `confidenceScores`. */
  confidence?: number;
}

/**
 * Where a passage is in its document, as the provider said. Offsets are into the document's text, end exclusive,
 * in `charUnit` (UTF-16 code units unless it says otherwise); a Markdown or text source highlights by them without
 * searching.
 */
export interface SourceLocation {
  charStart?: number;
  charEnd?: number;
  /**
   * The unit of charStart/charEnd when it is not UTF-16: 'codepoint' for providers that count Python string
   * indices (persian_rag, Anthropic char_location) and send no document text to convert with. The viewer and the
   * review convert once they have the text (src/core/text-source/code-point-offsets.ts).
   */
  charUnit?: 'utf16' | 'codepoint';
  /** Content-block range of a custom-content document (0-based, end exclusive). */
  blockStart?: number;
  blockEnd?: number;
  /** 0-based index of the search result or retrieved chunk the provider cited. */
  resultIndex?: number;
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
  /**
   * The model's reasoning (Cohere `thinking`, Anthropic `thinking` blocks) and the citations made inside it. Kept
   * apart from `text`: reasoning is not a claim to the reader, but its citations are evidence a reviewer may check.
   */
  reasoning?: ReasoningBlock[];
  /** Where the answer sits in a conversation (answers made by `POST /api/ask` or `/api/chat`). */
  thread?: AnswerThread;
  /** A follow-up question as rewritten to stand alone before retrieval, when it differs from `question`. */
  standaloneQuestion?: string;
  /**
   * Citation markers the generating model wrote that named no passage it was given (e.g. `"S9"`). They were removed
   * from `text`, so they are not in the answer model's own invalidMarkers; kept here so a reviewer sees them.
   */
  invalidMarkers?: string[];
}

/** A conversation: `id` is the first answer's id (the root), `turn` this answer's 1-based place in it. */
export interface AnswerThread {
  id: string;
  turn: number;
}

export interface CitationSpan {
  sourceId: string;
  /** The marker key the adapter wrote into `text` for this span. */
  key: string;
  answerStart: number;
  answerEnd: number;
  /** The provider's confidence (0–1) that this span is supported by the source (Gemini `confidenceScores`). */
  confidence?: number;
}

export interface ReasoningBlock {
  /** Plain text (never rendered as HTML). */
  text: string;
  /** Citations inside the reasoning: UTF-16 offsets into this block's `text`. */
  spans?: CitationSpan[];
}
