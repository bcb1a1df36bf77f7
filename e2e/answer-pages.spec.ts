import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { startServer, stopServer, type OwnServer } from './own-server.ts';

// Issue 34, break 9: the home page asked for the whole answer list in one response (100,000 answers are ~10 MB of
// JSON). It asks a page at a time now (GET /api/answers?limit=100&after=…) and shows more when asked.

test.describe.configure({ timeout: 120_000 });

let server: OwnServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-pages-'));
  mkdirSync(path.join(dataDir, 'answers'), { recursive: true });
  for (let i = 0; i < 250; i++) {
    const id = `answer-${String(i).padStart(3, '0')}`;
    writeFileSync(
      path.join(dataDir, 'answers', `${id}.json`),
      JSON.stringify({ id, question: `Question number ${i}?`, text: 'An answer.', documents: [], sources: [] }),
    );
  }
  server = await startServer({ CITELENS_DATA: dataDir, CITELENS_DB: path.join(dataDir, 'reviews.sqlite'), CITELENS_ASK: 'off' });
});
test.afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('the home page lists answers a page at a time, with "Show more" and the count', async ({ page }) => {
  const listRequests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/answers') && listRequests.push(new URL(r.url()).search));
  await page.goto(`${server.base}/`);
  const items = page.getByRole('list', { name: 'Answers' }).locator(':scope > li');
  await expect(items).toHaveCount(100);
  await expect(page.getByText('100 of 250 shown')).toBeVisible();
  await page.getByRole('button', { name: 'Show more answers' }).click();
  await expect(items).toHaveCount(200);
  await page.getByRole('button', { name: 'Show more answers' }).click();
  await expect(items).toHaveCount(250);
  await expect(page.getByRole('button', { name: 'Show more answers' })).toHaveCount(0);
  expect(listRequests).toEqual(['?limit=100', '?limit=100&after=answer-099', '?limit=100&after=answer-199']);
  // Still a link to each answer.
  await items.last().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Question number 249?');
});
