// The review rules' vocabulary (issue: claim-by-claim review). Pure types and constants, no I/O.
//
// How the pieces fit:
//   1. The shell (viewer, CLI) learns about each cited DOCUMENT: did it load (or answer 401/403/404), which version
//      the server served (`X-Citelens-Document-Version`), its page count, whether it has a text layer → DocumentCheck.
//   2. For each SOURCE whose document loaded, `checkSource` (check-source.ts, async, yields) runs the quote locator
//      and reads the text under the provider's boxes → SourceCheck (a CitationStatus plus a BoxTextCheck).
//   3. `reviewAnswer` (review-answer.ts, pure and synchronous) turns the answer, its AnswerModel and those checks into
//      ReviewFlags: per answer, per claim, per citation, per source. Missing checks simply mean "pending".
// So the rules can run at once on the answer alone (uncited, invalid markers, relevance, confidence, support) and
// be re-run, cheaply, every time another document or source check comes in.
//
// Entry points (all in src/core/review/):
//   reviewAnswer(answer, model, checks?, config?) → ReviewResult          review-answer.ts (pure, sync)
//   checkSource(doc, source, opts?) / checkSources(doc, sources, opts?)    check-source.ts (async, yields, abortable)
//   accessFromHttpStatus(status, message?), loadedDocumentCheck(id, …),
//   textLayerOf(index, pageCount), DOCUMENT_VERSION_HEADER                document-check.ts
//   summarizeReviewReport(raw) → ReviewReportSummary | null               review-report.ts (also in ReviewResult)
//   lexicalSupport(claim, evidence), describeSupport(result, floor)       support.ts
//   reviewText(message, t?), flagReason(flag, t?), statusReason(status, t?)  review-text.ts (a reason in words)
//   textUnderBoxes(page, boxes), textUnderBoxesInIndex(index, boxes),
//   quoteCoverage(quote, normalized)                                      text-under-boxes.ts
//   resolveConfig(partial), defaultReviewConfig                           this file
import type { DifferenceKind } from '../locate/differences.ts';
import type { Box } from '../model/types.ts';
import type { AccessMessage, FlagMessage, UncheckedMessage } from './review-message.ts';

export type Severity = 'error' | 'warning' | 'info';

export const severities = ['error', 'warning', 'info'] as const satisfies readonly Severity[];

export const flagCodes = [
  /** A content sentence with no citation marker. */
  'uncited',
  /** A marker that names no source ("[7]" when there are 3). */
  'invalid-marker',
  /** The retrieval relevance of the source is below `relevanceThreshold`. */
  'weak-relevance',
  /** The answer's own confidence is below `confidenceThreshold` (answer-level). */
  'low-confidence',
  /** The quote is not in the cited document's text. */
  'quote-not-found',
  /** Only a fuzzy match exists: the quote is not the document's words verbatim. */
  'quote-altered',
  /** The quote is in the document, but not on the page(s) the source claims. */
  'wrong-page',
  /** The text under the provider's boxes does not contain the quote. */
  'highlight-misses-evidence',
  /** The backend says the cited evidence does not support the claim (or scores it below the floor). */
  'unsupported',
  /** The cited evidence says otherwise: another value, the opposite, another name in the role (error). */
  'contradicted',
  /** The rules (or the model judge) cannot tell whether the evidence says what the claim says: a person should look
   * (info; never fails the audit gate). */
  'needs-look',
  /** The source gives neither a page nor a box: the reader must hunt through the whole document. */
  'document-level-only',
  /** The source was written against another version of the document than the one served. */
  'version-mismatch',
  /** The document answered 401/403/404 (or could not be loaded): the citation cannot be checked. */
  'evidence-unavailable',
] as const;
export type FlagCode = (typeof flagCodes)[number];

/** Where a flag points, so the UI can open it in one click. Offsets are UTF-16 into the answer text. */
export interface FlagEvidence {
  claimId?: string;
  /** The marker key ("2", "S2"). */
  key?: string;
  sourceId?: string;
  /** Every source concerned, when a flag is about several citing one span (e.g. support of "[1][2]"). */
  sourceIds?: string[];
  documentId?: string;
  /** The page to open: where the quote was found, else the page the source claims. */
  page?: number;
  /** Span in the answer text: the claim, its cited sub-span, or the invalid marker's token. */
  answerStart?: number;
  answerEnd?: number;
  /** Canonical boxes to highlight in the document (a found match or the closest candidate). */
  rects?: Box[];
}

/** Rule-specific numbers behind a flag, for UIs and machine-readable output. */
export interface FlagDetails {
  /** Relevance, confidence, match score, support score or box coverage, 0–1. */
  score?: number;
  /** The threshold the score was compared with. */
  threshold?: number;
  foundPage?: number;
  claimedPages?: number[];
  /** What the claim says that the evidence does not (support rule). */
  missing?: string[];
  expectedVersion?: string;
  servedVersion?: string;
  httpStatus?: number;
  /** A backend verdict that decided the support rule. */
  verdict?: string;
}

export interface ReviewFlag {
  code: FlagCode;
  severity: Severity;
  /** One plain sentence (or two) a reviewer understands: names the page, score and what was searched. English. */
  reason: string;
  /** The same as data, for wording it in the UI's language (review-text.ts); absent on flags made elsewhere. */
  message?: FlagMessage;
  evidence: FlagEvidence;
  details?: FlagDetails;
}

export interface ReviewConfig {
  /** Sources with relevance below this are flagged `weak-relevance`. Default 0.5. */
  relevanceThreshold: number;
  /** Answers with confidence below this are flagged `low-confidence`. Default 0.7. */
  confidenceThreshold: number;
  /** Lexical support scores below this are flagged `unsupported`. Default 0.5 (the demo's faithful paraphrases
   * score 0.7 and more; a claim citing the wrong passage about 0.4). */
  supportFloor: number;
  /** A backend support score below this is `unsupported` (when it gives a score but no verdict). Default 0.5. */
  backendSupportFloor: number;
  /** Fuzzy matches scoring at least this count as found (the locator's own default). Default 0.6. */
  locateMinScore: number;
  /** A failed search reports its closest candidate when that scores at least this. Default 0.3. */
  candidateFloor: number;
  /** Share of the quote's words that must lie under the provider's boxes. Default 0.8. */
  highlightCoverage: number;
}

export const defaultReviewConfig: Readonly<ReviewConfig> = Object.freeze({
  relevanceThreshold: 0.5,
  confidenceThreshold: 0.7,
  supportFloor: 0.5,
  backendSupportFloor: 0.5,
  locateMinScore: 0.6,
  candidateFloor: 0.3,
  highlightCoverage: 0.8,
});

/** Defaults filled in; values that are not finite numbers in 0..1 fall back to the default. */
export function resolveConfig(partial: Partial<ReviewConfig> = {}): ReviewConfig {
  const out = { ...defaultReviewConfig };
  for (const key of Object.keys(out) as Array<keyof ReviewConfig>) {
    const v = (partial as Record<string, unknown>)?.[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1) out[key] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Per-citation status: what a marker and a reference show at a glance.

/** The pages a failed search covered, in the locator's order: hinted page(s), then ±2, then the rest. */
export interface SearchedScope {
  /** The page(s) the source claims, searched first (empty when it claims none). */
  hintedPages: number[];
  /** Pages within ±2 of the hint, searched next. */
  nearbyPages: number[];
  /** True when every page of the document was searched. */
  wholeDocument: boolean;
  pageCount: number;
  /** Searched pages that have no text at all (scanned images): the quote cannot be found there by text. */
  pagesWithoutText: number[];
}

/** One stretch where a quote and the passage it was matched to say different things (locate/differences.ts). */
export interface QuoteDifference {
  kind: DifferenceKind;
  /** The quote's words there, as written (with a word of context when one side has none). */
  quote: string;
  /** The document's words there, as printed. */
  document: string;
  /** The document's differing words on the page (canonical), to mark them; empty when it lacks the quote's words. */
  rects: Box[];
}

/** The best passage a failed search came up with (below the acceptance score, above `candidateFloor`). */
export interface Candidate {
  page: number;
  pageEnd?: number;
  /** The document's words there (as printed, whitespace folded). */
  text: string;
  score: number;
  rects: Box[];
  /** What differs between the quote and this passage, when the locator could tell. */
  differences?: QuoteDifference[];
}

export type CitationStatus =
  /** The document (or this source's check) is still loading. */
  | { kind: 'pending' }
  /** Exact match on a claimed page (or anywhere, when the source claims no page). */
  | { kind: 'located'; page: number; pageEnd?: number; rects: Box[] }
  /** Found but for harmless noise of the PDF's text (spacing, punctuation, characters misread inside a word), on a
   * claimed page (or anywhere when none is claimed). `text` is the document's words. */
  | { kind: 'approximate'; score: number; page: number; pageEnd?: number; rects: Box[]; text: string }
  /**
   * The passage the quote was taken from, saying something else: a number, date, unit, negation, name or word
   * differs. Not the document's words, so an error, never "approximate". `rects` the passage; each difference marks
   * the document's differing words.
   */
  | { kind: 'differs'; score: number; page: number; pageEnd?: number; claimedPages: number[]; rects: Box[]; text: string; differences: QuoteDifference[] }
  /** Found (exactly when score is 1), but on other pages than the source claims. */
  | { kind: 'wrong-page'; score: number; foundPage: number; foundPageEnd?: number; claimedPages: number[]; rects: Box[]; text: string }
  /** Not found anywhere it was searched. */
  | { kind: 'not-located'; searched: SearchedScope; closest?: Candidate }
  /** The document has no text layer (every page searched is empty): the quote cannot be checked by text. */
  | { kind: 'no-text-layer'; pageCount: number }
  /** The document answered 401, 403 or 404. Its content is never shown. */
  | { kind: 'unavailable'; status: 401 | 403 | 404; reason: string; message?: AccessMessage }
  /** The document could not be loaded for another reason (corrupt, network, wrong password). */
  | { kind: 'failed'; reason: string; message?: AccessMessage }
  /** No quote to search, but the source points at a page (and perhaps boxes): shown as that page. */
  | { kind: 'page-level'; page: number; pageEnd?: number; boxes: Box[] }
  /** No quote, no page, no box: only the document is known. */
  | { kind: 'document-level' }
  /**
   * Not a document citelens can search: a web page on another origin, a text source, a file the model generated.
   * The reviewer compares the passage the provider gave (shown on the source card) with the original.
   */
  | { kind: 'unchecked'; reason: string; label?: string; message?: UncheckedMessage };

export type CitationStatusKind = CitationStatus['kind'];

/** What lies under a source's provider boxes, compared with its quote. */
export interface BoxTextCheck {
  /** Pages the boxes are on. */
  pages: number[];
  /** The document's words inside the boxes, in reading order (as printed, whitespace folded). */
  text: string;
  /** Share (0–1) of the quote's words found, in order, under the boxes; null when there is no quote or no text. */
  coverage: number | null;
  /** coverage ≥ highlightCoverage; null when it cannot be told (no quote, or the pages have no text layer). */
  matches: boolean | null;
  /** Box pages that have no text layer. */
  pagesWithoutText: number[];
}

/** The async part's result for one source (check-source.ts). */
export interface SourceCheck {
  sourceId: string;
  status: CitationStatus;
  /** Present when the source has boxes and their pages could be read. */
  boxes?: BoxTextCheck;
  /** The words before the found passage on its page (its heading, the sentences before it), for the support rules. */
  context?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Per-document check: filled by the shell from the document response and the loaded PDF.

export type DocumentAccess =
  | { state: 'pending' }
  | { state: 'ok' }
  | { state: 'unavailable'; status: 401 | 403 | 404; reason: string; message?: AccessMessage }
  | { state: 'failed'; reason: string; message?: AccessMessage };

export interface DocumentCheck {
  documentId: string;
  access: DocumentAccess;
  /** The `X-Citelens-Document-Version` the server sent, when it sent one. */
  servedVersion?: string;
  pageCount?: number;
  /** False when no page has any text (scanned); undefined until known. */
  hasTextLayer?: boolean;
}

/** Everything the async side found so far. Absent entries are pending. */
export interface ReviewChecks {
  documents?: Record<string, DocumentCheck>;
  sources?: Record<string, SourceCheck>;
}

// ---------------------------------------------------------------------------------------------------------------
// The backend's own review report (query agent: groundingStatus, consistencyStatus, completenessStatus, retryCount).

export type GroundingStatus = 'grounded' | 'partially_grounded' | 'ungrounded';
export type ConsistencyStatus = 'consistent' | 'conflict_detected';
export type CompletenessStatus = 'complete' | 'partial' | 'insufficient_evidence';

export interface ReviewReportSummary {
  groundingStatus?: GroundingStatus;
  consistencyStatus?: ConsistencyStatus;
  completenessStatus?: CompletenessStatus;
  retryCount?: number;
  /** One line per reported status, worst first, in words a reviewer understands. */
  notes: Array<{ severity: Severity; text: string }>;
  /** Fields present but unreadable (wrong type or unknown value), named for the reviewer. */
  unreadable: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// The result.

/** Support of one cited span: the rules' verdict, or the backend's or the model judge's when they gave one. */
export interface SupportSummary {
  /** 0–1; the backend's score when it gave one, else the lexical score. */
  score: number | null;
  /** Who decided: the answer's backend, the model judge (`model` names it), or the rules ("lexical"). */
  by: 'backend' | 'lexical' | 'judge';
  verdict: 'supported' | 'contradicted' | 'needs-look';
  /** The backend's own verdict word, as it came ("partial", "unsupported"). */
  backendVerdict?: string;
  /** The judge's model. */
  model?: string;
  /** The judge's one-line reason, as it came (untrusted text). */
  reason?: string;
  /** What differs, when contradicted by the rules. */
  contradiction?: { cause: 'value' | 'date' | 'negation' | 'entity'; claim: string; passage: string };
  missing: string[];
}

export interface CitationReview {
  key: string;
  sourceId: string;
  documentId?: string;
  /** The claim sub-span this citation supports. */
  answerStart: number;
  answerEnd: number;
  status: CitationStatus;
  /** The source's flags plus this citation's support flag, each with this claim's id. */
  flags: ReviewFlag[];
  support?: SupportSummary;
}

export interface ClaimReview {
  claimId: string;
  start: number;
  end: number;
  /** Everything wrong with this claim: its own flags (uncited, invalid marker, unsupported) and its citations'. */
  flags: ReviewFlag[];
  citations: CitationReview[];
}

export interface ReviewResult {
  /** Flags about the answer as a whole (low confidence, markers outside any claim). */
  answerFlags: ReviewFlag[];
  claims: ClaimReview[];
  /** Status of every source of the model, by S-ID. */
  sources: Record<string, CitationStatus>;
  /** Source-level flags (no claim id), by S-ID, for the reference list. */
  sourceFlags: Record<string, ReviewFlag[]>;
  /** Every distinct finding once: answer flags, claim-only flags, source flags (for counts, the CLI, exit codes). */
  flags: ReviewFlag[];
  counts: Record<Severity, number>;
  report: ReviewReportSummary | null;
}
