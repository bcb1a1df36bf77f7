import { expect, test } from './fixtures.ts';

// What the server's hardening (issue 9) looks like from the browser: a malformed answer file is listed and marked
// broken with the reason, opening it fails at once with that reason, and a document opened as a page is a download
// (the browser's own PDF viewer would run the PDF's JavaScript).

test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 422/] });

test('a malformed answer file is listed, marked broken with the reason, and the others still open', async ({ page }) => {
  await page.goto('./');
  const list = page.getByRole('list', { name: 'Answers' });
  const broken = list.locator('[data-answer-id="broken-json"]');
  await expect(broken).toContainText('broken-json');
  await expect(broken).toContainText('Broken');
  await expect(broken).toContainText(/It is not valid JSON \(.+\)/);
  // It is not a link to an answer that cannot open.
  await expect(list.locator('a[data-answer-id="broken-json"]')).toHaveCount(0);
  await list.locator('a[data-answer-id="vendor-access"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');
});

test('opening a malformed answer directly says why at once, with one request', async ({ page }) => {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/answers/broken-json')) statuses.push(r.status());
  });
  await page.goto('./?answer=broken-json');
  await expect(page.getByRole('alert')).toContainText('is not valid JSON');
  expect(statuses).toEqual([422]);
});

test('a document opened as a page is downloaded, not shown by the browser', async ({ page }) => {
  const download = page.waitForEvent('download');
  await page.goto('./api/documents/vendor-security-policy').catch((e: Error) => {
    // Navigating to an attachment ends the navigation with "Download is starting".
    expect(e.message).toContain('Download is starting');
  });
  expect((await download).suggestedFilename()).toBe('vendor-security-policy.pdf');
});
