import type { BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { expect, test } from './fixtures.ts';

// Issue 34, breaks 2 and 3: a PDF whose OpenAction calls app.alert must never reach the browser's own PDF viewer
// on our origin. The browser's viewer runs the script (two dialogs); ours (pdf.js without scripting) does not.
// Fixture: documents/script-memo.pdf (e2e/hardening-fixtures.ts, src/testing/script-pdf.ts).

// `citelens.test` resolves to this machine for this file's browser only: a plain-HTTP host other than localhost, to
// which Chromium sends no Sec-Fetch-* headers.
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP citelens.test 127.0.0.1'] } });

/** Every dialog any page of the context opens, now or later (a new tab included). */
function countDialogs(context: BrowserContext): { count: () => number } {
  let count = 0;
  const watch = (p: Page) =>
    p.on('dialog', (d) => {
      count++;
      void d.dismiss();
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return { count: () => count };
}

test('"Open in a new tab" opens our viewer of the document, and the PDF runs no script', async ({ page }) => {
  const dialogs = countDialogs(page.context());
  await page.goto('./?answer=hardening-pdf-script&cite=1');
  const viewer = page.locator('[data-viewer]');
  await expect(viewer.locator('[data-page-number="1"] [data-highlight]').first()).toBeVisible();
  const open = viewer.getByRole('link', { name: 'Open in a new tab' });
  const [tab] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  // It was a blob: URL of the file, shown by the browser's PDF viewer on our origin.
  await expect.poll(() => tab.url()).toMatch(/\/\?answer=hardening-pdf-script&doc=script-memo&page=1$/);
  await expect(tab.locator('[data-viewer] [data-page-number="1"] canvas')).toBeVisible();
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('What does the script memo ask for?');
  expect(dialogs.count()).toBe(0);
  // The download button still hands over the original file, as a download.
  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('script-memo.pdf');
  expect(dialogs.count()).toBe(0);
});

test.describe('a raw document URL on a plain-HTTP host other than localhost', () => {
  // Chromium sends no Sec-Fetch-Dest to such a host, so the server used to send no Content-Disposition, and its
  // PDF viewer ran the script.
  test('is downloaded, never shown, and runs no script', async ({ page, baseURL }) => {
    const dialogs = countDialogs(page.context());
    const port = new URL(baseURL ?? 'http://127.0.0.1/').port;
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await page.goto(`http://citelens.test:${port}/api/documents/script-memo`).catch((e: Error) => {
      expect(e.message).toContain('Download is starting');
    });
    expect((await download).suggestedFilename()).toBe('script-memo.pdf');
    expect(dialogs.count()).toBe(0);
  });
});
