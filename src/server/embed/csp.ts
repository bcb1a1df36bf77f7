// The Content-Security-Policy of every HTML page. Only `frame-ancestors` varies: `'none'` everywhere except
// `/embed`, which lists the allowed portal origins (or exactly one, for a signed link). See docs/embed.md.
// `blob:` in connect-src: pdf.js reads a document the reviewer opened from local files through its blob: URL.
// connect-src is otherwise this server (the API and its documents) plus CITELENS_CONNECT_ORIGINS: a cross-origin
// API (VITE_API_BASE_URL) or hosts that answers' absolute document URLs point to. Nothing else can be fetched.

const BASE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
];

const TAIL_DIRECTIVES = ["object-src 'none'", "base-uri 'none'"];

/** `frame-ancestors` for these origins; none at all → `'none'` (never `*`). */
export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'none'"}`;
}

export function contentSecurityPolicy(framers: readonly string[], connectOrigins: readonly string[] = []): string {
  const connect = ["connect-src 'self' blob:", ...connectOrigins].join(' ');
  return [...BASE_DIRECTIVES, connect, "worker-src 'self' blob:", frameAncestors(framers), ...TAIL_DIRECTIVES].join('; ');
}

/** The policy of pages we write ourselves (the embed link error page): no script, no fetch, inline style only. */
export function staticPagePolicy(framers: readonly string[]): string {
  const directives = ["default-src 'none'", "style-src 'unsafe-inline'", frameAncestors(framers), "base-uri 'none'"];
  return [...directives, "form-action 'none'"].join('; ');
}
