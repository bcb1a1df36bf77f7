// Why a PDF did not open, in words: shown in the viewer pane ("Could not open this PDF: …") and handed to the page
// (the `load-failed` event, viewer-host.tsx), so the answer's references and the review say the same at once instead
// of "Checking the quote…".
// The pane says it in the UI language; what is handed to the page is the reason in English and as data (`problem`),
// which the references and the review word in the UI language.

import { ContentTooLargeError } from '../../../core/documents/stream-bombs.ts';
import { translateEnglish, type Translate } from '../../../core/i18n/translate.ts';
import type { LoadProblem } from '../../../core/review/review-message.ts';
import { loadProblemText } from '../../../core/review/review-text.ts';

export interface LoadFailure {
  /** The HTTP status of a failed fetch (pdf.js's ResponseException), null when the bytes came but were unusable. */
  status: number | null;
  /** A sentence fragment: "the file is not a valid PDF (damaged, or not a PDF at all)." */
  reason: string;
  /** The same as data, so the references and the review word it in the UI's language (review-text.ts). */
  problem: LoadProblem;
}

/** pdf.js's ResponseException carries the HTTP status. */
export function httpStatus(error: Error): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status > 0 ? status : null;
}

/** The viewer was asked for a document the answer does not list (a link naming another answer's document). */
export class DocumentNotInAnswerError extends Error {
  override name = 'DocumentNotInAnswerError';
  constructor(readonly documentId: string) {
    super(`document “${documentId}” is not part of this answer.`);
  }
}

/** Why a PDF did not open, as data: a catalog key, or the words pdf.js (or our own check) gave. */
export function loadProblem(error: Error): LoadProblem {
  if (error instanceof ContentTooLargeError) return { oversized: error.found };
  if (error instanceof DocumentNotInAnswerError) return { key: 'loadError.notInAnswer', document: error.documentId };
  switch (error.name) {
    case 'InvalidPDFException':
      // pdf.js says "The PDF file is empty, i.e. its size is zero bytes." for a 0-byte file.
      return { key: /empty|zero bytes/i.test(error.message) ? 'loadError.empty' : 'loadError.notPdf' };
    case 'PasswordException':
      return { key: /incorrect/i.test(error.message) ? 'loadError.wrongPassword' : 'loadError.noPassword' };
    case 'ResponseException':
    case 'UnexpectedResponseException':
    case 'MissingPDFException': {
      const status = httpStatus(error);
      if (status === 404) return { key: 'loadError.notFound' };
      if (status !== null && status >= 500) return { key: 'loadError.serverFailed', status };
      // pdf.js's own words (English), when it gave any.
      return error.message ? { text: error.message } : { key: 'loadError.nothingReturned' };
    }
    default:
      return error.message ? { text: error.message } : { key: 'loadError.unknown' };
  }
}

export function describeLoadError(error: Error, t: Translate = translateEnglish): string {
  return loadProblemText(loadProblem(error), t);
}

export function loadFailure(error: Error): LoadFailure {
  const problem = loadProblem(error);
  return { status: httpStatus(error), reason: loadProblemText(problem), problem };
}
