// Response headers of `GET /api/documents/:id` (docs/api.md).
//
// - The version from meta.json goes in `X-Citelens-Document-Version`. Header values are bytes (Latin-1 at best),
//   so "2026-03 — draft" made the whole response a 500. It is sent percent-encoded (UTF-8): every character
//   outside printable ASCII, and `%` itself; the client decodes it with decodeURIComponent
//   (src/api/document-version.ts). Printable ASCII versions ("v3") are sent unchanged.
// - Every document response is an attachment (issue 34, break 3): the browser's own PDF viewer runs a PDF's
//   JavaScript (OpenAction alerts), ours does not. It used to be added only for `Sec-Fetch-Dest: document` (or a
//   frame), but Chromium sends no Sec-Fetch-* headers to a plain-HTTP host other than localhost, and `CSP: sandbox`
//   does not stop its PDF viewer: a raw document URL on such a host ran the PDF's script. fetch() ignores the
//   disposition, so pdf.js and the text viewer read the bytes as before. The sandboxing CSP stays for any browser
//   that renders a file despite the disposition.

/** The sandbox a document gets if a browser renders it itself: no script, no requests, no forms. */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

export function encodeHeaderText(value: string): string {
  // A lone surrogate cannot be encoded: it becomes U+FFFD, as it would in any UTF-8 output.
  return value.replace(/[^\x20-\x24\x26-\x7e]/gu, (ch: string) => {
    const code = ch.codePointAt(0) ?? 0;
    return encodeURIComponent(code >= 0xd800 && code <= 0xdfff ? '\ufffd' : ch);
  });
}

export function documentResponseHeaders(fileName: string, version: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': DOCUMENT_CSP,
    // Ids are [A-Za-z0-9._-]: the name needs no quoting rules beyond the quotes.
    'Content-Disposition': `attachment; filename="${fileName}"`,
  };
  if (version) headers['X-Citelens-Document-Version'] = encodeHeaderText(version);
  return headers;
}
