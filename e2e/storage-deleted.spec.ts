import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect as baseExpect, test } from './fixtures.ts';
import { startServer, stopServer } from './own-server.ts';

// Issue 34, break 5: after `rm reviews.sqlite*` under a running server, saves still answered 200 into the deleted
// file, and after a restart every decision was gone, with nothing logged. Now the server refuses the save (503
// storage_unavailable, one log line), the page says the server cannot store decisions right now, and the decision
// waits in the browser's outbox until a server can take it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ allowConsoleErrors: [/Failed to load resource|ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE/] });

test('a database deleted under the server: the page says so, and the decision waits in the browser until it lands', async ({ page, request }) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-deleted-db-'));
  cpSync(path.join(root, 'src/server/demo-data'), dataDir, { recursive: true });
  const dbDir = path.join(dataDir, 'db');
  const env = { CITELENS_DATA: dataDir, CITELENS_DB: path.join(dbDir, 'reviews.sqlite'), CITELENS_ASK: 'off' };
  let server = await startServer(env);
  const stored = async () => {
    const res = await request.get(`${server.base}/api/answers/vendor-access/review`);
    return ((await res.json()) as { claims: Record<string, { decision: string | null }> }).claims;
  };
  try {
    await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
    await page.goto(`${server.base}/?answer=vendor-access`);
    const cards = page.getByRole('list', { name: 'Claims' }).locator(':scope > li');
    const first = cards.nth(1);
    await first.locator('button').first().click();
    await first.getByRole('button', { name: /Verified/ }).click();
    const firstId = (await first.getAttribute('data-claim-id'))!;
    await expect.poll(async () => (await stored())[firstId]?.decision).toBe('verified');

    // The operator deletes the database (and its WAL) while the server runs.
    for (const f of readdirSync(dbDir)) rmSync(path.join(dbDir, f));

    const second = cards.nth(2);
    await second.locator('button').first().click();
    await second.getByRole('button', { name: /Rejected/ }).click();
    const secondId = (await second.getAttribute('data-claim-id'))!;
    await expect(second.locator('[data-sync="queued"]')).toHaveText(/Kept in this browser — the server cannot store decisions right now/);
    const indicator = page.locator('[data-outbox-indicator]');
    await expect(indicator).toHaveText(/1 decision kept in this browser — the server cannot store decisions right now/);
    await expect(indicator).toHaveAttribute('title', /the database file was deleted while the server runs/);
    expect(server.log()).toMatch(/review decisions cannot be saved: SQLite .*reviews\.sqlite: the database file was deleted while the server runs/);
    // Nothing was written anywhere a restart could lose it quietly: the server holds no new decision.
    expect(readdirSync(dbDir)).toEqual([]);

    // Restarted (a new, empty database), the server takes the decision that waited in the browser.
    await stopServer(server);
    server = await startServer(env, server.port);
    await expect.poll(async () => (await stored())[secondId]?.decision, { timeout: 60_000 }).toBe('rejected');
    await expect(second.locator('[data-sync]')).toHaveCount(0);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
