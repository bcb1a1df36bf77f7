// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReviewableAnswer } from '../testing/reviewable-answer.ts';
import { createApp } from './app.ts';
import { parseApiTokens } from './auth.ts';
import { ConfigError } from '../node/config-error.ts';
import { DEFAULT_LIMITS, readLimitsEnv } from './limits.ts';
import { parseRateLimit, RateLimiter } from './rate-limit.ts';
import { openReviewRepository } from './review/open-database.ts';
import type { ReviewRepository } from './review/repository.ts';

// Issue 34, break 9: the default open API took unbounded writes. Questions (ask and chat) and review saves are
// limited per client (the API token's subject, else the address) with 429 and Retry-After; saves are taken only for
// answers and claims that exist (404); text that is not valid Unicode is refused (400).

const root = mkdtempSync(path.join(tmpdir(), 'citelens-limits-'));
const data = path.join(root, 'data');
let repo: ReviewRepository;
let claims: string[];
const ALICE = 'alice-token-0123456789';
const BOB = 'bob-token-0123456789ab';

beforeAll(async () => {
  mkdirSync(path.join(data, 'documents'), { recursive: true });
  claims = writeReviewableAnswer(data, 'reviewed');
  repo = await openReviewRepository({ kind: 'sqlite', file: path.join(root, 'reviews.sqlite') });
});
afterAll(async () => {
  await repo.close();
  rmSync(root, { recursive: true, force: true });
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('RateLimiter', () => {
  it('lets a burst through, then one request per 60/perMinute seconds, and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter({ perMinute: 6, burst: 2 }, () => now);
    expect([limiter.take('a'), limiter.take('a')]).toEqual([{ ok: true }, { ok: true }]);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(limiter.take('b')).toEqual({ ok: true });
    now += 10_000;
    expect(limiter.take('a')).toEqual({ ok: true });
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
  });

  it('reads its variables, and refuses what it cannot read', () => {
    expect(parseRateLimit('30/10', 'X', DEFAULT_LIMITS.ask)).toEqual({ perMinute: 30, burst: 10 });
    expect(parseRateLimit('40', 'X', DEFAULT_LIMITS.ask)).toEqual({ perMinute: 40, burst: 10 });
    expect(parseRateLimit('off', 'X', DEFAULT_LIMITS.ask)).toEqual({ perMinute: 0, burst: 0 });
    expect(() => parseRateLimit('fast', 'CITELENS_RATE_ASK', DEFAULT_LIMITS.ask)).toThrow(/CITELENS_RATE_ASK must be requests per minute/);
    expect(() => readLimitsEnv({ CITELENS_ASK_MAX_ANSWERS: '-1' })).toThrow(ConfigError);
    expect(() => readLimitsEnv({ CITELENS_TRUST_PROXY: 'yes' })).toThrow(/CITELENS_TRUST_PROXY/);
    expect(readLimitsEnv({})).toEqual(DEFAULT_LIMITS);
  });
});

describe('questions per client', () => {
  it('ask and chat share one budget per client: 429 with Retry-After past it, another subject unaffected', async () => {
    // A clock that stands still: the limit refills with time, and a loaded machine must not change what is asserted.
    const now = Date.now();
    const app = createApp({
      dataDir: data,
      ask: { streamDelayMs: 0, now: () => now },
      security: { apiTokens: parseApiTokens(`alice:${ALICE},bob:${BOB}`) },
      limits: { ...DEFAULT_LIMITS, ask: { perMinute: 2, burst: 3 } },
      warn: () => undefined,
    });
    const alice = { Authorization: `Bearer ${ALICE}` };
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) statuses.push((await app.request('/api/ask', json({ question: `Question ${i}?` }, alice))).status);
    statuses.push((await app.request('/api/chat', json({ message: 'A chat question?', session_id: null }, alice))).status);
    const refused = await app.request('/api/ask', json({ question: 'One too many?' }, alice));
    expect(statuses).toEqual([201, 201, 200]);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await app.request('/api/chat', json({ message: 'Still me?', session_id: null }, alice))).status).toBe(429);
    expect((await app.request('/api/ask', json({ question: 'Bob asks?' }, { Authorization: `Bearer ${BOB}` }))).status).toBe(201);
    // Nothing was stored for the refused questions.
    // four answers stored (in the database: the data folder is never written)
    const listed = (await (await app.request('/api/answers', { headers: alice })).json()) as { id: string }[];
    expect(listed.filter((a) => a.id.startsWith('ask-'))).toHaveLength(4);
  });

  it('a question that is not valid Unicode (a lone surrogate) is a 400, never stored', async () => {
    const app = createApp({ dataDir: data, ask: { streamDelayMs: 0 }, warn: () => undefined });
    const res = await app.request('/api/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"question":"why \\ud800?"}' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('valid Unicode');
  });
});

describe('review saves', () => {
  const put = (app: ReturnType<typeof createApp>, answer: string, claim: string, body: string, headers: Record<string, string> = {}) =>
    app.request(`/api/answers/${answer}/review/claims/${claim}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'If-Match': '"0"', ...headers },
      body,
    });
  const decision = JSON.stringify({ decision: 'verified', note: '' });

  it('only for answers and claims that exist: 404, nothing stored', async () => {
    const app = createApp({ dataDir: data, review: repo, ask: false });
    const noAnswer = await put(app, 'no-such-answer', claims[0]!, decision);
    expect(noAnswer.status).toBe(404);
    expect(((await noAnswer.json()) as { error: { message: string } }).error.message).toBe('Answer "no-such-answer" was not found.');
    const noClaim = await put(app, 'reviewed', 'c-zzzzzz-0', decision);
    expect(noClaim.status).toBe(404);
    expect(((await noClaim.json()) as { error: { message: string } }).error.message).toBe('Answer "reviewed" has no claim "c-zzzzzz-0".');
    expect(await repo.getReview('no-such-answer')).toEqual({});
    expect(await repo.getReview('reviewed')).toEqual({});
    expect((await put(app, 'reviewed', claims[0]!, decision)).status).toBe(200);
  });

  it('a note that is not valid Unicode is a 400 (it was stored as the bytes ED A0 80)', async () => {
    const app = createApp({ dataDir: data, review: repo, ask: false });
    const res = await put(app, 'reviewed', claims[1]!, '{"decision":"verified","note":"lone \\udc00 half"}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { issues: { path: string }[] } }).error.issues[0]?.path).toBe('note');
    expect((await repo.getReview('reviewed'))[claims[1]!]).toBeUndefined();
  });

  it('per client: 429 with Retry-After past the limit', async () => {
    const app = createApp({ dataDir: data, review: repo, ask: false, limits: { ...DEFAULT_LIMITS, saves: { perMinute: 1, burst: 2 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await put(app, 'reviewed', claims[1]!, decision, { 'If-Match': `"${i}"` })).status);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses[2]).toBe(429);
  });
});
