import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from './fixtures.ts';
import { startServer as startOwnServer, stopServer } from './own-server.ts';

// The server restarts in the middle of a review: decisions stored before it stay stored (CITELENS_DB is a file),
// a decision made while it is down waits in the browser and lands once it is back, on the same address (the
// browser's storage belongs to the address, so the test restarts the server on the port it first got).

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ allowConsoleErrors: [/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE/] });

const startServer = (dataDir: string, db: string, port: number) => startOwnServer({ CITELENS_DATA: dataDir, CITELENS_DB: db }, port);

test('a server restart mid-review loses nothing', async ({ page, request }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-restart-'));
  cpSync(path.join(root, 'src/server/demo-data'), dataDir, { recursive: true });
  const db = path.join(dataDir, 'reviews.sqlite');
  // Port 0: the system picks a free one; the restart reuses it.
  let server = await startServer(dataDir, db, 0);
  const base = `http://127.0.0.1:${server.port}`;
  const stored = async () => {
    const res = await request.get(`${base}/api/answers/vendor-access/review`);
    return ((await res.json()) as { claims: Record<string, { decision: string | null }> }).claims;
  };
  try {
    await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
    await page.goto(`${base}/?answer=vendor-access`);
    const cards = page.getByRole('list', { name: 'Claims' }).locator(':scope > li');
    await expect(cards.first()).toBeVisible();

    const first = cards.nth(1);
    await first.locator('button').first().click();
    await first.getByRole('button', { name: /Verified/ }).click();
    const firstId = (await first.getAttribute('data-claim-id'))!;
    await expect.poll(async () => (await stored())[firstId]?.decision).toBe('verified');

    await stopServer(server);
    const second = cards.nth(2);
    await second.locator('button').first().click();
    await second.getByRole('button', { name: /Rejected/ }).click();
    const secondId = (await second.getAttribute('data-claim-id'))!;
    await expect(second.locator('[data-sync="queued"]')).toHaveText(/Saved locally — syncing/);

    server = await startServer(dataDir, db, server.port);
    await expect.poll(async () => (await stored())[secondId]?.decision, { timeout: 30_000 }).toBe('rejected');
    expect((await stored())[firstId]?.decision).toBe('verified');
    await expect(second.locator('[data-sync]')).toHaveCount(0);

    await page.reload();
    await expect(page.locator(`[data-claim-id="${firstId}"]`)).toHaveAttribute('data-decision', 'verified');
    await expect(page.locator(`[data-claim-id="${secondId}"]`)).toHaveAttribute('data-decision', 'rejected');
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
