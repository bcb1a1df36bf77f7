// @vitest-environment node
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedSessionResponseSchema } from '../api/embed-session-schema.ts';
import { createApp } from './app.ts';
import { parseApiTokens } from './auth.ts';
import { ALICE_TOKEN, BOB_TOKEN, makeFixture, PORTAL, SECRET } from './embed/test-fixture.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { openServerDatabase, type ReviewStoreConfig, type ServerDatabase } from './review/open-database.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './review/test-postgres.ts';
import { signedQuery } from '../node/embed/signed-link.ts';

// Issue 39, acceptance: a chat session and an embed session survive a server restart. The server is stopped (its
// database closed, every object in memory dropped) and a new one opens the same database: the chat's next message
// follows up in the same thread, and the embed token still reads its answer and nothing else.

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'demo-data');
const fx = makeFixture();
copyFileSync(path.join(demo, 'documents', 'data-retention-policy.pdf'), path.join(fx.dataDir, 'documents', 'data-retention-policy.pdf'));
afterAll(() => fx.cleanup());

const apiTokens = parseApiTokens(`alice:${ALICE_TOKEN},bob:${BOB_TOKEN}`);
const NOW_S = Math.floor(Date.now() / 1000);

function serverOn(db: ServerDatabase) {
  return createApp({
    dataDir: fx.dataDir,
    warn: () => undefined,
    review: db.review,
    asked: db.asked,
    sessions: db.sessions,
    security: { embedOrigins: [PORTAL], apiTokens, embedSecret: SECRET },
    ask: { streamDelayMs: 0 },
    limits: { ...DEFAULT_LIMITS, ask: { perMinute: 0, burst: 0 } },
  });
}

type App = ReturnType<typeof serverOn>;
const json = { 'Content-Type': 'application/json' };
const as = (token: string) => ({ Authorization: `Bearer ${token}` });

async function chat(app: App, token: string, message: string, sessionId: string | null) {
  const res = await app.request('/api/chat', { method: 'POST', headers: { ...json, ...as(token) }, body: JSON.stringify({ message, session_id: sessionId }) });
  return { status: res.status, body: (await res.json()) as { session_id: string; answer: { id: string; thread: { id: string; turn: number }; text: string } } };
}

function restartContract(config: () => ReviewStoreConfig) {
  it('a chat session and an embed session survive a server restart', async () => {
    let db = await openServerDatabase(config());
    try {
      let app = serverOn(db);
      const first = await chat(app, ALICE_TOKEN, 'How long are backups kept?', null);
      expect(first.status).toBe(200);
      const link = Object.fromEntries(new URLSearchParams(signedQuery(SECRET, { answer: 'alpha', origin: PORTAL, exp: NOW_S + 600 })));
      const exchanged = await app.request('/api/embed/session', { method: 'POST', headers: json, body: JSON.stringify(link) });
      expect(exchanged.status).toBe(200);
      const { token } = embedSessionResponseSchema.parse(await exchanged.json());
      expect((await app.request('/api/answers/alpha', { headers: as(token) })).status).toBe(200);

      // the restart: nothing of the first server is kept but its database
      await db.review.close();
      db = await openServerDatabase(config());
      app = serverOn(db);

      const next = await chat(app, ALICE_TOKEN, 'And who may restore them?', first.body.session_id);
      expect(next.status).toBe(200);
      expect(next.body.session_id).toBe(first.body.session_id);
      expect(next.body.answer.thread).toEqual({ id: first.body.answer.id, turn: 2 });
      // still Alice's only
      expect((await chat(app, BOB_TOKEN, 'Mine?', first.body.session_id)).status).toBe(404);
      expect((await app.request('/api/answers/alpha', { headers: as(token) })).status).toBe(200);
      expect((await app.request('/api/documents/doc-a', { headers: as(token) })).status).toBe(200);
      expect((await app.request('/api/answers/beta', { headers: as(token) })).status).toBe(403);
    } finally {
      await db.review.close();
    }
  }, 120_000);
}

describe('on SQLite', () => {
  restartContract(() => ({ kind: 'sqlite', file: path.join(fx.root, 'restart.sqlite') }));
});

const pgBin = findPostgresBin();
const skipPostgres = pgBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL restart test: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('on PostgreSQL', () => {
  let cluster: TestPostgres | undefined;
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
  }, 60_000);
  afterAll(() => cluster?.stop());
  restartContract(() => {
    if (!cluster) throw new Error('the test cluster did not start');
    return { kind: 'postgres', url: cluster.url };
  });
});
