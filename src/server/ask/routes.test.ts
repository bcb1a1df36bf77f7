// @vitest-environment node
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAnswerSchema } from '../../api/answer-schema.ts';
import { parseMarkers } from '../../core/markers/parse-markers.ts';
import { resolveMarker } from '../../core/model/resolve.ts';
import type { Answer } from '../../core/model/types.ts';
import { createApp } from '../app.ts';
import { parseApiTokens } from '../auth.ts';
import { DEFAULT_LIMITS } from '../limits.ts';

/** These tests ask far more than a client may per minute: the limit has its own tests (src/server/limits.test.ts). */
const UNLIMITED = { ...DEFAULT_LIMITS, ask: { perMinute: 0, burst: 0 } };

// The ask API end to end over a copy of the demo data: stored answers that GET and the thread endpoint read back,
// follow-ups in one thread, chat sessions, SSE order, request errors, and the token check.

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data');
let dataDir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-ask-routes-'));
  mkdirSync(path.join(dataDir, 'answers'), { recursive: true });
  mkdirSync(path.join(dataDir, 'documents'), { recursive: true });
  for (const f of ['vendor-security-policy.pdf', 'vendor-security-policy.meta.json', 'data-retention-policy.pdf', 'data-retention-policy.meta.json']) {
    copyFileSync(path.join(demo, 'documents', f), path.join(dataDir, 'documents', f));
  }
  copyFileSync(path.join(demo, 'answers', 'vendor-access.json'), path.join(dataDir, 'answers', 'vendor-access.json'));
  app = createApp({ dataDir, warn: () => undefined, ask: { streamDelayMs: 0 }, limits: UNLIMITED });
  // the first question builds the index: done here, so each test below measures only itself
  await post('/api/ask', { question: 'warm up the index' });
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    app.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

async function ask(body: object): Promise<Answer & { thread: { id: string; turn: number } }> {
  const res = await post('/api/ask', body);
  expect(res.status).toBe(201);
  return ((await res.json()) as { answer: Answer & { thread: { id: string; turn: number } } }).answer;
}

describe('POST /api/ask', () => {
  it('answers with a stored canonical answer that GET returns unchanged, citing real pages', async () => {
    const res = await post('/api/ask', { question: 'How long until unused vendor accounts are disabled?' });
    expect(res.status).toBe(201);
    const { answer } = (await res.json()) as { answer: Answer };
    expect(answer.id).toMatch(/^ask-[0-9a-z]+-[0-9a-f]{8}$/);
    expect(res.headers.get('location')).toBe(`/api/answers/${answer.id}`);
    expect(answer.question).toBe('How long until unused vendor accounts are disabled?');
    expect(answer.thread).toEqual({ id: answer.id, turn: 1 });
    expect(answer.text).toContain('Vendor accounts that have not been used for 30 days are disabled automatically [1].');
    expect(answer.sources[0]).toMatchObject({
      id: 'S1',
      documentId: 'vendor-security-policy',
      page: 3,
      section: '3.4 Access Reviews',
      documentVersion: '2026-03',
    });
    expect(answer.documents[0]).toEqual({
      id: 'vendor-security-policy',
      title: 'Vendor Security Policy',
      url: '/api/documents/vendor-security-policy',
      version: '2026-03',
    });
    // the client's own schema accepts it, thread and all
    expect(canonicalAnswerSchema.parse(answer).thread).toEqual({ id: answer.id, turn: 1 });
    // stored in the database, never in the data folder (issue 39)
    expect(existsSync(path.join(dataDir, 'answers', `${answer.id}.json`))).toBe(false);
    const got = await app.request(`/api/answers/${answer.id}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toEqual(answer);
    const list = (await (await app.request('/api/answers')).json()) as { id: string; question?: string }[];
    expect(list).toContainEqual({ id: answer.id, question: answer.question, title: answer.question });
  });

  it('threads follow-ups: rewritten to stand alone, numbered in turn, listed by the thread endpoint', async () => {
    const first = await ask({ question: 'How long until unused vendor accounts are disabled?' });
    const second = await ask({ question: 'And when are they deleted?', answerId: first.id });
    expect(second.thread).toEqual({ id: first.id, turn: 2 });
    expect(second.standaloneQuestion).toMatch(/^And when are they deleted\? \(.*vendor accounts.*\)$/);
    expect(second.text).toContain('Disabled accounts are deleted after a further 60 days');
    // a follow-up on the second turn joins the same thread, after the last turn
    const third = await ask({ question: 'Who reviews vendor accounts and how often?', answerId: second.id });
    expect(third.thread).toEqual({ id: first.id, turn: 3 });
    expect(third.standaloneQuestion).toBeUndefined();
    for (const id of [first.id, second.id, third.id]) {
      const res = await app.request(`/api/answers/${id}/thread`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        id: first.id,
        turns: [
          { answerId: first.id, question: first.question, turn: 1 },
          { answerId: second.id, question: 'And when are they deleted?', turn: 2 },
          { answerId: third.id, question: third.question, turn: 3 },
        ],
      });
    }
  });

  it('follows up on a demo answer that has no thread: it becomes turn 1', async () => {
    const next = await ask({ question: 'What about their recordings?', answerId: 'vendor-access' });
    expect(next.thread).toEqual({ id: 'vendor-access', turn: 2 });
    const thread = (await (await app.request('/api/answers/vendor-access/thread')).json()) as { id: string; turns: { answerId: string; turn: number }[] };
    expect(thread.id).toBe('vendor-access');
    expect(thread.turns.map((t) => [t.answerId, t.turn])).toEqual([
      ['vendor-access', 1],
      [next.id, 2],
    ]);
    // the demo answer itself is not rewritten
    expect(JSON.parse(readFileSync(path.join(dataDir, 'answers', 'vendor-access.json'), 'utf8')).thread).toBeUndefined();
  });

  it('says plainly when nothing relevant was found', async () => {
    const answer = await ask({ question: 'What is the capital of France?' });
    expect(answer.sources).toEqual([]);
    expect(answer.text).toMatch(/^Nothing relevant was found for this question\./);
  });

  it('refuses malformed requests with a clear 400, 404, 413 or 415', async () => {
    const cases: [unknown, number, string, RegExp][] = [
      [{ question: '' }, 400, 'bad_request', /question: must not be empty/],
      [{ question: '   ' }, 400, 'bad_request', /question: must not be empty/],
      [{ question: 'x'.repeat(2001) }, 400, 'bad_request', /question: at most 2000 characters/],
      [{}, 400, 'bad_request', /question: must be a string/],
      [{ question: 'ok?', answerId: '../etc' }, 400, 'bad_request', /answerId: must be an answer id/],
      ['{not json', 400, 'invalid_json', /not JSON/],
      [{ question: 'ok?', answerId: 'no-such-answer' }, 404, 'not_found', /"no-such-answer" was not found/],
      [{ question: 'x', pad: 'y'.repeat(70_000) }, 413, 'payload_too_large', /64 KiB/],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await post('/api/ask', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
    // a cross-site form can post text/plain without a preflight: refused
    const form = await post('/api/ask', '{"question":"ok?"}', { 'Content-Type': 'text/plain' });
    expect(form.status).toBe(415);
  });
});

describe('GET /api/answers/:id/thread', () => {
  it('is 404 for an unknown answer and 400 for an invalid id', async () => {
    expect((await app.request('/api/answers/nope/thread')).status).toBe(404);
    expect((await app.request('/api/answers/..%2F..%2Fx/thread')).status).toBe(400);
  });
});

describe('POST /api/chat', () => {
  it('starts a session, follows up in one thread, and ends it', async () => {
    const start = await post('/api/chat', { message: 'How long until unused vendor accounts are disabled?', session_id: null });
    expect(start.status).toBe(200);
    const a = (await start.json()) as { session_id: string; answer: Answer };
    expect(a.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.answer.thread).toEqual({ id: a.answer.id, turn: 1 });
    const next = await post('/api/chat', { message: 'And when are they deleted?', session_id: a.session_id });
    const b = (await next.json()) as { session_id: string; answer: Answer };
    expect(b.session_id).toBe(a.session_id);
    expect(b.answer.thread).toEqual({ id: a.answer.id, turn: 2 });
    expect(b.answer.standaloneQuestion).toContain('vendor accounts');
    expect(b.answer.text).toContain('deleted after a further 60 days');
    // stored like any answer
    expect((await app.request(`/api/answers/${b.answer.id}`)).status).toBe(200);

    expect((await app.request(`/api/chat/${a.session_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await app.request(`/api/chat/${a.session_id}`, { method: 'DELETE' })).status).toBe(404);
    const gone = await post('/api/chat', { message: 'Anything else?', session_id: a.session_id });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toMatch(/unknown or has expired/);
  });

  it('forgets idle sessions', async () => {
    let now = Date.parse('2026-11-30T12:00:00Z');
    const local = createApp({ dataDir, warn: () => undefined, ask: { streamDelayMs: 0, sessionTtlMs: 60_000, now: () => now } });
    const start = await local.request('/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'Are backups encrypted?', session_id: null }),
    });
    const { session_id } = (await start.json()) as { session_id: string };
    now += 61_000;
    const late = await local.request('/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'And where?', session_id }),
    });
    expect(late.status).toBe(404);
  }, 60_000);
});

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

describe('streaming (Accept: text/event-stream)', () => {
  it('sends text in pieces, each source before the text that first cites it, and the stored answer last', async () => {
    const res = await post('/api/ask', { question: 'Do vendors need multi-factor authentication for remote access?' }, { Accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const raw = await res.text();
    // a comment first: the client knows the question was accepted before the answer is ready
    expect(raw.startsWith(': answering\n\n')).toBe(true);
    const events = parseSse(raw);
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
    const answer = events.at(-1)?.data.answer as Answer;
    const texts = events.filter((e) => e.event === 'text');
    expect(texts.length).toBeGreaterThan(2);
    expect(texts.map((e) => e.data.delta).join('')).toBe(answer.text);
    // walk the stream: whenever the text so far holds a marker, its source has already arrived
    let sofar = '';
    const arrived = new Set<string>();
    for (const e of events) {
      if (e.event === 'source') {
        const id = (e.data.source as { id: string }).id;
        expect(arrived.has(id), `source ${id} sent twice`).toBe(false);
        arrived.add(id);
      } else if (e.event === 'text') {
        sofar += e.data.delta as string;
        for (const g of parseMarkers(sofar)) for (const r of g.refs) expect(arrived.has(resolveMarker(answer, r.key)?.id ?? '?'), r.key).toBe(true);
      }
    }
    expect([...arrived].sort()).toEqual(answer.sources.map((s) => s.id).sort());
    expect(answer.sources.length).toBeGreaterThan(0);
    expect(await (await app.request(`/api/answers/${answer.id}`)).json()).toEqual(answer);
  });

  it('streams chat too, with the session id in done', async () => {
    const res = await post('/api/chat', { message: 'How long are backups kept?', session_id: null }, { Accept: 'text/event-stream' });
    const done = parseSse(await res.text()).at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data.session_id).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect((done?.data.answer as Answer).text).toContain('35 days');
  });
});

describe('access', () => {
  it('sits behind the bearer-token check like every /api route', async () => {
    const token = 'alice-token-0123456789';
    const guarded = createApp({ dataDir, warn: () => undefined, security: { apiTokens: parseApiTokens(`alice:${token}`) } });
    const body = JSON.stringify({ question: 'Are backups encrypted?' });
    const headers = { 'Content-Type': 'application/json' };
    expect((await guarded.request('/api/ask', { method: 'POST', headers, body })).status).toBe(401);
    expect((await guarded.request('/api/answers/vendor-access/thread')).status).toBe(401);
    expect((await guarded.request('/api/chat', { method: 'POST', headers, body: '{"message":"x","session_id":null}' })).status).toBe(401);
    const ok = await guarded.request('/api/ask', { method: 'POST', headers: { ...headers, Authorization: `Bearer ${token}` }, body });
    expect(ok.status).toBe(201);
    expect(((await (await guarded.request('/api/config')).json()) as { features: { ask: boolean } }).features.ask).toBe(true);
  }, 60_000);

  it('never cites a forbidden document', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'citelens-ask-forbidden-'));
    try {
      mkdirSync(path.join(dir, 'documents'), { recursive: true });
      copyFileSync(path.join(demo, 'documents', 'vendor-security-policy.pdf'), path.join(dir, 'documents', 'locked.pdf'));
      writeFileSync(path.join(dir, 'documents', 'locked.meta.json'), JSON.stringify({ access: 'forbidden' }));
      const local = createApp({ dataDir: dir, warn: () => undefined });
      const res = await local.request('/api/ask', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ question: 'How long until unused vendor accounts are disabled?' }),
      });
      const { answer } = (await res.json()) as { answer: Answer };
      expect(answer.sources).toEqual([]);
      expect(answer.text).toMatch(/There are no documents to search/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
