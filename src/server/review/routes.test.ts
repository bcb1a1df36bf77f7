// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseApiTokens } from '../auth.ts';
import { claimIdsOf, reviewableAnswer, writeReviewableAnswer } from '../../testing/reviewable-answer.ts';
import { openReviewRepository } from './open-database.ts';
import type { ReviewRepository } from './repository.ts';

// The review API over HTTP (app.request), on a SQLite file in a temp folder. The PostgreSQL side of the same
// routes is covered by repository.test.ts (two app instances racing on one claim).

const ALICE_TOKEN = 'alice-review-token-0123';
let root: string;
let repo: ReviewRepository;
let app: ReturnType<typeof createApp>;
let n = 0;
/** A fresh answer of the data folder (saves are accepted only for stored answers and their claims). */
const answer = () => {
  const id = `routes-${++n}`;
  writeReviewableAnswer(path.join(root, 'data'), id);
  return id;
};
const [CLAIM, OTHER_CLAIM] = claimIdsOf(reviewableAnswer('any')) as [string, string];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-review-routes-'));
  repo = await openReviewRepository({ kind: 'sqlite', file: path.join(root, 'db', 'reviews.sqlite') });
  app = createApp({ dataDir: path.join(root, 'data'), review: repo });
});
afterAll(async () => {
  await repo.close();
  rmSync(root, { recursive: true, force: true });
});

function put(answerId: string, claimId: string, body: unknown, headers: Record<string, string> = {}, target = app) {
  return target.request(`/api/answers/${answerId}/review/claims/${claimId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; issues?: { path: string; message: string }[] } }).error;
}

describe('GET /api/answers/:id/review', () => {
  it('answers 200 with no claims for an answer nobody reviewed, never cached', async () => {
    const res = await app.request('/api/answers/never-seen/review');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ answerId: 'never-seen', claims: {} });
  });

  it('refuses an id that is not a safe id', async () => {
    for (const id of ['...', 'a%20b', 'x%2Fy', '%E2%9C%93']) {
      const res = await app.request(`/api/answers/${id}/review`);
      expect(res.status, id).toBe(400);
      expect((await errorOf(res)).code).toBe('bad_request');
    }
  });
});

describe('PUT /api/answers/:id/review/claims/:claimId', () => {
  it('stores a first decision with If-Match "0": 200, the record, ETag "1"; GET shows it', async () => {
    const id = answer();
    const res = await put(
      id,
      CLAIM,
      { decision: 'verified', note: 'p. 7, second paragraph' },
      {
        'If-Match': '"0"',
        'X-Citelens-Reviewer': encodeURIComponent('  Jürgen Müller '),
      },
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('ETag')).toBe('"1"');
    const record = await res.json();
    expect(record).toMatchObject({ decision: 'verified', note: 'p. 7, second paragraph', version: 1, reviewer: 'Jürgen Müller' });
    expect(await (await app.request(`/api/answers/${id}/review`)).json()).toEqual({ answerId: id, claims: { [CLAIM]: record } });
  });

  it('428 without If-Match, and nothing is stored', async () => {
    const id = answer();
    const res = await put(id, CLAIM, { decision: 'rejected', note: '' });
    expect(res.status).toBe(428);
    expect((await errorOf(res)).message).toMatch(/If-Match/);
    expect(await (await app.request(`/api/answers/${id}/review`)).json()).toEqual({ answerId: id, claims: {} });
  });

  it('400 for an If-Match that is not one quoted version', async () => {
    for (const value of ['*', 'W/"1"', '1', '"1", "2"', '"-1"']) {
      const res = await put(answer(), CLAIM, { decision: 'verified', note: '' }, { 'If-Match': value });
      expect(res.status, value).toBe(400);
    }
  });

  it('409 with the current record when the version is stale; the stored decision is untouched', async () => {
    const id = answer();
    const first = await (await put(id, CLAIM, { decision: 'verified', note: 'ok' }, { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'ann' })).json();
    const second = await put(id, CLAIM, { decision: 'rejected', note: 'not ok' }, { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'bob' });
    expect(second.status).toBe(409);
    expect(second.headers.get('ETag')).toBe('"1"');
    const body = (await second.json()) as { current: unknown; error: { code: string } };
    expect(body.current).toEqual(first);
    expect(body.error.code).toBe('conflict');
    // Resolved by saving against the version the conflict showed.
    const third = await put(id, CLAIM, { decision: 'rejected', note: 'not ok' }, { 'If-Match': '"1"', 'X-Citelens-Reviewer': 'bob' });
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ decision: 'rejected', version: 2, reviewer: 'bob' });
  });

  it('null clears a decision; the note is optional', async () => {
    const id = answer();
    await put(id, CLAIM, { decision: 'follow-up', note: 'ask legal' }, { 'If-Match': '"0"' });
    const res = await put(id, CLAIM, { decision: null }, { 'If-Match': '"1"' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ decision: null, note: '', version: 2, reviewer: '' });
  });

  it('400 with the issues for a bad body; a note of exactly 10,000 characters is fine', async () => {
    const h = { 'If-Match': '"0"' };
    const bad = await put(answer(), CLAIM, { decision: 'maybe', note: 5 }, h);
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.issues?.map((i) => i.path).sort()).toEqual(['decision', 'note']);
    expect(error.message).toMatch(/decision: /);

    const long = await put(answer(), CLAIM, { decision: 'verified', note: 'x'.repeat(10_001) }, h);
    expect(long.status).toBe(400);
    expect((await errorOf(long)).issues).toEqual([{ path: 'note', message: 'at most 10000 characters' }]);
    expect((await put(answer(), CLAIM, { decision: 'verified', note: 'x'.repeat(10_000) }, h)).status).toBe(200);

    const missing = await put(answer(), CLAIM, { note: 'no decision' }, h);
    expect(missing.status).toBe(400);
    const notJson = await put(answer(), CLAIM, '{"decision": ', h);
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_json');
    const huge = await put(answer(), CLAIM, JSON.stringify({ decision: 'verified', note: 'x'.repeat(70_000) }), h);
    expect(huge.status).toBe(413);
  });

  it('400 for a claim id that is not c-<base36>-<n>, and for an unusable reviewer name', async () => {
    const h = { 'If-Match': '"0"' };
    for (const claim of ['claim-1', 'c-ABC-0', 'c-abc-', 'c-abc-1-2']) {
      expect((await put(answer(), claim, { decision: 'verified', note: '' }, h)).status, claim).toBe(400);
    }
    const tooLong = await put(answer(), CLAIM, { decision: 'verified', note: '' }, { ...h, 'X-Citelens-Reviewer': 'r'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect((await errorOf(tooLong)).message).toMatch(/at most 100/);
    const broken = await put(answer(), CLAIM, { decision: 'verified', note: '' }, { ...h, 'X-Citelens-Reviewer': '%E0%A4%A' });
    expect(broken.status).toBe(400);
    const control = await put(answer(), CLAIM, { decision: 'verified', note: '' }, { ...h, 'X-Citelens-Reviewer': 'a%0Ab' });
    expect(control.status).toBe(400);
  });

  it("with API tokens, the token's subject is the reviewer, whatever the header says", async () => {
    const secured = createApp({ dataDir: path.join(root, 'data'), review: repo, security: { apiTokens: parseApiTokens(`alice:${ALICE_TOKEN}`) } });
    const id = answer();
    const anonymous = await put(id, CLAIM, { decision: 'verified', note: '' }, { 'If-Match': '"0"' }, secured);
    expect(anonymous.status).toBe(401);
    const res = await put(
      id,
      CLAIM,
      { decision: 'verified', note: '' },
      { 'If-Match': '"0"', Authorization: `Bearer ${ALICE_TOKEN}`, 'X-Citelens-Reviewer': 'mallory' },
      secured,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reviewer: 'alice', version: 1 });
  });
});

describe('GET /api/answers/:id/review/history', () => {
  it('lists every save in order, both decisions after an overwrite, optionally for one claim', async () => {
    const id = answer();
    const other = OTHER_CLAIM;
    await put(id, CLAIM, { decision: 'verified', note: 'first look' }, { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'ann' });
    await put(id, other, { decision: 'follow-up', note: '' }, { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'ann' });
    await put(id, CLAIM, { decision: 'rejected', note: 'wrong page' }, { 'If-Match': '"1"', 'X-Citelens-Reviewer': 'bob' });

    const res = await app.request(`/api/answers/${id}/review/history`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { answerId: string; events: { claimId: string; decision: string; reviewer: string; version: number }[] };
    expect(body.answerId).toBe(id);
    expect(body.events.map((e) => [e.claimId, e.decision, e.reviewer, e.version])).toEqual([
      [CLAIM, 'verified', 'ann', 1],
      [other, 'follow-up', 'ann', 1],
      [CLAIM, 'rejected', 'bob', 2],
    ]);
    const one = (await (await app.request(`/api/answers/${id}/review/history?claimId=${CLAIM}`)).json()) as typeof body;
    expect(one.events.map((e) => e.decision)).toEqual(['verified', 'rejected']);
    expect((await app.request(`/api/answers/${id}/review/history?claimId=nope`)).status).toBe(400);
  });
});

describe('mounting', () => {
  it('without a repository there is no review API (404), and other methods stay 404', async () => {
    const bare = createApp({ dataDir: path.join(root, 'data') });
    expect((await bare.request('/api/answers/x/review')).status).toBe(404);
    expect((await app.request(`/api/answers/x/review/claims/${CLAIM}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('decisions survive a restart: close the SQLite file, open it again, everything is there', async () => {
    const file = path.join(root, 'restart', 'reviews.sqlite');
    const first = await openReviewRepository({ kind: 'sqlite', file });
    const before = createApp({ dataDir: path.join(root, 'data'), review: first });
    writeReviewableAnswer(path.join(root, 'data'), 'kept');
    await put('kept', CLAIM, { decision: 'verified', note: 'a' }, { 'If-Match': '"0"' }, before);
    const saved = await (await put('kept', CLAIM, { decision: 'rejected', note: 'b' }, { 'If-Match': '"1"' }, before)).json();
    await first.close();

    const second = await openReviewRepository({ kind: 'sqlite', file });
    try {
      const after = createApp({ dataDir: path.join(root, 'data'), review: second });
      expect(await (await after.request('/api/answers/kept/review')).json()).toEqual({ answerId: 'kept', claims: { [CLAIM]: saved } });
      const history = (await (await after.request('/api/answers/kept/review/history')).json()) as { events: { note: string }[] };
      expect(history.events.map((e) => e.note)).toEqual(['a', 'b']);
      expect((await put('kept', CLAIM, { decision: null, note: '' }, { 'If-Match': '"1"' }, after)).status).toBe(409);
    } finally {
      await second.close();
    }
  });
});
