import type { Page } from '@playwright/test';
import { expect, expectHighlightOnQuote, test } from './fixtures.ts';

// A conversation thread (issue #12) against the real reference server: its extractive answerer answers questions
// over the e2e data folder (a temporary copy of the demo data, e2e/serve-e2e.ts), and asked answers are stored in the
// run's own review database (CITELENS_DB, set there too).

type Source = { id: string; page?: number; quote?: string; documentId: string };
type AskedAnswer = { id: string; question: string; text: string; sources: Source[]; thread: { id: string; turn: number } };

// Each test asks the server, renders PDFs and runs the review checks: on a busy 2-core machine that takes a while.
test.describe.configure({ timeout: 120_000 });

const FIRST = 'What happens to vendor accounts that have not been used for 30 days?';
const FOLLOW_UP = 'And how must vendors encrypt data in transit?';

async function askApi(page: Page, question: string, answerId?: string): Promise<AskedAnswer> {
  const res = await page.request.post('/api/ask', { data: { question, ...(answerId && { answerId }) } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { answer: AskedAnswer }).answer;
}

async function storedAnswer(page: Page, id: string): Promise<AskedAnswer> {
  return (await (await page.request.get(`/api/answers/${id}`)).json()) as AskedAnswer;
}

// The reference answerer indexes every document of the data folder on the first question (the e2e folder holds a
// 1,000-page PDF): done once, before the tests, so each test measures its own steps.
test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  const res = await request.post('/api/ask', { data: { question: 'vendor accounts' }, timeout: 230_000 });
  expect(res.status()).toBe(201);
});

function firstQuoted(answer: AskedAnswer): Source & { page: number; quote: string } {
  const s = answer.sources.find((x) => x.page !== undefined && x.quote);
  if (!s) throw new Error(`answer ${answer.id} cites no quoted page`);
  return s as Source & { page: number; quote: string };
}

test('a question asked on the home page opens its answer, and a citation shows the cited words on the page', async ({ page }) => {
  await page.goto('./');
  const box = page.getByRole('textbox', { name: 'Ask a question' });
  await box.fill(FIRST);
  await box.press('Enter');
  await expect(page).toHaveURL(/\?answer=ask-[a-z0-9-]+$/);
  const id = new URL(page.url()).searchParams.get('answer')!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FIRST);

  const answer = await storedAnswer(page, id);
  expect(answer.thread).toEqual({ id, turn: 1 });
  const cited = firstQuoted(answer);
  const key = cited.id.replace(/^S/, '');
  await page.locator(`button[data-marker="${key}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`answer=${id}&cite=${key}`));
  const highlight = page.locator(`[data-page-number="${cited.page}"] [data-highlight][data-source-id="${cited.id}"]`).first();
  await expect(highlight).toBeVisible();
  await expect(highlight).toBeInViewport();
  await expectHighlightOnQuote(page, cited.id, cited.quote);
});

test('a follow-up joins the same thread: two turns, each with its own question, and the link moves to the new turn', async ({ page }) => {
  const first = await askApi(page, FIRST);
  await page.goto(`./?answer=${first.id}`);
  const box = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await box.fill(FOLLOW_UP);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`answer=${first.id}&turn=2$`));

  const turns = page.locator('section[data-turn]');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(0).getByRole('heading', { level: 1 })).toHaveText(FIRST);
  await expect(turns.nth(1).getByRole('heading', { level: 1 })).toHaveText(FOLLOW_UP);
  await expect(turns.nth(1)).toHaveAttribute('data-active-turn', '');
  await expect(turns.nth(1).locator('button[data-marker]').first()).toBeVisible();
  await expect(box).toHaveValue('');

  // The server keeps the thread: both turns, in order, under the first answer.
  const thread = (await (await page.request.get(`/api/answers/${first.id}/thread`)).json()) as {
    id: string;
    turns: { answerId: string; turn: number; question: string }[];
  };
  expect(thread.id).toBe(first.id);
  expect(thread.turns.map((t) => [t.turn, t.question])).toEqual([
    [1, FIRST],
    [2, FOLLOW_UP],
  ]);
  expect((await storedAnswer(page, thread.turns[1]!.answerId)).thread).toEqual({ id: first.id, turn: 2 });
});

test('each turn keeps its own citations, review and link', async ({ page }) => {
  const first = await askApi(page, FIRST);
  const second = await askApi(page, FOLLOW_UP, first.id);
  await page.goto(`./?answer=${first.id}&turn=2`);
  const turns = page.locator('section[data-turn]');
  await expect(turns).toHaveCount(2);
  await expect(turns.nth(1)).toHaveAttribute('data-active-turn', '');

  // A marker of turn 2 opens turn 2's citation, on its page, and the review panel shows turn 2's claims.
  const cited = firstQuoted(second);
  const key = cited.id.replace(/^S/, '');
  await turns.nth(1).locator(`button[data-marker="${key}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`answer=${first.id}&turn=2&cite=${key}(&|$)`));
  await expect(page.locator(`[data-page-number="${cited.page}"] [data-highlight][data-source-id="${cited.id}"]`).first()).toBeVisible();
  await expectHighlightOnQuote(page, cited.id, cited.quote);
  await expect(turns.nth(1).locator(`button[data-marker="${key}"]`).first()).toHaveAttribute('aria-current', 'true');
  await expect(turns.nth(0).locator('button[data-marker][aria-current]')).toHaveCount(0);
  const review = page.locator('[data-pane="review"]');
  const opening = (quote: string) => quote.split(' ').slice(0, 6).join(' ');
  await expect(review).toContainText(opening(cited.quote));

  // A marker of turn 1 makes turn 1 active again: the link names no turn (it is the opened answer's own).
  const firstCited = firstQuoted(first);
  const firstKey = firstCited.id.replace(/^S/, '');
  await turns.nth(0).locator(`button[data-marker="${firstKey}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`answer=${first.id}&cite=${firstKey}(&|$)`));
  await expect(turns.nth(0)).toHaveAttribute('data-active-turn', '');
  await expect(review).toContainText(opening(firstCited.quote));
  await expect(page.locator(`[data-page-number="${firstCited.page}"] [data-highlight][data-source-id="${firstCited.id}"]`).first()).toBeVisible();

  // Back returns to turn 2's citation; reloading a turn's link restores it.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`turn=2&cite=${key}(&|$)`));
  await expect(turns.nth(1)).toHaveAttribute('data-active-turn', '');
  await page.reload();
  await expect(page.locator('section[data-turn="2"]')).toHaveAttribute('data-active-turn', '');
  await expect(page.locator(`section[data-turn="2"] button[data-marker="${key}"]`).first()).toHaveAttribute('aria-current', 'true');
  await expect(page.locator(`[data-page-number="${cited.page}"] [data-highlight][data-source-id="${cited.id}"]`).first()).toBeVisible();
});

test("the review covers every turn: both turns' claims in the panel, a claim of turn 2 makes it active, and the export holds both with their quotes", async ({
  page,
}) => {
  const first = await askApi(page, FIRST);
  const second = await askApi(page, FOLLOW_UP, first.id);
  await page.addInitScript(() => {
    localStorage.setItem('citelens.reviewer', 'Ana');
    localStorage.setItem('citelens.autoAdvance', 'off');
  });
  await page.goto(`./?answer=${first.id}`);
  const panel = page.locator('[data-review-panel]');
  await expect(panel.locator('[data-review-turn]')).toHaveCount(2);
  await expect(panel.locator('[data-review-turn="1"]')).toHaveText(`Question: ${FIRST}`);
  await expect(panel.locator('[data-review-turn="2"]')).toHaveText(`Follow-up 1: ${FOLLOW_UP}`);
  const turnClaims = (n: number) => panel.getByRole('list', { name: `Claims of turn ${n}` }).locator(':scope > li');
  await expect(turnClaims(1).first()).toBeVisible();
  await expect(turnClaims(2).first()).toBeVisible();

  // A claim of turn 2, from the panel: turn 2 becomes the active one and its citation opens.
  await turnClaims(2).first().locator('button').first().click();
  await expect(page).toHaveURL(new RegExp(`answer=${first.id}&turn=2&claim=`));
  await expect(page.locator('section[data-turn="2"]')).toHaveAttribute('data-active-turn', '');
  await turnClaims(2)
    .first()
    .getByRole('button', { name: /^Verified/ })
    .click();
  await expect(turnClaims(2).first()).toHaveAttribute('data-decision', 'verified');
  // …and one of turn 1.
  await turnClaims(1).first().locator('button').first().click();
  await turnClaims(1)
    .first()
    .getByRole('button', { name: /^Rejected/ })
    .click();
  await expect(turnClaims(1).first()).toHaveAttribute('data-decision', 'rejected');
  const total = (await turnClaims(1).count()) + (await turnClaims(2).count());
  await expect(page.locator('[data-review-progress]')).toHaveText(`2 of ${total} reviewed, 1 rejected`);

  // Each turn's decision is kept under its own answer.
  const decisionsOf = async (id: string) =>
    Object.values(((await (await page.request.get(`/api/answers/${id}/review`)).json()) as { claims: Record<string, { decision: string }> }).claims).map(
      (c) => c.decision,
    );
  await expect.poll(() => decisionsOf(second.id)).toEqual(['verified']);
  await expect.poll(() => decisionsOf(first.id)).toEqual(['rejected']);

  // The export covers the conversation: both turns, each entry saying its turn, with the citations' quoted evidence.
  await panel.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /JSON/ }).click()]);
  const exported = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as {
    entries: { turn?: number; answerId?: string; decision: string | null; quote: string | null }[];
  };
  expect([...new Set(exported.entries.map((e) => `${e.turn}:${e.answerId}`))]).toEqual([`1:${first.id}`, `2:${second.id}`]);
  expect(
    exported.entries
      .filter((e) => e.decision)
      .map((e) => `${e.turn}:${e.decision}`)
      .sort(),
  ).toEqual(expect.arrayContaining(['1:rejected', '2:verified']));
  const quotes = exported.entries.map((e) => e.quote).filter(Boolean);
  expect(quotes).toContain(firstQuoted(second).quote);
  expect(quotes).toContain(firstQuoted(first).quote);
});

test('the answer streams in: partial text before done, and a marker becomes a button once its source arrives', async ({ page }) => {
  const first = await askApi(page, FIRST);
  // The real server answers (and stores) the follow-up; the page's fetch hands it to the app as an event stream
  // whose events the test sends one at a time, so every intermediate state can be checked.
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (!url.endsWith('/api/ask') || headers.Accept !== 'text/event-stream') return realFetch(input, init);
      const res = await realFetch(input, { ...init, headers: { ...headers, Accept: 'application/json' } });
      const { answer } = (await res.json()) as { answer: unknown };
      const encoder = new TextEncoder();
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      (window as unknown as { sse: unknown }).sse = {
        answer,
        send: (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      };
      return new Response(body, { status: 201, headers: { 'Content-Type': 'text/event-stream' } });
    };
  });
  await page.goto(`./?answer=${first.id}`);
  const box = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await box.fill(FOLLOW_UP);
  await box.press('Enter');
  await page.waitForFunction(() => 'sse' in window);
  const answer = (await page.evaluate(() => (window as unknown as { sse: { answer: AskedAnswer } }).sse.answer)) as AskedAnswer;
  expect(answer.sources.length).toBeGreaterThanOrEqual(2);
  const send = (event: string, data: unknown) =>
    page.evaluate(([e, d]) => (window as unknown as { sse: { send(e: unknown, d: unknown): void } }).sse.send(e, d), [event, data] as const);

  const cut = answer.text.indexOf('[2]') + '[2]'.length;
  const [s1, s2] = answer.sources;
  await send('source', { source: s1 });
  await send('text', { delta: answer.text.slice(0, cut) });
  const draft = page.getByRole('region', { name: 'Answer being written' });
  await expect(draft).toContainText(answer.text.slice(0, 30).replace(/\\/g, ''));
  await expect(draft.getByRole('heading', { level: 1 })).toHaveText(FOLLOW_UP);
  // [1]'s source is here: a button. [2]'s is not yet: plain text, never a struck-through marker.
  await expect(draft.locator('button[data-marker="1"]')).toHaveCount(1);
  await expect(draft.locator('[data-marker="2"]')).toHaveCount(0);
  await expect(draft.locator('.answer-prose')).toContainText('[2]');
  await expect(page.locator('section[data-turn="2"]')).toHaveCount(0);
  await expect(box).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  await send('source', { source: s2 });
  await expect(draft.locator('button[data-marker="2"]')).toHaveCount(1);
  await send('text', { delta: answer.text.slice(cut) });
  await send('done', { answer });
  await expect(draft).toHaveCount(0);
  await expect(page.locator('section[data-turn="2"] h1')).toHaveText(FOLLOW_UP);
  await expect(page).toHaveURL(new RegExp(`answer=${first.id}&turn=2$`));
  await expect(box).toBeEnabled();
});

test.describe('a refused follow-up', () => {
  // The browser logs the 503 it was given.
  test.use({ allowConsoleErrors: [/503/] });

  test('a failed follow-up says why and keeps the question; Retry sends it again', async ({ page }) => {
    const first = await askApi(page, FIRST);
    let calls = 0;
    await page.route('**/api/ask', async (route) => {
      calls += 1;
      if (calls === 1) await route.fulfill({ status: 503, json: { error: { code: 'internal', message: 'The answerer is busy.' } } });
      else await route.fallback();
    });
    await page.goto(`./?answer=${first.id}`);
    const box = page.getByRole('textbox', { name: 'Ask a follow-up' });
    await box.fill(FOLLOW_UP);
    await box.press('Enter');
    await expect(page.getByRole('alert')).toContainText('The answerer is busy.');
    await expect(box).toHaveValue(FOLLOW_UP);
    await expect(box).toBeEnabled();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('section[data-turn="2"] h1')).toHaveText(FOLLOW_UP);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(calls).toBe(2);
  });
});

test('Shift+Enter adds a line, and Stop cancels a follow-up without losing it', async ({ page }) => {
  const first = await askApi(page, FIRST);
  // A server that never finishes its answer: only Stop ends the wait.
  await page.route('**/api/ask', () => new Promise(() => {}));
  await page.goto(`./?answer=${first.id}`);
  const box = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await box.fill('And how must vendors');
  await box.press('Shift+Enter');
  await box.pressSequentially('encrypt data?');
  await expect(box).toHaveValue('And how must vendors\nencrypt data?');
  await box.press('Enter');
  await expect(box).toBeDisabled();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(box).toBeEnabled();
  await expect(box).toHaveValue('And how must vendors\nencrypt data?');
  await expect(page.getByRole('region', { name: 'Answer being written' })).toHaveCount(0);
  await expect(page.locator('section[data-turn]')).toHaveCount(0);
});
