import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Issue 9's bad-input matrix, the viewer's rows: every broken, locked or odd document is a clear message in the
// viewer pane, and the answer stays readable. Fixtures: e2e/hardening-fixtures.ts.

const viewerPane = (page: Page) => page.locator('[data-viewer]');

test('document addresses that are not http(s) or relative are refused before any request', async ({ page }) => {
  const odd: string[] = [];
  page.on('request', (r) => !/^https?:/.test(r.url()) && odd.push(r.url()));
  await page.goto('./?answer=hardening-schemes&cite=1');
  const alert = viewerPane(page).getByRole('alert');
  await expect(alert).toContainText('“Script Address” is not opened: its address uses “javascript:”');
  await page.screenshot({ path: test.info().outputPath('refused-javascript.png') });
  await page.locator('button[data-marker="2"]').first().click();
  await expect(viewerPane(page).getByRole('alert')).toContainText('uses “file:”');
  await page.locator('button[data-marker="3"]').first().click();
  await expect(viewerPane(page).getByRole('alert')).toContainText('uses “data:”');
  // The answer's real document still opens.
  await page.locator('button[data-marker="4"]').first().click();
  await expect(page.locator('[data-highlight]').first()).toBeVisible();
  expect(odd).toEqual([]);
  await expect(page.locator('a[href^="javascript:" i], a[href^="file:" i], a[href^="data:" i]')).toHaveCount(0);
});
