// Response headers of `GET /api/documents/:id` (docs/api.md).
//
// - The version from meta.json goes in `X-Citelens-Document-Version`. Header values are bytes (Latin-1 at best),
//   so "2026-03 — draft" made the whole response a 500. It is sent percent-encoded (UTF-8): every character
//   outside printable ASCII, and `%` itself; the client decodes it with decodeURIComponent
//   (src/api/document-version.ts). Printable ASCII versions ("v3") are sent unchanged.
// - A document opened directly as a page (`Sec-Fetch-Dest: document`, or a frame/embed/object) is sent as an
//   attachment: the browser's own PDF viewer runs a PDF's JavaScript (OpenAction alerts), ours does not. The
//   sandboxing CSP covers browsers that send no Sec-Fetch-Dest; it does not apply to pdf.js's fetches.

const NAVIGATION_DESTINATIONS = new Set(['document', 'iframe', 'frame', 'embed', 'object']);

/** The sandbox a document gets if a browser renders it itself: no script, no requests, no forms. */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export function encodeHeaderText(value: string): string {
  // A lone surrogate cannot be encoded: it becomes U+FFFD, as it would in any UTF-8 output.
  return value.replace(/[^\x20-\x24\x26-\x7e]/gu, (ch: string) => {
    const code = ch.codePointAt(0) ?? 0;
    return encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? '\ufffd' : ch);
  });
}

export function documentResponseHeaders(req: Request, fileName: string, version: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': DOCUMENT_CSP,
    // The disposition depends on it: a cached fetch must not answer a navigation, or the other way round.
    Vary: 'Sec-Fetch-Dest',
  };
  if (version) headers['X-Citelens-Document-Version'] = encodeHeaderText(version);
  if (NAVIGATION_DESTINATIONS.has(req.headers.get('sec-fetch-dest') ?? '')) {
    // Ids are [A-Za-z0-9._-]: the name needs no quoting rules beyond the quotes.
    headers['Content-Disposition'] = `attachment; filename="${fileName}"`;
  }
  return headers;
}
