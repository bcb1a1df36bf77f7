// @vitest-environment node
import { Hono } from 'hono';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AuthVariables } from './auth-context.ts';
import { parseApiTokens } from './auth.ts';
import { ConfigError } from '../node/config-error.ts';
import { ALICE_TOKEN, BOB_TOKEN, makeFixture, PORTAL } from './embed/test-fixture.ts';
import { mountSecurity } from './security.ts';

const fx = makeFixture();
afterAll(fx.cleanup);
const apiTokens = parseApiTokens(`alice:${ALICE_TOKEN}, bob:${BOB_TOKEN}`);
const app = fx.app({ apiTokens, embedOrigins: [PORTAL] }, true);
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

describe('parseApiTokens (CITELENS_API_TOKENS)', () => {
  it('reads subject:token pairs, or a JSON file when the value is a path', () => {
    expect(parseApiTokens(undefined)).toEqual([]);
    expect(parseApiTokens(` alice:${ALICE_TOKEN} ,bob:${BOB_TOKEN}`).map((t) => t.subject)).toEqual(['alice', 'bob']);
    const files: Record<string, string> = {
      '/etc/citelens/tokens.json': JSON.stringify([{ subject: 'Carol Example', token: ALICE_TOKEN }]),
    };
    const read = (f: string) => {
      const text = files[f];
      if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
      return text;
    };
    expect(parseApiTokens('/etc/citelens/tokens.json', read).map((t) => t.subject)).toEqual(['Carol Example']);
    expect(() => parseApiTokens('/etc/missing.json', read)).toThrow(/cannot be read \(ENOENT\)/);
  });

  it('refuses short, malformed or shared tokens without ever printing a token', () => {
    const cases: [string, RegExp][] = [
      ['alice:short-token', /entry 1: the token is too short \(11 characters; at least 16\)/],
      [`alice:${ALICE_TOKEN},${BOB_TOKEN}`, /entry 2 is not subject:token/],
      [`alice:${ALICE_TOKEN},bob:${ALICE_TOKEN}`, /entries 1 and 2 share a token/],
      ['alice:has space in the token!!', /may only use/],
      [`:${ALICE_TOKEN}`, /subject must be/],
      [',', /lists no subject:token/],
    ];
    for (const [value, message] of cases) {
      let error: unknown;
      try {
        parseApiTokens(value);
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as Error).message, value).toMatch(message);
      for (const secret of [ALICE_TOKEN, BOB_TOKEN, 'short-token', 'has space']) expect((error as Error).message).not.toContain(secret);
    }
    const leaky = (f: string) => (f ? `[{"subject":"a","token":"${ALICE_TOKEN}"` : '');
    expect(() => parseApiTokens('./tokens.json', leaky)).toThrow(/^CITELENS_API_TOKENS: the token file \.\/tokens\.json is not valid JSON\.$/);
  });
});

describe('bearer tokens on /api', () => {
  it('401s without a token, with WWW-Authenticate: Bearer and a JSON error', async () => {
    const res = await app.request('/api/answers');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="citelens"$/);
    expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('Bearer') } });
  });

  it('401s with a wrong, malformed or other-scheme credential', async () => {
    for (const header of [`Bearer ${ALICE_TOKEN}x`, `Bearer ${ALICE_TOKEN.slice(0, -1)}`, `Basic ${btoa(`alice:${ALICE_TOKEN}`)}`, 'Bearer', ALICE_TOKEN]) {
      const res = await app.request('/api/answers/alpha', { headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate'), header).toMatch(/^Bearer /);
    }
    const wrong = await app.request('/api/answers', bearer('not-a-real-token-at-all'));
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('answers 200 with a good token, for answers and documents alike', async () => {
    const list = await app.request('/api/answers', bearer(BOB_TOKEN));
    expect(list.status).toBe(200);
    expect((await list.json()).map((a: { id: string }) => a.id)).toEqual(['alpha', 'beta']);
    const doc = await app.request('/api/documents/doc-c', { headers: { Authorization: `bearer  ${ALICE_TOKEN}`, Range: 'bytes=0-3' } });
    expect(doc.status).toBe(206);
    expect(await doc.text()).toBe('%PDF');
    const head = await app.request('/api/documents/doc-a', { method: 'HEAD' });
    expect(head.status).toBe(401);
  });

  it('protects every /api route the app has (the review API too), except /api/config and the embed session exchange', async () => {
    const apiRoutes = app.routes.filter((r) => r.path.startsWith('/api') && r.method !== 'ALL');
    expect(apiRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/answers/:id', 'GET /api/documents/:id', 'GET /api/answers/:id/review', 'PUT /api/answers/:id/review/claims/:claimId']),
    );
    for (const r of apiRoutes) {
      const url = r.path.replace(/:[^/]+/g, 'alpha').replace(/\*$/, 'x');
      const res = await app.request(url, { method: r.method });
      if (r.path === '/api/config' || r.path === '/api/embed/session') expect(res.status, `${r.method} ${url}`).not.toBe(401);
      else expect(res.status, `${r.method} ${url}`).toBe(401);
    }
    expect((await app.request('/api/no-such-endpoint', { method: 'DELETE' })).status).toBe(401);
  });

  it('cannot be bypassed by another spelling of an API path', async () => {
    const spellings = [
      '//api/answers/alpha',
      '/api/answers/alpha/',
      '/api//answers/alpha',
      '/api/./answers/alpha',
      '/api/x/../answers/alpha',
      '/%61pi/answers/alpha',
      '/api/%61nswers/alpha',
      '/api/answers/%61lpha',
      '/API/answers/alpha',
      '/api/config/../answers/alpha',
    ];
    for (const url of spellings) {
      const res = await app.request(url);
      // Either refused, or not the API at all (the SPA's HTML): never the answer's JSON.
      expect(await res.text(), url).not.toContain('Alpha [1]');
      expect(res.status === 401 || res.headers.get('content-type')?.startsWith('text/html'), url).toBe(true);
    }
  });

  it('puts the token subject on the context for the routes behind it', async () => {
    const hono = new Hono<{ Variables: AuthVariables }>();
    mountSecurity(hono, { apiTokens, answersDir: fx.dataDir, distDir: undefined });
    hono.get('/api/whoami', (c) => c.json({ subject: c.get('tokenSubject') ?? null }));
    expect(await (await hono.request('/api/whoami', bearer(ALICE_TOKEN))).json()).toEqual({ subject: 'alice' });
    expect(await (await hono.request('/api/whoami', bearer(BOB_TOKEN))).json()).toEqual({ subject: 'bob' });
    expect((await hono.request('/api/whoami')).status).toBe(401);
    const open = new Hono<{ Variables: AuthVariables }>();
    mountSecurity(open, { answersDir: fx.dataDir, distDir: undefined });
    open.get('/api/whoami', (c) => c.json({ subject: c.get('tokenSubject') ?? null }));
    expect(await (await open.request('/api/whoami', bearer(ALICE_TOKEN))).json()).toEqual({ subject: null });
  });

  it('leaves the API open when no tokens are configured', async () => {
    expect((await fx.app().request('/api/answers')).status).toBe(200);
  });

  it('never writes a token or a query string to the error log', async () => {
    const broken = makeFixture();
    // answers/ is a file: listing it throws, which goes through app.onError.
    const { rmSync, writeFileSync } = await import('node:fs');
    rmSync(`${broken.dataDir}/answers`, { recursive: true });
    writeFileSync(`${broken.dataDir}/answers`, 'not a folder');
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    try {
      const res = await broken.app({ apiTokens }).request('/api/answers?sig=SIGNATURE-VALUE', bearer(ALICE_TOKEN));
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
      broken.cleanup();
    }
    expect(logged.join('')).toContain('GET /api/answers');
    expect(logged.join('')).not.toContain(ALICE_TOKEN);
    expect(logged.join('')).not.toContain('SIGNATURE-VALUE');
  });
});
