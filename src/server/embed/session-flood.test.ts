// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { embedSessionResponseSchema } from '../../api/embed-session-schema.ts';
import { createApp } from '../app.ts';
import { parseApiTokens } from '../auth.ts';
import { DEFAULT_LIMITS, type ServerLimits } from '../limits.ts';
import { signedQuery } from '../../node/embed/signed-link.ts';
import { ALICE_TOKEN, makeFixture, OTHER_PORTAL, PORTAL, SECRET } from './test-fixture.ts';

// Issue 34, break 8: one leaked signed link, exchanged 10,050 times in 52 s, evicted every live embed session of the
// server (the oldest went first, whoever's it was): a victim's token went from 200 to 401. Sessions are capped per
// link (a link's new session replaces that link's own oldest) and per origin (past it, 429), exchanges are limited
// per client, and no exchange ever ends another link's session.

const fx = makeFixture();
afterAll(() => fx.cleanup());
const NOW_S = 1_800_000_000;
const apiTokens = parseApiTokens(`alice:${ALICE_TOKEN}`);

function server(limits: Partial<ServerLimits>) {
  return createApp({
    dataDir: fx.dataDir,
    distDir: fx.distDir,
    warn: () => undefined,
    security: { embedOrigins: [PORTAL, OTHER_PORTAL], apiTokens, embedSecret: SECRET, now: () => NOW_S * 1000 },
    limits: { ...DEFAULT_LIMITS, ...limits },
  });
}

const linkBody = (answer: string, origin: string, exp = NOW_S + 600) =>
  JSON.stringify(Object.fromEntries(new URLSearchParams(signedQuery(SECRET, { answer, origin, exp }))));

async function exchange(app: ReturnType<typeof createApp>, body: string, from = '198.51.100.7'): Promise<Response> {
  return app.request('/api/embed/session', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from }, body });
}

async function tokenOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return embedSessionResponseSchema.parse(await res.json()).token;
}

const reads = (app: ReturnType<typeof createApp>, token: string) => app.request('/api/answers/alpha', { headers: { Authorization: `Bearer ${token}` } });

describe('a leaked link exchanged over and over', () => {
  it("10,050 exchanges never end another link's session; the leaked link keeps only its newest", async () => {
    // The rate limit is off here: this is about what the sessions themselves hold.
    const app = server({ embedExchanges: { perMinute: 0, burst: 0 }, embedSessionsPerLink: 100 });
    const victim = await tokenOf(await exchange(app, linkBody('alpha', PORTAL, NOW_S + 300)));
    const leaked = linkBody('alpha', PORTAL);
    const first = await tokenOf(await exchange(app, leaked));
    let last = '';
    for (let i = 0; i < 10_050; i++) last = await tokenOf(await exchange(app, leaked));
    expect((await reads(app, victim)).status).toBe(200);
    expect((await reads(app, last)).status).toBe(200);
    // The leaked link's own oldest sessions made room.
    expect((await reads(app, first)).status).toBe(401);
  }, 120_000);

  it('a portal origin holds a bounded number of sessions: past it 429, other origins and live sessions unaffected', async () => {
    const app = server({ embedExchanges: { perMinute: 0, burst: 0 }, embedSessionsPerOrigin: 5 });
    const other = await tokenOf(await exchange(app, linkBody('alpha', OTHER_PORTAL)));
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await tokenOf(await exchange(app, linkBody('alpha', PORTAL, NOW_S + 100 + i))));
    const refused = await exchange(app, linkBody('alpha', PORTAL, NOW_S + 200));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    for (const t of [other, ...tokens]) expect((await reads(app, t)).status).toBe(200);
  });

  it('exchanges are limited per client: 429 with Retry-After past the burst, another client unaffected', async () => {
    const app = server({ trustProxy: true });
    const leaked = linkBody('alpha', PORTAL);
    const statuses: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.embedExchanges.burst + 1; i++) statuses.push((await exchange(app, leaked)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await exchange(app, leaked);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await exchange(app, leaked, '203.0.113.9')).status).toBe(200);
  });
});
