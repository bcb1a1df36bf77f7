import { expect, test } from './fixtures.ts';

test('a 1,000-page PDF opens quickly and mounts only the pages near the viewport', async ({ page }) => {
  await page.goto('./?answer=large-document');
  await expect(page.getByText('of 1000', { exact: true })).toBeVisible();
  await expect(page.locator('[data-page-number]')).toHaveCount(1000);
  // Only the pages near the viewport have a canvas; the rest are placeholders.
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();
  expect(await page.locator('[data-page-number] canvas').count()).toBeLessThanOrEqual(6);
});

test('a citation deep in a 1,000-page PDF lands on its page with the quote highlighted', async ({ page }) => {
  await page.goto('./?answer=large-document');
  await page.locator('button[data-marker="1"]').click();
  await expect(page.getByLabel('Page number')).toHaveValue('990');
  const highlight = page.locator('[data-page-number="990"] [data-highlight][data-source-id="S1"]');
  await expect(highlight.first()).toBeInViewport();
  // The render queue keeps the last max(10, 2 × visible + 1) painted pages (those near page 1 until they age out).
  expect(await page.locator('[data-page-number] canvas').count()).toBeLessThanOrEqual(12);
});

test('a progress bar shows while a large PDF downloads', async ({ page }) => {
  // Slow the network down so the download takes visible time, as on a real connection.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 1_000_000,
  });
  // Not waiting for the window's load event: at 1 MB/s, with the PDF's requests holding the connections, a CI run once
  // spent the whole test timeout in goto. What a reader sees is what is checked below.
  await page.goto('./?answer=large-document', { waitUntil: 'commit' });
  const bar = page.getByRole('progressbar', { name: 'PDF download' });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('of 1000', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(bar).toBeHidden();
});
