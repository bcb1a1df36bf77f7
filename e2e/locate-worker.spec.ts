import { expect, test } from './fixtures.ts';

// A quote cited without its page makes the viewer read and search all 1,000 pages of the large report. That runs in
// the locate worker: the page stays usable while it does (zoom answers at once), and the passage is then found.
test('a quote-only citation in a 1,000-page PDF is searched while the viewer keeps answering', async ({ page }) => {
  await page.goto('./?answer=large-document-quote-only');
  await expect(page.getByText('of 1000', { exact: true })).toBeVisible();
  const zoom = page.getByLabel('Current zoom');
  await expect(zoom).not.toHaveText('');
  const zoomBefore = await zoom.textContent();

  await page.locator('button[data-marker="1"]').click();
  const locating = page.getByRole('status').filter({ hasText: 'Locating passage…' });
  await expect(locating).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(zoomBefore ?? '');
  // the zoom was taken while the whole-document search was still running
  await expect(locating).toBeVisible();

  await expect(page.getByLabel('Page number')).toHaveValue('990', { timeout: 60_000 });
  const highlight = page.locator('[data-page-number="990"] [data-highlight][data-source-id="S1"]');
  await expect(highlight.first()).toBeInViewport();
  await expect(locating).toBeHidden();
});
