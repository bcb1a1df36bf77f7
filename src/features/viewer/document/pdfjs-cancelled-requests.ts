// pdf.js (6.3, display/fetch_stream.js) starts a range request's fetch as soon as the worker asks for the range, but
// reads its result only when the worker first pulls from it. When the document is destroyed in between (a background
// check closing a document it opened, a document switch, print cancelled), the fetch is aborted and its rejection has
// no handler yet: the browser reports an unhandled "AbortError: signal is aborted without reason" although nothing
// went wrong. A cancelled request is never an error to show (our own code handles every abort it starts), so an
// AbortError that reaches the window unhandled is marked handled here; any other rejection still surfaces.

/** True for the rejection of a request someone cancelled on purpose. */
export function isCancelledRequest(reason: unknown): boolean {
  return typeof DOMException !== 'undefined' && reason instanceof DOMException && reason.name === 'AbortError';
}

/** Installs the filter on `target` (the window); returns its removal. */
export function ignoreCancelledRequests(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isCancelledRequest(event.reason)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', onRejection);
  return () => target.removeEventListener('unhandledrejection', onRejection);
}
