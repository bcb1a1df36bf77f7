// Why a PDF did not open, in words: shown in the viewer pane ("Could not open this PDF: …") and handed to the page
// (`onLoadFailed`), so the answer's references and the review say the same at once instead of "Checking the quote…".

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

export function describeLoadError(error: Error): string {
  switch (error.name) {
    case 'InvalidPDFException':
      // pdf.js says "The PDF file is empty, i.e. its size is zero bytes." for a 0-byte file.
      return /empty|zero bytes/i.test(error.message) ? 'the file is empty (0 bytes).' : 'the file is not a valid PDF (damaged, or not a PDF at all).';
    case 'PasswordException':
      return /incorrect/i.test(error.message) ? 'the password is wrong.' : 'it is password-protected and no password was given.';
    case 'ResponseException':
    case 'UnexpectedResponseException':
    case 'MissingPDFException': {
      const status = httpStatus(error);
      if (status === 404) return 'the document was not found on the server (404): its id names no file.';
      if (status !== null && status >= 500) return `the server failed to send it (HTTP ${status}).`;
      return error.message || 'the server did not return the file.';
    }
    default:
      return error.message || 'unknown error.';
  }
}

export function loadFailure(error: Error): LoadFailure {
  return { status: httpStatus(error), reason: describeLoadError(error) };
}
