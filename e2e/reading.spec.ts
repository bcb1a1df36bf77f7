import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures.ts';

// Reading what was cited (issue #38): find across every document the answer cites, fit width that fits the page
// that is cited, the region counter that counts passages and stays off the text, and the panes as tabs on a phone.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const findBar = (page: Page) => page.getByRole('search', { name: 'Find in document' });

test("find searches every cited document: the other one's matches are listed by document and open there", async ({ page }) => {
  await page.goto('./?answer=retention-vs-security&cite=1');
  await expect(page.locator('[data-page-number] [data-highlight][data-source-id="S1"]').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: /document/i }).first()).toHaveValue('vendor-security-policy');
  await page.locator('[data-viewer-scroll]').focus();
  await page.keyboard.press('ControlOrMeta+f');
  await findBar(page).getByRole('searchbox', { name: 'Find in document' }).fill('legal hold');
  // Not in the open document…
  await expect(page.locator('[data-find-count]')).toHaveText('No matches');
  // …but in the answer's other document, said with its title and count.
  const other = page.locator('[data-find-document="data-retention-policy"]');
  await expect(other).toHaveAttribute('data-find-matches', /^[1-9]\d*$/);
  const n = Number(await other.getAttribute('data-find-matches'));
  await expect(other).toHaveText(`Data Retention Policy: ${n} match${n === 1 ? '' : 'es'}`);
  await page.locator('[data-find-elsewhere]').screenshot({ path: test.info().outputPath('find-elsewhere.png') });
  await other.click();
  // That document opens with the search still on: its own count is the one the list gave.
  await expect(page.locator('[data-find-count]')).toHaveText(new RegExp(`^\\d+ of ${n}$`));
  await expect(page.locator('[data-find-current]').first()).toBeInViewport();
  await expect(page.locator('[data-find-document="vendor-security-policy"]')).toHaveText('Vendor Security Policy: 0 matches');
});

test('fit width fits the cited page when it is wider than the others: the highlighted sentence is not cut', async ({ page }) => {
  // Page 8 of the Vendor Security Policy is a landscape page among portrait ones; the narrow pane of a laptop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./?answer=vendor-encryption&cite=S3');
  const highlight = page.locator('[data-page-number="8"] [data-highlight][data-source-id="S3"]').first();
  await expect(highlight).toBeVisible();
  const scroller = page.locator('[data-viewer-scroll]');
  const fits = async () => {
    const pane = (await scroller.boundingBox())!;
    const eight = (await page.locator('[data-page-number="8"]').boundingBox())!;
    const marks = await page
      .locator('[data-page-number="8"] [data-highlight][data-source-id="S3"]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    return { page: eight.x + eight.width <= pane.x + pane.width + 1 && eight.x >= pane.x - 1, marks: marks.every((r) => r <= pane.x + pane.width + 1) };
  };
  await expect.poll(fits).toEqual({ page: true, marks: true });
  // It is wider than page 1 (which the fit used to be measured on), so this is the wider page being fitted.
  const width = (n: number) => page.locator(`[data-page-number="${n}"]`).evaluate((el) => el.getBoundingClientRect().width);
  await page
    .locator('[data-page-number="7"]')
    .scrollIntoViewIfNeeded()
    .catch(() => undefined);
  expect(await width(8)).toBeGreaterThan(await width(7));
  await expect(page.locator('[data-viewer] select').filter({ hasText: 'Fit width' }).first()).toHaveValue('fit-width');
});

test('"Region n of m" counts passages, not lines, and sits in the toolbar, off the page\'s text', async ({ page }) => {
  // One passage of two lines: no counter at all.
  await page.goto('./?answer=vendor-access&cite=1');
  const lines = page.locator('[data-page-number] [data-highlight][data-source-id="S1"]');
  await expect(lines.first()).toBeVisible();
  expect(await lines.count()).toBeGreaterThan(1);
  await expect(page.getByRole('group', { name: 'Highlight regions' })).toHaveCount(0);

  // A quote over two columns: two passages, counted in the toolbar, which covers no part of the pages.
  await page.goto('./?answer=region-order-located&cite=1');
  const group = page.getByRole('group', { name: 'Highlight regions' });
  await expect(group).toContainText('Region 1 of 2');
  expect(await page.locator('[data-highlight][data-source-id="S1"]').count()).toBeGreaterThan(2);
  // Each step is said, with its page.
  const announcer = page.locator('[data-citation-announcer]');
  await expect(announcer).toHaveText(/^Citation 1 — Vendor Security Policy, page 4, region 1 of 2\s*$/);
  await group.getByRole('button', { name: 'Next region' }).click();
  await expect(announcer).toHaveText(/^Citation 1 — Vendor Security Policy, page 4, region 2 of 2\s*$/);
  const bar = (await group.boundingBox())!;
  const pages = (await page.locator('[data-viewer-scroll]').boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(pages.y);
  await expect(page.getByRole('toolbar', { name: 'PDF viewer controls' }).getByRole('group', { name: 'Highlight regions' })).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the panes are tabs switched with a tap: the review gets the whole height, and a citation opens the document tab', async ({ page }) => {
    await page.goto('./?answer=vendor-access');
    const tablist = page.getByRole('tablist', { name: 'Panes' });
    await expect(tablist.getByRole('tab')).toHaveText(['Answer', 'Review', 'Document']);
    await expect(tablist.getByRole('tab', { name: 'Answer' })).toHaveAttribute('aria-selected', 'true');
    const question = page.locator('[data-pane="answer"] h1');
    await expect(question).toBeVisible();

    await tablist.getByRole('tab', { name: 'Review' }).tap();
    const review = page.locator('[data-review-panel]');
    await expect(review).toBeVisible();
    await expect(question).toBeHidden();
    // The review pane has the screen below the header and the tabs (it had 109 px stacked under the others).
    expect((await review.boundingBox())!.height).toBeGreaterThan(500);
    // Selecting a claim keeps the review tab (the reviewer decides there)…
    await page.getByRole('list', { name: 'Claims' }).locator(':scope > li').first().locator('button').first().tap();
    await expect(tablist.getByRole('tab', { name: 'Review' })).toHaveAttribute('aria-selected', 'true');
    // …its citation chip opens the document tab at the highlighted words.
    await page.locator('[data-claim-id][aria-current="true"] [data-citation-key]').first().tap();
    await expect(tablist.getByRole('tab', { name: 'Document' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-page-number] [data-highlight]').first()).toBeVisible();

    // A marker tapped in the answer does the same.
    await tablist.getByRole('tab', { name: 'Answer' }).tap();
    await page.locator('button[data-marker="2"]').first().tap();
    await expect(tablist.getByRole('tab', { name: 'Document' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[data-page-number] [data-highlight][data-source-id="S2"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('phone-tabs.png') });
  });
});
