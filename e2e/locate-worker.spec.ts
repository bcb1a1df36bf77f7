import { expect, test } from './fixtures.ts';

// A quote cited without its page makes the viewer read and search all 1,000 pages of the large report. That runs in
// the locate worker: the page stays usable while it does (zoom answers at once), and the passage is then found.
test('a quote-only citation in a 1,000-page PDF is searched while the viewer keeps answering', async ({ page }) => {
  // reading and indexing all 1,000 pages took 20–70 s on the loaded 2-core box (a few seconds on a quiet one)
  test.setTimeout(240_000);
  await page.goto('./?answer=large-document-quote-only');
  // opening the 1,000-page file on a loaded 2-core box can take longer than the default wait
  await expect(page.getByText('of 1000', { exact: true })).toBeVisible({ timeout: 60_000 });
  const zoom = page.getByLabel('Current zoom');
  await expect(zoom).not.toHaveText('');
  const zoomBefore = await zoom.textContent();

  await page.locator('button[data-marker="1"]').click();
  // Shown, not announced (the live announcer speaks for the viewer): found by its text.
  const locating = page.locator('[data-target-status="locating"]', { hasText: 'Locating passage…' });
  await expect(locating).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(zoom).not.toHaveText(zoomBefore ?? '');
  // the zoom was taken while the whole-document search was still running
  await expect(locating).toBeVisible();

  await expect(page.getByLabel('Page number')).toHaveValue('990', { timeout: 150_000 });
  const highlight = page.locator('[data-page-number="990"] [data-highlight][data-source-id="S1"]');
  await expect(highlight.first()).toBeInViewport();
  await expect(locating).toBeHidden();
});
