// The review engine's sentences as data: what a flag, an unchecked status or a document's access says, with the values
// it names (pages, scores, the document's title), but not its words. Plain, serializable objects, so they cross the
// review worker (app/review-pane/review-worker.ts) and are stored with the checks; `reviewText` (review-text.ts) words them with a
// `Translate`: in the UI's language on screen, in English for the export, the CLI and the server (`reason`).
//
// Texts that are data (a document's title, the document's words, what a server or the browser said) are kept as
// they came, already cut to the length a reason shows (`snippet`): only the sentence around them is translated.

import type { AddressRefusal } from '../documents/document-address.ts';
import type { OversizedStream } from '../documents/stream-bombs.ts';

/** The statuses a document can be refused with. */
export type AccessStatus = 401 | 403 | 404;

/**
 * Why a PDF did not open in the viewer: a catalog key (`loadError.*`), a decompression bomb (worded by
 * oversizedStreamReason), or the words pdf.js gave (not ours to translate).
 */
export type LoadProblem =
  | {
      key:
        | 'loadError.empty'
        | 'loadError.notPdf'
        | 'loadError.wrongPassword'
        | 'loadError.noPassword'
        | 'loadError.notFound'
        | 'loadError.nothingReturned'
        | 'loadError.unknown';
    }
  | { key: 'loadError.serverFailed'; status: number }
  | { key: 'loadError.notInAnswer'; document: string }
  | { oversized: OversizedStream }
  | { text: string };

/** Why a document cannot be checked (DocumentAccess, CitationStatus `unavailable` / `failed`). */
export type AccessMessage =
  /** 401/403/404 from the server; `serverSaid` is the server's own message, shown as it came. */
  | { kind: 'access-denied'; status: AccessStatus; serverSaid?: string }
  /** Any other HTTP failure. */
  | { kind: 'fetch-failed'; httpStatus: number; serverSaid?: string }
  /** The viewer could not open it. */
  | { kind: 'open-failed'; problem: LoadProblem }
  /** The background check could not load it; `detail` is the browser's or pdf.js's message. */
  | { kind: 'load-failed'; detail: string }
  /** Its address is refused before any request (core/documents' reason, naming the scheme). */
  | { kind: 'address-refused'; refusal: AddressRefusal }
  /** A local answer's document whose file was not among those opened. */
  | { kind: 'local-file-missing'; lookedFor: string[] };

/** Why a source is not checked (CitationStatus `unchecked`). */
export type UncheckedMessage =
  | { kind: 'generated-file' }
  | { kind: 'web-or-text' }
  /** `length`: the quote's characters after trimming (quote-limit.ts). */
  | { kind: 'quote-too-long'; length: number };

/** The closest passage a failed search found (already cut with `snippet`). */
export interface ClosestPassage {
  page: number;
  score: number;
  text: string;
}

/** Where a failed search looked (types.ts `SearchedScope`). */
export interface SearchedPages {
  hintedPages: number[];
  nearbyPages: number[];
  wholeDocument: boolean;
  pageCount: number;
  pagesWithoutText: number[];
}

/**
 * A flag's reason. `document` is the document's title (or id), cut to 80 characters; `passage` is true when the
 * source gave no quote and its retrieved passage was searched instead.
 */
export type FlagMessage =
  | { kind: 'uncited' }
  | { kind: 'invalid-marker'; key: string; sourceCount: number }
  | { kind: 'low-confidence'; score: number; threshold: number }
  | { kind: 'weak-relevance'; score: number; threshold: number }
  | { kind: 'backend-verdict'; verdict: 'contradicted' | 'unsupported' | 'partial'; score?: number }
  | { kind: 'backend-score'; score: number; threshold: number }
  /** The claim states things (`said`, as written) the evidence lacks; `passages`: how many citations share the span. */
  | { kind: 'claim-says'; said: string[]; passages: number }
  /** Too few of the claim's words in the evidence; `words`: the telling ones, as written. */
  | { kind: 'little-wording'; score: number; threshold: number; words: string[]; passages: number }
  /** The rules found the evidence saying otherwise: `claim` and `passage` as written (already cut). */
  | { kind: 'contradicted'; cause: 'value' | 'date' | 'negation' | 'entity'; claim: string; passage: string; passages: number }
  /** The rules cannot tell; `said`: names and values of the claim the evidence does not state (may be empty). */
  | { kind: 'needs-look'; said: string[]; passages: number }
  /** The model judge's verdict and its one-line reason (untrusted, already cut). */
  | { kind: 'judge-verdict'; model: string; verdict: 'supported' | 'contradicted' | 'not_enough_info'; reason: string }
  | { kind: 'evidence-unavailable'; document: string; status: AccessStatus }
  /** `cause`: why it failed, as data when the shell gave it; else `detail`, the failure's English reason. */
  | { kind: 'evidence-failed'; document: string; cause?: AccessMessage; detail: string }
  | { kind: 'no-text-layer'; document: string; passage: boolean }
  | { kind: 'quote-not-found'; document: string; passage: boolean; searched: SearchedPages; closest?: ClosestPassage }
  /** `page` is absent when the match is on another page than claimed (the wrong-page flag names it). */
  | { kind: 'quote-altered'; document: string; passage: boolean; page?: number; score: number; text: string }
  /** The quote's passage says something else: each difference as the quote and the page wrote it (cut); `more`: how
   * many further differences there are. */
  | {
      kind: 'quote-differs';
      document: string;
      passage: boolean;
      page: number;
      differences: Array<{ kind: string; quote: string; document: string }>;
      more: number;
    }
  | { kind: 'wrong-page'; document: string; passage: boolean; found: number[]; claimed: number[] }
  | { kind: 'version-mismatch'; document: string; fromSource: boolean; expected: string; served: string }
  /** `text`: the words under the boxes (cut), '' when none. */
  | { kind: 'boxes-miss'; pages: number[]; text: string; coverage: number | null; passage: boolean }
  | { kind: 'document-level-only'; document: string; pageCount?: number; foundPage?: number };

export type ReviewMessage = AccessMessage | UncheckedMessage | FlagMessage;
