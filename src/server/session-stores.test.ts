// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryChatSessions, type ChatSessionOptions, type ChatSessionStore } from './ask/chat-sessions.ts';
import { EmbedSessions, type EmbedSessionLimits, type EmbedSessionStore } from './embed/sessions.ts';
import { openServerDatabase, type ReviewStoreConfig, type ServerDatabase } from './review/open-database.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './review/test-postgres.ts';

// Issue 39: chat and embed sessions keep the same rules in every store: process memory (a server without a database),
// SQLite and PostgreSQL (migration 0004). One contract, three stores; the database stores also keep their sessions
// when the database is opened again (a restart) and share them between two openings (two replicas).

interface Stores {
  chat(o: ChatSessionOptions): ChatSessionStore;
  embed(l: EmbedSessionLimits): EmbedSessionStore;
}

const grant = (answer: string, origin = 'https://portal.example.com') => ({ answer, origin, documents: new Set(['doc-a', 'doc-b']) });

function contract(stores: () => Stores) {
  it("a chat session is its subject's, keeps its last turns in order, and is gone once deleted", async () => {
    const chat = stores().chat({ maxTurns: 3 });
    const s = await chat.create('alice');
    expect(await chat.get(s.id, 'bob')).toBeUndefined();
    for (let i = 1; i <= 5; i++) await chat.addTurn(s, { question: `q${i}`, standaloneQuestion: `sq${i}`, answerId: `ask-${i}` });
    expect((await chat.get(s.id, 'alice'))?.turns.map((t) => t.answerId)).toEqual(['ask-3', 'ask-4', 'ask-5']);
    expect(await chat.delete(s.id, 'bob')).toBe(false);
    expect(await chat.delete(s.id, 'alice')).toBe(true);
    expect(await chat.get(s.id, 'alice')).toBeUndefined();
    expect(await chat.delete(s.id, 'alice')).toBe(false);
  });

  it('an idle chat session is forgotten; one in use is not', async () => {
    let now = 1_000_000;
    const chat = stores().chat({ ttlMs: 60_000, now: () => now });
    const idle = await chat.create('alice');
    const busy = await chat.create('alice');
    now += 40_000;
    expect(await chat.get(busy.id, 'alice')).toBeDefined();
    now += 40_000;
    expect(await chat.get(idle.id, 'alice')).toBeUndefined();
    expect(await chat.get(busy.id, 'alice')).toBeDefined();
  });

  it('past the cap, a new chat session replaces the least recently used', async () => {
    let now = 2_000_000;
    // a short idle time sweeps the earlier tests' sessions from a shared database (the cap counts every session)
    const chat = stores().chat({ max: 2, ttlMs: 1000, now: () => now });
    const a = await chat.create('x');
    now++;
    const b = await chat.create('x');
    now++;
    await chat.get(a.id, 'x');
    now++;
    const c = await chat.create('x');
    expect(await chat.get(b.id, 'x')).toBeUndefined();
    expect(await chat.get(a.id, 'x')).toBeDefined();
    expect(await chat.get(c.id, 'x')).toBeDefined();
  });

  it('an embed token reads back its grant until it expires; an unknown token reads nothing', async () => {
    let now = 3_000_000;
    const embed = stores().embed({ ttlSeconds: 60, now: () => now });
    const made = await embed.create(grant('alpha'), 'sig-1');
    if (made.kind !== 'created') throw new Error('refused');
    expect(made.expiresAt).toBe(now + 60_000);
    expect(await embed.find(made.token)).toEqual(grant('alpha'));
    expect(await embed.find(`${made.token}x`)).toBeUndefined();
    now += 60_000;
    expect(await embed.find(made.token)).toBeUndefined();
  });

  it("a link's new embed session replaces that link's own oldest, never another link's; an origin and the server are capped", async () => {
    const now = 4_000_000;
    const embed = stores().embed({ now: () => now, perLink: 2, perOrigin: 4, max: 5 });
    const token = async (answer: string, link: string, origin?: string) => {
      const made = await embed.create(grant(answer, origin), link);
      if (made.kind !== 'created') throw new Error(`refused (${made.why})`);
      return made.token;
    };
    const other = await token('beta', 'sig-other');
    const first = await token('alpha', 'sig-leaked');
    const second = await token('alpha', 'sig-leaked');
    const third = await token('alpha', 'sig-leaked');
    expect(await embed.find(first)).toBeUndefined();
    expect(await embed.find(second)).toBeDefined();
    expect(await embed.find(third)).toBeDefined();
    expect(await embed.find(other)).toBeDefined();
    // origin cap: 3 live for this origin; one more fits, the next is refused
    await token('gamma', 'sig-3');
    expect(await embed.create(grant('delta'), 'sig-4')).toEqual({ kind: 'refused', why: 'origin' });
    // server cap: 4 live; one from another origin fits, the next is refused
    await token('alpha', 'sig-5', 'https://other.example.org');
    expect(await embed.create(grant('alpha', 'https://third.example.net'), 'sig-6')).toEqual({ kind: 'refused', why: 'server' });
    expect(await embed.find(other)).toBeDefined();
  });
}

describe('session stores in process memory', () => {
  contract(() => ({ chat: createMemoryChatSessions, embed: (l) => new EmbedSessions(l) }));
});

/** The database contract, plus what only a database can do: outlive its opening, and be shared by two. */
function databaseContract(config: () => ReviewStoreConfig) {
  let db: ServerDatabase;
  let replica: ServerDatabase;
  beforeAll(async () => {
    db = await openServerDatabase(config());
    replica = await openServerDatabase(config());
  }, 60_000);
  afterAll(async () => {
    await db?.review.close();
    await replica?.review.close();
  });
  // The tests' clocks move forward from test to test, so each one's caps see only its own live sessions.
  contract(() => ({ chat: db.sessions.chat, embed: db.sessions.embed }));

  it('two replicas exchanging at once never pass a cap between them', async () => {
    // An origin of this test's own: the cap counts only its sessions. Without the exchange lock, PostgreSQL's read
    // committed transactions would each count 9 and both insert the 10th.
    const origin = `https://race-${Date.now()}.example.com`;
    const stores = [db, replica].map((d) => d.sessions.embed({ perOrigin: 10 }));
    const outcomes = await Promise.all(Array.from({ length: 24 }, (_, i) => stores[i % 2]!.create(grant('alpha', origin), `sig-race-${i}`)));
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(10);
    expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(14);
  }, 30_000);

  it('sessions made by one opening are known to another, and to the database opened again (a restart)', async () => {
    const chat = db.sessions.chat({});
    const s = await chat.create('alice');
    await chat.addTurn(s, { question: 'q', standaloneQuestion: 'q', answerId: 'ask-restart-1' });
    const made = await db.sessions.embed({}).create(grant('alpha'), 'sig-restart');
    if (made.kind !== 'created') throw new Error('refused');

    // the other replica continues the session and honours the token
    const there = await replica.sessions.chat({}).get(s.id, 'alice');
    expect(there?.turns.map((t) => t.answerId)).toEqual(['ask-restart-1']);
    await replica.sessions.chat({}).addTurn(there!, { question: 'q2', standaloneQuestion: 'q2', answerId: 'ask-restart-2' });
    expect(await replica.sessions.embed({}).find(made.token)).toEqual(grant('alpha'));

    await db.review.close();
    db = await openServerDatabase(config());
    expect((await db.sessions.chat({}).get(s.id, 'alice'))?.turns.map((t) => t.answerId)).toEqual(['ask-restart-1', 'ask-restart-2']);
    expect(await db.sessions.embed({}).find(made.token)).toEqual(grant('alpha'));
  }, 30_000);
}

describe('session stores on SQLite', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'citelens-sessions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  databaseContract(() => ({ kind: 'sqlite', file: path.join(dir, 'sessions.sqlite') }));
});

const pgBin = findPostgresBin();
const skipPostgres = pgBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL session store tests: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('session stores on PostgreSQL', () => {
  let cluster: TestPostgres | undefined;
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
  }, 60_000);
  afterAll(() => cluster?.stop());
  databaseContract(() => {
    if (!cluster) throw new Error('the test cluster did not start');
    return { kind: 'postgres', url: cluster.url };
  });
});
