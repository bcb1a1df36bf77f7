// @vitest-environment node
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import { parseApiTokens } from './auth.ts';
import type { ChatSessionStore } from './ask/chat-sessions.ts';
import type { EmbedSessionStore } from './embed/sessions.ts';
import { ALICE_TOKEN, makeFixture, PORTAL, SECRET } from './embed/test-fixture.ts';
import { signedQuery } from '../node/embed/signed-link.ts';

// Sessions live in the review database now (issue 39): when it does not answer, a request that needs a session is
// told so with 503 and Retry-After (as a review save is), not a 500, and the server says why in its log once per
// request. API tokens and everything that needs no session keep working.

const fx = makeFixture();
afterAll(() => fx.cleanup());
afterEach(() => vi.restoreAllMocks());

const down = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
const brokenEmbed: EmbedSessionStore = { create: down, find: down };
const brokenChat: ChatSessionStore = { create: down, get: down, addTurn: down, delete: down };

const app = createApp({
  dataDir: fx.dataDir,
  warn: () => undefined,
  security: { embedOrigins: [PORTAL], apiTokens: parseApiTokens(`alice:${ALICE_TOKEN}`), embedSecret: SECRET },
  sessions: { embed: () => brokenEmbed, chat: () => brokenChat },
});

async function expectUnavailable(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('storage_unavailable');
}

describe('a session store that does not answer', () => {
  it('an embed token, a link exchange and a chat message are answered 503 with Retry-After; the cause is logged', async () => {
    const log = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expectUnavailable(await app.request('/api/answers/alpha', { headers: { Authorization: 'Bearer some-embed-session-token-0123' } }));
    const link = Object.fromEntries(new URLSearchParams(signedQuery(SECRET, { answer: 'alpha', origin: PORTAL, exp: Math.floor(Date.now() / 1000) + 600 })));
    await expectUnavailable(
      await app.request('/api/embed/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(link) }),
    );
    const auth = { Authorization: `Bearer ${ALICE_TOKEN}`, 'Content-Type': 'application/json' };
    await expectUnavailable(
      await app.request('/api/chat', { method: 'POST', headers: auth, body: JSON.stringify({ message: 'Anything?', session_id: null }) }),
    );
    await expectUnavailable(await app.request('/api/chat/some-session', { method: 'DELETE', headers: auth }));
    const lines = log.mock.calls.map((call) => String(call[0])).filter((l) => l.includes('the session store failed'));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('ECONNREFUSED');
  });

  it('an API token needs no session: its requests are served', async () => {
    expect((await app.request('/api/answers/alpha', { headers: { Authorization: `Bearer ${ALICE_TOKEN}` } })).status).toBe(200);
  });
});
