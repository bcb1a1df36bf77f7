// Which document addresses the app may load. A document's `url` comes from the answer file (untrusted): it is
// resolved against the answer's own URL, so a relative path becomes http(s). Anything else — `javascript:`,
// `file:`, `data:`, `vbscript:`, garbage — is refused before any request is made, by the viewer and by the
// background checks, and is never put into a link. `blob:` is what the app itself makes for local files
// (features/local-files), and `local-file:` its placeholder for a local document whose file was not given.

const ALLOWED = new Set(['http:', 'https:', 'blob:', 'local-file:']);

/** Null when the address may be loaded; otherwise the reason, in words, naming the scheme. */
export function refusedDocumentAddress(url: string | undefined): string | null {
  const raw = (url ?? '').trim();
  if (!raw) return 'it has no address.';
  let scheme: string;
  try {
    scheme = new URL(raw, 'http://relative.invalid/').protocol.toLowerCase();
  } catch {
    return 'its address is not a valid URL.';
  }
  if (ALLOWED.has(scheme)) return null;
  return `its address uses “${scheme}”; only http(s) and relative addresses are opened.`;
}
