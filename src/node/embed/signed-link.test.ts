// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config-error.ts';
import { canonicalString, parseEmbedSecret, signClaims, signedQuery, verifyLink, type LinkParams } from './signed-link.ts';

const SECRET = 's'.repeat(16) + 'e'.repeat(16);
const ORIGIN = 'https://portal.example.com';
const NOW = 1_800_000_000;

function paramsOf(query: string): LinkParams {
  const q = new URLSearchParams(query);
  return { answer: q.get('answer') ?? undefined, origin: q.get('origin') ?? undefined, exp: q.get('exp') ?? undefined, sig: q.get('sig') ?? undefined };
}

const good = () => paramsOf(signedQuery(SECRET, { answer: 'vendor-access', origin: ORIGIN, exp: NOW + 600 }));

describe('signed embed links', () => {
  it('accepts a fresh link for an allowed origin', () => {
    expect(verifyLink(good(), SECRET, [ORIGIN], NOW)).toEqual({ ok: true, claims: { answer: 'vendor-access', origin: ORIGIN, exp: NOW + 600 } });
  });

  it('says expired from the second of exp on, and only for authentic links', () => {
    expect(verifyLink(good(), SECRET, [ORIGIN], NOW + 599).ok).toBe(true);
    expect(verifyLink(good(), SECRET, [ORIGIN], NOW + 600)).toEqual({ ok: false, reason: 'expired' });
    // A forged link with an old exp is "invalid", never "expired".
    expect(verifyLink({ ...good(), exp: String(NOW - 1), sig: 'A'.repeat(43) }, SECRET, [ORIGIN], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an authentic link whose origin the server does not allow', () => {
    expect(verifyLink(good(), SECRET, ['https://other.example.com'], NOW)).toEqual({ ok: false, reason: 'origin-not-allowed' });
    expect(verifyLink(good(), SECRET, [], NOW)).toEqual({ ok: false, reason: 'origin-not-allowed' });
  });

  it('refuses links signed with another secret, or with a field missing', () => {
    expect(verifyLink(good(), 'x'.repeat(32), [ORIGIN], NOW)).toEqual({ ok: false, reason: 'invalid' });
    for (const key of ['answer', 'origin', 'exp', 'sig'] as const) {
      expect(verifyLink({ ...good(), [key]: undefined }, SECRET, [ORIGIN], NOW), key).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses every change to any one field (answer, origin, exp or a sig character)', () => {
    const base = good();
    const sigChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({ field: fc.constant('answer' as const), value: fc.stringMatching(/^[A-Za-z0-9._-]{1,20}$/) }),
          fc.record({ field: fc.constant('origin' as const), value: fc.webUrl().map((u) => new URL(u).origin) }),
          fc.record({ field: fc.constant('exp' as const), value: fc.integer({ min: NOW + 1, max: NOW + 10 ** 8 }).map(String) }),
          fc
            .tuple(fc.integer({ min: 0, max: 42 }), fc.constantFrom(...sigChars))
            .map(([i, ch]) => ({ field: 'sig' as const, value: (base.sig as string).slice(0, i) + ch + (base.sig as string).slice(i + 1) })),
        ),
        ({ field, value }) => {
          fc.pre(value !== base[field]);
          const verdict = verifyLink({ ...base, [field]: value }, SECRET, [ORIGIN, value], NOW);
          expect(verdict).toEqual({ ok: false, reason: 'invalid' });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('signs any valid answer id and origin so that it verifies', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9._-]{1,40}$/).filter((a) => !/^\.+$/.test(a)),
        fc.webUrl().map((u) => new URL(u).origin),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (answer, origin, ttl) => {
          const params = paramsOf(signedQuery(SECRET, { answer, origin, exp: NOW + ttl }));
          expect(params.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
          expect(verifyLink(params, SECRET, [origin], NOW)).toEqual({ ok: true, claims: { answer, origin, exp: NOW + ttl } });
        },
      ),
    );
  });

  it('signs the documented canonical string with HMAC-SHA256 (a known vector)', () => {
    const claims = { answer: 'a1', origin: 'https://p.example', exp: 1700000000 };
    expect(canonicalString(claims)).toBe('citelens-embed-link:v1\nanswer=a1\norigin=https://p.example\nexp=1700000000');
    // echo -n '<canonical>' | openssl dgst -sha256 -hmac "$SECRET" -binary | basenc --base64url | tr -d =
    expect(signClaims(SECRET, claims)).toBe('nhEHNdbolK7fZKy91shEv4-IhS5uDvvwqcM76t2nfpk');
  });

  it('refuses a non-normalized origin spelling instead of rewriting it', () => {
    const claims = { answer: 'a', origin: 'https://p.example', exp: NOW + 60 };
    const params = { ...paramsOf(signedQuery(SECRET, claims)), origin: 'https://P.example' };
    expect(verifyLink(params, SECRET, ['https://p.example'], NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('parseEmbedSecret (CITELENS_EMBED_SECRET)', () => {
  it('is off when unset and refuses a short secret without echoing it', () => {
    expect(parseEmbedSecret(undefined)).toBeUndefined();
    expect(parseEmbedSecret(SECRET)).toBe(SECRET);
    expect(() => parseEmbedSecret('hunter2-hunter2')).toThrow(ConfigError);
    expect(() => parseEmbedSecret('hunter2-hunter2')).toThrow(/at least 32 characters \(it has 15\)/);
    expect(() => parseEmbedSecret('hunter2-hunter2')).not.toThrow(/hunter2/);
  });
});
