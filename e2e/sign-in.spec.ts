import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures.ts';
import { startServer, stopServer, type OwnServer } from './own-server.ts';

// Issue 34: with API tokens set, the full app at / had no way to receive one (only an embedding portal could hand
// one over). It asks for it in a sign-in form now and keeps it in the tab's memory only; behind a reverse proxy that
// adds the Authorization header itself it asks nothing.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKEN = 'alice-e2e-token-0123456789abcdef';
test.describe.configure({ timeout: 120_000 });
test.use({ allowConsoleErrors: [/status of 401/] });

let server: OwnServer;
let dataDir: string;
test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-sign-in-'));
  cpSync(path.join(root, 'src/server/demo-data'), dataDir, { recursive: true });
  server = await startServer({
    CITELENS_DATA: dataDir,
    CITELENS_DB: path.join(dataDir, 'reviews.sqlite'),
    CITELENS_ASK: 'off',
    CITELENS_API_TOKENS: `alice:${TOKEN}`,
  });
});
test.afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test('the app asks for the token, checks it, and keeps it in this tab only', async ({ page }) => {
  await page.goto(`${server.base}/`);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Answers' })).toHaveCount(0);
  const field = page.getByLabel('API token');
  await field.fill('wrong-token-0123456789');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The server did not accept this token.');

  await field.fill(TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const list = page.getByRole('list', { name: 'Answers' });
  await list.locator('a[data-answer-id="vendor-access"]').click();
  await page.locator('button[data-marker="1"]').first().click();
  // The document came with the token too (pdf.js's requests carry it).
  await expect(page.locator('[data-page-number] [data-highlight]').first()).toBeVisible();

  // Held in memory only: not in any storage, cookie or address.
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie + location.href);
  expect(kept).not.toContain(TOKEN);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('behind a reverse proxy that adds the token, nothing is asked', async ({ page }) => {
  // What an nginx `proxy_set_header Authorization "Bearer …"` does, after its own sign-in (docs/security.md).
  const proxy = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: server.port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${TOKEN}` } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`);
    await expect(page.getByRole('list', { name: 'Answers' }).locator('a[data-answer-id="vendor-access"]')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
});
