import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from '../src/server/review/test-postgres.ts';
import { expect as baseExpect, test } from './fixtures.ts';

// Two reviewers, two browser contexts, one answer: each sees the other's decisions as they are saved, in place and
// named, without a reload (issue #38). On SQLite through the e2e server (one server, its in-process bus); on
// PostgreSQL through two servers sharing one database (LISTEN/NOTIFY carries a save from one to the other).

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 150_000 });

const claims = (page: Page) => page.getByRole('list', { name: 'Claims' }).locator(':scope > li');

async function reviewerPage(browser: Browser, base: string, name: string, answerId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((n) => localStorage.setItem('citelens.reviewer', n), name);
  await page.goto(`${base}/?answer=${answerId}`);
  await expect(claims(page).first()).toBeVisible();
  // The header says when the stream is open: from then on a colleague's save is told.
  await expect(page.locator('[data-live="live"]')).toHaveText('Live');
  return page;
}

/** A decides claim `n`; B sees it without reloading, named, and the other way round. */
async function seeEachOther(ann: Page, ben: Page) {
  const annCard = claims(ann).nth(1);
  await annCard.locator('button').first().click();
  await annCard.getByRole('button', { name: /^Rejected/ }).click();
  const benCard = claims(ben).nth(1);
  await expect(benCard).toHaveAttribute('data-decision', 'rejected');
  await expect(benCard.locator('[data-decided-by]')).toHaveText('by Ann');
  await expect(ben.locator('[data-live-notice]')).toHaveText('Ann marked claim 2 Rejected');
  await ben.locator('[data-review-panel]').screenshot({ path: test.info().outputPath('live-review.png') });

  const benOther = claims(ben).nth(2);
  await benOther.locator('button').first().click();
  await benOther.getByRole('button', { name: /^Verified/ }).click();
  await expect(claims(ann).nth(2)).toHaveAttribute('data-decision', 'verified');
  await expect(claims(ann).nth(2).locator('[data-decided-by]')).toHaveText('by Ben');
  await expect(ann.locator('[data-live-notice]')).toHaveText('Ben marked claim 3 Verified');

  // Ben changes Ann's claim on top of her decision (he saw hers live, so no conflict): she sees the change.
  await benCard.locator('button').first().click();
  await benCard.getByRole('button', { name: /^Follow-up/ }).click();
  await expect(annCard).toHaveAttribute('data-decision', 'follow-up');
  await expect(ann.locator('[role="dialog"]')).toHaveCount(0);
}

test("on SQLite: two reviewers on one server see each other's decisions live", async ({ browser, baseURL }) => {
  const base = baseURL!.replace(/\/$/, '');
  const ann = await reviewerPage(browser, base, 'Ann', 'supplier-handbook');
  const ben = await reviewerPage(browser, base, 'Ben', 'supplier-handbook');
  try {
    await seeEachOther(ann, ben);
  } finally {
    await ann.context().close();
    await ben.context().close();
  }
});

interface Running {
  child: ChildProcess;
  url: string;
}

function startServer(dataDir: string, databaseUrl: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, CITELENS_DATA: dataDir, CITELENS_DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

function stopServer(running: Running | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!running || running.child.exitCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    running.child.kill('SIGTERM');
  });
}

const pgBin = findPostgresBin();
// On a developer machine without PostgreSQL this half skips, saying why; in CI it must run, so it fails instead.
const skipPostgres = pgBin === null && !process.env.CI;

test.describe('on PostgreSQL', () => {
  test.skip(skipPostgres, POSTGRES_MISSING);

  test("two reviewers on two servers sharing one database see each other's decisions live", async ({ browser }) => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL test must run, but: ${POSTGRES_MISSING}`);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-live-pg-'));
    cpSync(path.join(root, 'src/server/demo-data'), dataDir, { recursive: true });
    let cluster: TestPostgres | undefined;
    let one: Running | undefined;
    let two: Running | undefined;
    try {
      cluster = await startTestPostgres(pgBin);
      one = await startServer(dataDir, cluster.url);
      two = await startServer(dataDir, cluster.url);
      expect(one.url).not.toBe(two.url);
      const ann = await reviewerPage(browser, one.url, 'Ann', 'vendor-access');
      const ben = await reviewerPage(browser, two.url, 'Ben', 'vendor-access');
      await seeEachOther(ann, ben);
      await ann.context().close();
      await ben.context().close();
    } finally {
      await stopServer(one);
      await stopServer(two);
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
