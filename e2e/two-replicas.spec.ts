import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import { signedQuery } from '../src/node/embed/signed-link.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from '../src/server/review/test-postgres.ts';
import { expect as baseExpect, test } from './fixtures.ts';
import { findNginx, NGINX_MISSING, startNginx, stopNginx, type RunningNginx } from './nginx-proxy.ts';
import { startServer, type OwnServer } from './own-server.ts';

// Issue 39: several servers, one truth. Two citelens servers on one throwaway PostgreSQL behind Debian's nginx
// (round-robin, no sticky sessions, no buffering: e2e/nginx-proxy.ts, the config docs/deploy.md shows). Everything
// goes through the proxy; nginx says which replica answered (X-Citelens-Upstream, this test's config only), and the
// test sends a request to "the other replica" by first sending harmless GETs until the last one went to this one.

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const demo = path.join(root, 'src/server/demo-data');
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ANN = 'ann-two-replicas-0123456789';
const BEN = 'ben-two-replicas-0123456789';
const PORTAL = 'https://portal.example.com';
const SECRET = 'a-two-replica-embed-secret-of-32-chars';
const FIRST = 'What happens to vendor accounts that have not been used for 30 days?';
const FOLLOW_UP = 'And when are they deleted?';

const nginxBin = findNginx();
const pgBin = findPostgresBin();
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const upstreamOf = (res: APIResponse) => res.headers()['x-citelens-upstream'] ?? '';

let cluster: TestPostgres | undefined;
let replicas: OwnServer[] = [];
let proxy: RunningNginx | undefined;
let dataDir = '';
let prefix = '';

// Skipped only without nginx, saying so on the console too (Playwright's list shows a skip without its reason).
if (nginxBin === null) process.stderr.write(`\nSKIPPING the two-replica test: ${NGINX_MISSING}\n\n`);
test.skip(nginxBin === null, NGINX_MISSING);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  if (pgBin === null) throw new Error(POSTGRES_MISSING);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-replicas-data-'));
  prefix = mkdtempSync(path.join(os.tmpdir(), 'citelens-replicas-nginx-'));
  // A small corpus: each replica builds its own ask index on its first question.
  mkdirSync(path.join(dataDir, 'answers'));
  mkdirSync(path.join(dataDir, 'documents'));
  for (const f of ['vendor-security-policy.pdf', 'vendor-security-policy.meta.json', 'data-retention-policy.pdf', 'data-retention-policy.meta.json']) {
    copyFileSync(path.join(demo, 'documents', f), path.join(dataDir, 'documents', f));
  }
  copyFileSync(path.join(demo, 'answers', 'vendor-access.json'), path.join(dataDir, 'answers', 'vendor-access.json'));
  cluster = await startTestPostgres(pgBin);
  const env = {
    CITELENS_DATA: dataDir,
    CITELENS_DATABASE_URL: cluster.url,
    CITELENS_API_TOKENS: `Ann:${ANN},Ben:${BEN}`,
    CITELENS_EMBED_ORIGINS: PORTAL,
    CITELENS_EMBED_SECRET: SECRET,
    CITELENS_REQUEST_LOG: '0',
    CITELENS_TRUST_PROXY: '1',
  };
  replicas = [await startServer(env), await startServer(env)];
  proxy = await startNginx(
    nginxBin!,
    prefix,
    replicas.map((r) => `127.0.0.1:${r.port}`),
  );
});

test.afterAll(async () => {
  await stopNginx(proxy);
  for (const r of replicas) if (r.child.exitCode === null) r.child.kill('SIGKILL');
  cluster?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (prefix) rmSync(prefix, { recursive: true, force: true });
});

/** GETs /healthz until one went to `upstream`: round-robin then sends the next request to another replica. */
async function steerAwayFrom(request: APIRequestContext, upstream: string): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const res = await request.get(`${proxy!.base}/healthz`);
    if (upstreamOf(res) === upstream) return;
  }
  throw new Error(`no request went to ${upstream} in 6 tries: is the proxy round-robin?`);
}

type Asked = { id: string; question: string; text: string; thread: { id: string; turn: number } };

test('a question asked on one replica is followed up on the other', async ({ request }) => {
  const first = await request.post(`${proxy!.base}/api/ask`, { data: { question: FIRST }, headers: auth(ANN), timeout: 120_000 });
  expect(first.status()).toBe(201);
  const a = ((await first.json()) as { answer: Asked }).answer;
  await steerAwayFrom(request, upstreamOf(first));
  const next = await request.post(`${proxy!.base}/api/ask`, { data: { question: FOLLOW_UP, answerId: a.id }, headers: auth(ANN), timeout: 120_000 });
  expect(next.status()).toBe(201);
  expect(upstreamOf(next)).not.toBe(upstreamOf(first));
  const b = ((await next.json()) as { answer: Asked }).answer;
  expect(b.thread).toEqual({ id: a.id, turn: 2 });
  // the follow-up was rewritten with the first question's subject, which only the database could tell the other replica
  expect(b.text).toContain('deleted after a further 60 days');
  // either replica serves both turns
  for (let i = 0; i < 2; i++) {
    const thread = await request.get(`${proxy!.base}/api/answers/${a.id}/thread`, { headers: auth(ANN) });
    expect(((await thread.json()) as { turns: { answerId: string }[] }).turns.map((t) => t.answerId)).toEqual([a.id, b.id]);
  }
});

test('a chat session hops replicas: each message lands on the other one and follows up in one thread', async ({ request }) => {
  let sessionId: string | null = null;
  let threadId = '';
  let last = '';
  const questions = ['How long are backups kept?', 'Who may restore them?', 'And are they encrypted?'];
  for (const [i, message] of questions.entries()) {
    if (last) await steerAwayFrom(request, last);
    const res = await request.post(`${proxy!.base}/api/chat`, { data: { message, session_id: sessionId }, headers: auth(ANN), timeout: 120_000 });
    expect(res.status()).toBe(200);
    if (last) expect(upstreamOf(res)).not.toBe(last);
    last = upstreamOf(res);
    const body = (await res.json()) as { session_id: string; answer: Asked };
    sessionId ??= body.session_id;
    expect(body.session_id).toBe(sessionId);
    threadId ||= body.answer.id;
    expect(body.answer.thread).toEqual({ id: threadId, turn: i + 1 });
  }
  // another subject cannot use it on either replica
  for (let i = 0; i < 2; i++) {
    const res = await request.post(`${proxy!.base}/api/chat`, { data: { message: 'Mine?', session_id: sessionId }, headers: auth(BEN) });
    expect(res.status()).toBe(404);
  }
});

test('an embed session minted on one replica is honoured by the other, for its answer only', async ({ request }) => {
  const link = Object.fromEntries(
    new URLSearchParams(signedQuery(SECRET, { answer: 'vendor-access', origin: PORTAL, exp: Math.floor(Date.now() / 1000) + 600 })),
  );
  const minted = await request.post(`${proxy!.base}/api/embed/session`, { data: link });
  expect(minted.status()).toBe(200);
  const { token } = (await minted.json()) as { token: string };
  await steerAwayFrom(request, upstreamOf(minted));
  const read = await request.get(`${proxy!.base}/api/answers/vendor-access`, { headers: auth(token) });
  expect(upstreamOf(read)).not.toBe(upstreamOf(minted));
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { id: string }).id).toBe('vendor-access');
  const seen = new Set<string>();
  for (let i = 0; i < 2; i++) {
    const doc = await request.get(`${proxy!.base}/api/documents/vendor-security-policy`, { headers: auth(token) });
    expect(doc.status()).toBe(200);
    const beyond = await request.get(`${proxy!.base}/api/answers/vendor-access/review`, { headers: auth(token) });
    expect(beyond.status()).toBe(403);
    seen.add(upstreamOf(doc)).add(upstreamOf(beyond));
  }
  expect(seen.size).toBe(2);
});

const claims = (page: Page) => page.getByRole('list', { name: 'Claims' }).locator(':scope > li');

/** Ann signs in through the proxy and opens `answerId` from the list; returns the replica her live stream is on. */
async function annOpens(browser: Browser, answerId: string): Promise<{ page: Page; streamOn: () => string }> {
  const page = await (await browser.newContext()).newPage();
  let streamOn = '';
  page.on('response', (res) => {
    if (/\/review\/events$/.test(new URL(res.url()).pathname)) streamOn = res.headers()['x-citelens-upstream'] ?? '';
  });
  await page.goto(`${proxy!.base}/`);
  await page.getByLabel('API token').fill(ANN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('list', { name: 'Answers' }).locator(`a[data-answer-id="${answerId}"]`).click();
  await expect(claims(page).first()).toBeVisible();
  await expect(page.locator('[data-live="live"]')).toHaveText('Live');
  await expect.poll(() => streamOn).not.toBe('');
  return { page, streamOn: () => streamOn };
}

test('a decision saved through one replica appears live in a browser whose stream is on the other', async ({ browser, request }) => {
  const { page, streamOn } = await annOpens(browser, 'vendor-access');
  try {
    // Ben decides claims through the proxy until one save lands on the replica Ann's stream is not on.
    let decided = -1;
    for (let n = 1; n < 4 && decided < 0; n++) {
      const claimId = (await claims(page).nth(n).getAttribute('data-claim-id'))!;
      await steerAwayFrom(request, streamOn());
      const put = await request.put(`${proxy!.base}/api/answers/vendor-access/review/claims/${claimId}`, {
        headers: { ...auth(BEN), 'If-Match': '"0"', 'Content-Type': 'application/json' },
        data: { decision: 'rejected', note: 'Page 2 says otherwise.' },
      });
      expect(put.status()).toBe(200);
      if (upstreamOf(put) !== streamOn()) decided = n;
    }
    expect(decided, "a save went to the replica without Ann's stream").toBeGreaterThan(0);
    const card = claims(page).nth(decided);
    await expect(card).toHaveAttribute('data-decision', 'rejected');
    await expect(card.locator('[data-decided-by]')).toHaveText('by Ben');
    await expect(page.locator('[data-live-notice]')).toHaveText(`Ben marked claim ${decided + 1} Rejected`);
  } finally {
    await page.context().close();
  }
});

test.describe('a replica killed', () => {
  // The killed replica's requests fail in the browser's console; that is the point.
  test.use({ allowConsoleErrors: [/Failed to load resource|ERR_|net::|502|503|network|fetch/i] });

  test('mid-stream: the question is kept, Retry asks the other replica, and nothing stored is lost', async ({ browser, request }) => {
    const asked = await request.post(`${proxy!.base}/api/ask`, { data: { question: FIRST }, headers: auth(ANN), timeout: 120_000 });
    const first = ((await asked.json()) as { answer: Asked }).answer;
    type Review = { claims: Record<string, { decision: string | null; reviewer: string }> };
    const reviewOf = async (id: string) => (await (await request.get(`${proxy!.base}/api/answers/${id}/review`, { headers: auth(ANN) })).json()) as Review;

    const { page, streamOn } = await annOpens(browser, first.id);
    try {
      // Ann decides a claim before anything dies.
      const mine = claims(page).first();
      await mine.locator('button').first().click();
      await mine.getByRole('button', { name: /^Rejected/ }).click();
      const mineId = (await mine.getAttribute('data-claim-id'))!;
      await expect.poll(async () => (await reviewOf(first.id)).claims[mineId]?.decision).toBe('rejected');
      // Her question goes to the replica her live review stream is on, so both of her streams die with it.
      const other = replicas.map((r) => `127.0.0.1:${r.port}`).find((u) => u !== streamOn())!;
      await steerAwayFrom(request, other);
      // The moment the answer's stream has begun (its headers are in), the replica writing it dies: SIGKILL, no grace.
      let killed = '';
      page.on('response', (res) => {
        if (killed || new URL(res.url()).pathname !== '/api/ask' || res.request().method() !== 'POST') return;
        killed = res.headers()['x-citelens-upstream'] ?? '';
        replicas.find((r) => killed.endsWith(`:${r.port}`))?.child.kill('SIGKILL');
      });
      const box = page.getByRole('textbox', { name: 'Ask a follow-up' });
      await box.fill(FOLLOW_UP);
      await box.press('Enter');
      await expect.poll(() => killed).not.toBe('');
      const streamDied = streamOn() === killed;
      test.info().annotations.push({ type: 'live stream', description: streamDied ? 'on the killed replica: it reconnected' : 'on the survivor' });
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(box).toHaveValue(FOLLOW_UP);
      await page.getByRole('button', { name: 'Retry' }).click();
      const turns = page.locator('section[data-turn]');
      await expect(turns.last().getByRole('heading', { level: 1 })).toHaveText(FOLLOW_UP);
      await expect(page.getByRole('alert')).toHaveCount(0);

      // Through the proxy (only the survivor answers now): the thread is whole, turns numbered without a gap, the
      // last one the follow-up; Ann's decision is there.
      const thread = (await (await request.get(`${proxy!.base}/api/answers/${first.id}/thread`, { headers: auth(ANN) })).json()) as {
        turns: { turn: number; question: string }[];
      };
      expect(thread.turns.map((t) => t.turn)).toEqual(thread.turns.map((_, i) => i + 1));
      expect(thread.turns.at(-1)?.question).toBe(FOLLOW_UP);
      expect((await reviewOf(first.id)).claims[mineId]).toMatchObject({ decision: 'rejected', reviewer: 'Ann' });

      // Her live review stream came back on the survivor: a decision saved there now is shown to her at once.
      const card = claims(page).nth(1);
      const claimId = (await card.getAttribute('data-claim-id'))!;
      const put = await request.put(`${proxy!.base}/api/answers/${first.id}/review/claims/${claimId}`, {
        headers: { ...auth(BEN), 'If-Match': '"0"', 'Content-Type': 'application/json' },
        data: { decision: 'verified', note: '' },
      });
      expect(put.status()).toBe(200);
      await expect(card).toHaveAttribute('data-decision', 'verified');
      await expect(card.locator('[data-decided-by]')).toHaveText('by Ben');
      await expect(page.locator('[data-live="live"]')).toHaveText('Live');
      if (streamDied) expect(streamOn()).not.toBe(killed);
    } finally {
      await page.context().close();
    }
  });
});
