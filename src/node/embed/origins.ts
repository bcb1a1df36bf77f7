import { ConfigError } from '../config-error.ts';

// Embed origins are exact origins, as a browser sends them in `Origin` and as CSP `frame-ancestors` matches
// them: scheme://host[:port]. No wildcards, no paths: a typo such as a trailing path would otherwise silently
// match nothing (or, with wildcards, too much).

const ORIGIN_SHAPE = /^(https?):\/\/([^/?#\s@]+)$/i;

/** The normalized origin (lower-case host, default port dropped), or an explanation of why `text` is not one. */
export function parseOrigin(text: string): { ok: true; origin: string } | { ok: false; reason: string } {
  // Checked first: the URL parser accepts `*` in a host name, and CSP would read it as a wildcard.
  if (text.includes('*')) return { ok: false, reason: 'wildcards are not allowed: list each origin' };
  if (!ORIGIN_SHAPE.test(text)) {
    if (/^https?:\/\/[^/?#]+[/?#]/i.test(text)) {
      return { ok: false, reason: 'an origin has no path, query or fragment (drop everything after the host and port)' };
    }
    return { ok: false, reason: 'expected scheme://host[:port] with scheme http or https' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'an origin has no user name or password' };
  if (!url.hostname) return { ok: false, reason: 'the host is missing' };
  return { ok: true, origin: url.origin };
}

/**
 * Reads `CITELENS_EMBED_ORIGINS`: a comma-separated list of origins (spaces around commas are allowed).
 * Unset or empty → no embedding. Any invalid entry → ConfigError naming it.
 */
export function parseEmbedOrigins(value: string | undefined, variable = 'CITELENS_EMBED_ORIGINS'): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins: string[] = [];
  for (const entry of value.split(',').map((s) => s.trim())) {
    if (entry === '') continue;
    const parsed = parseOrigin(entry);
    if (!parsed.ok) throw new ConfigError(`${variable}: "${entry}" is not an origin: ${parsed.reason}.`);
    if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
  }
  return origins;
}
