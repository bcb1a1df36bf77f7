import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config-error.ts';
import { parseOrigin } from './origins.ts';

// Signed embed links, for portals that can only write an <iframe src>: /embed?answer=ID&origin=O&exp=T&sig=S
// where S = base64url(HMAC-SHA256(secret, canonical(answer, origin, exp))). The server that holds the same
// secret checks S, the expiry and the origin. Shared by the server and `citelens embed-link`. See docs/embed.md.

export const MIN_SECRET_LENGTH = 32;
export const DEFAULT_TTL_SECONDS = 600;

/** The id rule of the data folder (src/server/app.ts): no newline can occur, which keeps `canonical` unambiguous. */
const ANSWER_ID = /^[A-Za-z0-9._-]+$/;
const EXP = /^[1-9][0-9]{0,11}$/;
/** 32 bytes of HMAC-SHA256 in base64url without padding. */
const SIG = /^[A-Za-z0-9_-]{43}$/;

export interface EmbedLinkClaims {
  answer: string;
  /** The normalized portal origin. */
  origin: string;
  /** Expiry, Unix seconds: the link works while now < exp. */
  exp: number;
}

/** Reads CITELENS_EMBED_SECRET: unset → undefined (signed links off); too short → ConfigError. */
export function parseEmbedSecret(value: string | undefined, variable = 'CITELENS_EMBED_SECRET'): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < MIN_SECRET_LENGTH) {
    // Never echo the value: only its length.
    throw new ConfigError(`${variable} must be at least ${MIN_SECRET_LENGTH} characters (it has ${value.length}); e.g. \`openssl rand -base64 32\`.`);
  }
  return value;
}

/** The exact bytes that are signed. Versioned, one field per line; no field can contain a newline. */
export function canonicalString(claims: EmbedLinkClaims): string {
  return `citelens-embed-link:v1\nanswer=${claims.answer}\norigin=${claims.origin}\nexp=${claims.exp}`;
}

function hmac(secret: string, claims: EmbedLinkClaims): Buffer {
  return createHmac('sha256', secret).update(canonicalString(claims), 'utf8').digest();
}

export function signClaims(secret: string, claims: EmbedLinkClaims): string {
  return hmac(secret, claims).toString('base64url');
}

/** The query string of a signed link (without `?`), with `answer`, `origin`, `exp`, `sig` in that order. */
export function signedQuery(secret: string, claims: EmbedLinkClaims): string {
  return new URLSearchParams({
    answer: claims.answer,
    origin: claims.origin,
    exp: String(claims.exp),
    sig: signClaims(secret, claims),
  }).toString();
}

export type LinkVerdict = { ok: true; claims: EmbedLinkClaims } | { ok: false; reason: 'invalid' | 'expired' | 'origin-not-allowed' };

export interface LinkParams {
  answer: string | undefined;
  origin: string | undefined;
  exp: string | undefined;
  sig: string | undefined;
}

/**
 * Checks a link's parameters. Order matters: the signature first, so that a tampered link is only ever
 * "invalid" (an expired or foreign-origin verdict is given for authentic links only).
 */
export function verifyLink(params: LinkParams, secret: string, allowedOrigins: readonly string[], nowSeconds: number): LinkVerdict {
  const { answer, origin, exp, sig } = params;
  if (answer === undefined || origin === undefined || exp === undefined || sig === undefined) return { ok: false, reason: 'invalid' };
  if (!ANSWER_ID.test(answer) || /^\.+$/.test(answer) || !EXP.test(exp) || !SIG.test(sig)) return { ok: false, reason: 'invalid' };
  const parsedOrigin = parseOrigin(origin);
  // The origin is signed as given; a non-normalized spelling is refused rather than silently rewritten.
  if (!parsedOrigin.ok || parsedOrigin.origin !== origin) return { ok: false, reason: 'invalid' };
  const claims: EmbedLinkClaims = { answer, origin, exp: Number(exp) };
  // Compared as text, not as decoded bytes: base64url's last character carries 2 unused bits, so four
  // spellings decode to the same bytes, and only the canonical one is the signature.
  const expected = Buffer.from(signClaims(secret, claims), 'ascii');
  if (!timingSafeEqual(Buffer.from(sig, 'ascii'), expected)) return { ok: false, reason: 'invalid' };
  if (nowSeconds >= claims.exp) return { ok: false, reason: 'expired' };
  if (!allowedOrigins.includes(origin)) return { ok: false, reason: 'origin-not-allowed' };
  return { ok: true, claims };
}
