// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../api/config-schema.ts';
import { embedSessionResponseSchema } from '../../api/embed-session-schema.ts';
import { parseApiTokens } from '../auth.ts';
import { CONTENT_SECURITY_POLICY, createApp } from '../app.ts';
import { signedQuery } from '../../node/embed/signed-link.ts';
import { ALICE_TOKEN, makeFixture, OTHER_PORTAL, PORTAL, SECRET } from './test-fixture.ts';

const fx = makeFixture();
afterAll(fx.cleanup);

const NOW_S = 1_800_000_000;
const now = () => NOW_S * 1000 + 500;
const apiTokens = parseApiTokens(`alice:${ALICE_TOKEN}`);
const app = fx.app({ embedOrigins: [PORTAL, OTHER_PORTAL], apiTokens, embedSecret: SECRET, now });
const plain = fx.app();

const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
const link = (answer: string, origin: string, exp = NOW_S + 600) => `/embed?${signedQuery(SECRET, { answer, origin, exp })}`;

describe('CSP frame-ancestors: /embed vs everything else', () => {
  it('lets only the allowed origins frame /embed, with the same SPA', async () => {
    const res = await app.request('/embed?answer=alpha&cite=1');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>citelens</title>');
    expect(frameAncestors(res)).toBe(`${PORTAL} ${OTHER_PORTAL}`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect((await app.request('/embed', { method: 'HEAD' })).headers.get('content-security-policy')).toBe(res.headers.get('content-security-policy'));
  });

  it("forbids framing everywhere else: frame-ancestors 'none' and X-Frame-Options DENY on HTML", async () => {
    for (const url of ['/', '/index.html', '/answers/alpha', '/embed/', '/other.html']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(frameAncestors(res), url).toBe("'none'");
      expect(res.headers.get('x-frame-options'), url).toBe('DENY');
    }
    expect(CONTENT_SECURITY_POLICY).not.toContain('frame-ancestors *');
  });

  it('lets nobody frame /embed when no origins are configured', async () => {
    const res = await plain.request('/embed');
    expect(res.status).toBe(200);
    expect(frameAncestors(res)).toBe("'none'");
  });
});

describe('/?embed=1', () => {
  it('redirects (302) to /embed with the other parameters, in order', async () => {
    const res = await app.request('/?answer=alpha&embed=1&cite=2&doc=a%20b');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/embed?answer=alpha&cite=2&doc=a+b');
    const bare = await app.request('/?embed=1');
    expect(bare.headers.get('location')).toBe('/embed');
  });

  it('leaves / alone without embed=1', async () => {
    for (const url of ['/', '/?embed=0', '/?answer=alpha']) expect((await app.request(url)).status, url).toBe(200);
  });
});

describe('GET /api/config', () => {
  it('tells the SPA the origins, the features and that a token is required, without one', async () => {
    const res = await app.request('/api/config');
    expect(res.status).toBe(200);
    const body = appConfigSchema.parse(await res.json());
    expect(body).toEqual({ embedOrigins: [PORTAL, OTHER_PORTAL], features: { review: false, ask: true }, auth: { required: true } });
    const withReview = await fx.app({ apiTokens }, true).request('/api/config');
    expect(appConfigSchema.parse(await withReview.json()).features).toEqual({ review: true, ask: true });
    // CITELENS_ASK=off: the ask routes are not mounted, and the SPA is told so
    const noAsk = createApp({ dataDir: fx.dataDir, warn: () => undefined, ask: false });
    expect(appConfigSchema.parse(await (await noAsk.request('/api/config')).json()).features.ask).toBe(false);
    expect((await noAsk.request('/api/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"question":"x"}' })).status).toBe(404);
  });

  it('says no embedding and no auth on a default server', async () => {
    expect(appConfigSchema.parse(await (await plain.request('/api/config')).json())).toEqual({
      embedOrigins: [],
      features: { review: false, ask: true },
      auth: { required: false },
    });
  });
});

describe('CORS', () => {
  it('serves public build files to any origin (a sandboxed frame is Origin: null)', async () => {
    for (const url of ['/assets/index-abc.js', '/assets/index-abc.css', '/assets/pdf.worker.min-abc.mjs', '/pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap']) {
      const res = await plain.request(url, { headers: { Origin: 'null' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(res.headers.get('access-control-allow-credentials'), url).toBeNull();
    }
    expect((await plain.request('/')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets Origin: null read /api without credentials when embedding is configured, with a preflight for the token', async () => {
    const pre = await app.request('/api/answers/alpha', {
      method: 'OPTIONS',
      headers: { Origin: 'null', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('null');
    const allowed = pre.headers.get('access-control-allow-headers')?.toLowerCase().split(',') ?? [];
    // The bearer token, pdf.js's range requests and the review API's version, reviewer and idempotency headers.
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'range', 'if-match', 'x-citelens-reviewer', 'idempotency-key', 'content-type']));
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const res = await app.request('/api/answers/alpha', { headers: { Origin: 'null', Authorization: `Bearer ${ALICE_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('null');
    expect(res.headers.get('vary')).toContain('Origin');
    const doc = await app.request('/api/documents/doc-a', { headers: { Origin: 'null', Authorization: `Bearer ${ALICE_TOKEN}`, Range: 'bytes=0-3' } });
    expect(doc.status).toBe(206);
    expect(doc.headers.get('access-control-allow-origin')).toBe('null');
    expect(doc.headers.get('access-control-expose-headers')).toMatch(/Content-Range.*ETag.*X-Citelens-Document-Version/);
    // The SPA must be able to read a 401 as a 401, not as a network error.
    const denied = await app.request('/api/answers/alpha', { headers: { Origin: 'null' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('null');
  });

  it('keeps /api same-origin for every real origin, and for null when embedding is off', async () => {
    for (const origin of [PORTAL, 'https://evil.example']) {
      const res = await app.request('/api/config', { headers: { Origin: origin } });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const off = await plain.request('/api/answers', { headers: { Origin: 'null' } });
    expect(off.status).toBe(200);
    expect(off.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows writes from Origin: null only when tokens are required', async () => {
    const ask = (a: typeof app) => a.request('/api/anything', { method: 'OPTIONS', headers: { Origin: 'null', 'Access-Control-Request-Method': 'PUT' } });
    expect((await ask(app)).headers.get('access-control-allow-methods')).toContain('PUT');
    const openEmbed = fx.app({ embedOrigins: [PORTAL] });
    expect((await ask(openEmbed)).headers.get('access-control-allow-methods')).not.toContain('PUT');
  });
});

describe('signed embed links', () => {
  it('serves a good link framed by exactly its origin, uncached', async () => {
    const res = await app.request(link('alpha', OTHER_PORTAL));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>citelens</title>');
    expect(frameAncestors(res)).toBe(OTHER_PORTAL);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses an expired link with a 403 page that says so', async () => {
    const res = await app.request(link('alpha', PORTAL, NOW_S));
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('This embed link has expired');
    expect(html).not.toContain('<script');
    // Shown inside the portal's frame, so the reader sees why.
    expect(frameAncestors(res)).toBe(`${PORTAL} ${OTHER_PORTAL}`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('refuses a tampered link, a link for an origin not in the allowlist, and any link when there is no secret', async () => {
    const good = new URLSearchParams(link('alpha', PORTAL).split('?')[1]);
    const variants: Record<string, string>[] = [
      { ...Object.fromEntries(good), answer: 'beta' },
      { ...Object.fromEntries(good), exp: String(NOW_S + 6000) },
      { ...Object.fromEntries(good), origin: OTHER_PORTAL },
      { ...Object.fromEntries(good), sig: `${good.get('sig')?.slice(0, -2)}AA` },
      { answer: 'alpha', sig: good.get('sig') as string },
    ];
    for (const v of variants) {
      const res = await app.request(`/embed?${new URLSearchParams(v)}`);
      expect(res.status, JSON.stringify(v)).toBe(403);
      expect(await res.text()).toContain('This embed link is not valid');
    }
    const foreign = await app.request(link('alpha', 'https://not-allowed.example'));
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('is not valid');
    const noSecret = await fx.app({ embedOrigins: [PORTAL] }).request(link('alpha', PORTAL));
    expect(noSecret.status).toBe(403);
  });
});

describe('POST /api/embed/session', () => {
  const exchange = (query: string, a = app) =>
    a.request('/api/embed/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(new URLSearchParams(query))),
    });

  it('trades a good link for a token that reads that answer and its documents, and nothing else', async () => {
    const res = await exchange(link('alpha', PORTAL).split('?')[1] as string);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const session = embedSessionResponseSchema.parse(await res.json());
    expect(session).toMatchObject({ answer: 'alpha', origin: PORTAL, expiresAt: NOW_S + 1800 });
    const auth = { headers: { Authorization: `Bearer ${session.token}` } };
    expect((await app.request('/api/answers/alpha', auth)).status).toBe(200);
    expect((await app.request('/api/documents/doc-a', auth)).status).toBe(200);
    expect((await app.request('/api/documents/doc-b', auth)).status).toBe(200); // named by a stored relative url
    expect((await app.request('/api/documents/doc-a', { ...auth, method: 'HEAD' })).status).toBe(200);
    for (const url of ['/api/answers/beta', '/api/documents/doc-c', '/api/answers']) {
      const denied = await app.request(url, auth);
      expect(denied.status, url).toBe(403);
      expect((await denied.json()).error.code).toBe('forbidden');
    }
  });

  it('refuses expired, tampered and malformed requests with a clear code', async () => {
    const expired = await exchange(link('alpha', PORTAL, NOW_S).split('?')[1] as string);
    expect(expired.status).toBe(403);
    expect((await expired.json()).error).toEqual({ code: 'embed_link_expired', message: 'This embed link has expired.' });
    const tampered = await exchange((link('alpha', PORTAL).split('?')[1] as string).replace('answer=alpha', 'answer=beta'));
    expect(tampered.status).toBe(403);
    expect((await tampered.json()).error.code).toBe('embed_link_invalid');
    const bad = await app.request('/api/embed/session', { method: 'POST', body: 'answer=alpha' });
    expect(bad.status).toBe(400);
    const missing = await exchange(link('gone', PORTAL).split('?')[1] as string);
    expect(missing.status).toBe(404);
  });

  it('ends the session after its lifetime', async () => {
    let t = now();
    const clocked = fx.app({ embedOrigins: [PORTAL], apiTokens, embedSecret: SECRET, now: () => t, sessionTtlSeconds: 60 });
    const { token } = embedSessionResponseSchema.parse(await (await exchange(link('alpha', PORTAL).split('?')[1] as string, clocked)).json());
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    expect((await clocked.request('/api/answers/alpha', auth)).status).toBe(200);
    t += 60_000;
    expect((await clocked.request('/api/answers/alpha', auth)).status).toBe(401);
  });
});
