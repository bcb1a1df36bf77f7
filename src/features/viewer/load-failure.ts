// Why a PDF did not open, in words: shown in the viewer pane ("Could not open this PDF: …") and handed to the page
// (`onLoadFailed`), so the answer's references and the review say the same at once instead of "Checking the quote…".
// The pane says it in the UI language; what is handed to the page is English (the checks' reasons are English).

import { translateEnglish, type Translate } from '../../core/i18n/translate.ts';

export interface LoadFailure {
  /** The HTTP status of a failed fetch (pdf.js's ResponseException), null when the bytes came but were unusable. */
  status: number | null;
  /** A sentence fragment: "the file is not a valid PDF (damaged, or not a PDF at all)." */
  reason: string;
}

/** pdf.js's ResponseException carries the HTTP status. */
export function httpStatus(error: Error): number | null {
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status > 0 ? status : null;
}

export function describeLoadError(error: Error, t: Translate = translateEnglish): string {
  switch (error.name) {
    case 'InvalidPDFException':
      // pdf.js says "The PDF file is empty, i.e. its size is zero bytes." for a 0-byte file.
      return /empty|zero bytes/i.test(error.message) ? t('loadError.empty') : t('loadError.notPdf');
    case 'PasswordException':
      return /incorrect/i.test(error.message) ? t('loadError.wrongPassword') : t('loadError.noPassword');
    case 'ResponseException':
    case 'UnexpectedResponseException':
    case 'MissingPDFException': {
      const status = httpStatus(error);
      if (status === 404) return t('loadError.notFound');
      if (status !== null && status >= 500) return t('loadError.serverFailed', { status });
      // pdf.js's own words (English), when it gave any.
      return error.message || t('loadError.nothingReturned');
    }
    default:
      return error.message || t('loadError.unknown');
  }
}

export function loadFailure(error: Error): LoadFailure {
  return { status: httpStatus(error), reason: describeLoadError(error) };
}
