import { expect, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

// The viewer's sidebar (thumbnails and outline) and printed page labels, on the demo Supplier Handbook: 9 pages
// printed i-iii, 1-4, A-1, A-2, with a nested outline, and an answer whose sources name their pages only as printed.

async function openSidebar(page: Page) {
  const toggle = page.getByRole('button', { name: 'Sidebar', exact: true });
  // The default viewport gives the viewer pane ~600 px: narrow, so the sidebar starts closed.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('complementary', { name: 'Document sidebar' });
}

const pageField = (page: Page) => page.getByLabel('Page number');

/**
 * Canvases in the viewer that are not a page's, counted in one go (pages keep painting meanwhile). Outside the viewer,
 * pdf.js's text layer keeps a hidden 0×0 measuring canvas on <body> while it lays out text; that one is not ours.
 */
const canvasesOutsidePages = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-viewer] canvas')].filter((c) => !c.closest('[data-page-number]')).length);

test('the toolbar shows the printed label beside the physical page', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook&doc=supplier-handbook');
  await expect(page.getByText('(1 of 9)', { exact: true })).toBeVisible();
  await expect(pageField(page)).toHaveValue('i');
  // A printed label typed into the field goes to the page that prints it.
  await pageField(page).fill('A-1');
  await pageField(page).press('Enter');
  await expect(page.getByText('(8 of 9)', { exact: true })).toBeVisible();
  await expect(page.locator('[data-page-number="8"]')).toBeInViewport({ ratio: 0.5 });
});

test('jump with the outline: a bookmark makes its page current and visible', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook&doc=supplier-handbook');
  const sidebar = await openSidebar(page);
  await sidebar.getByRole('tab', { name: 'Outline' }).click();
  await expect(sidebar.getByRole('tab', { name: 'Outline' })).toHaveAttribute('aria-selected', 'true');
  const tree = sidebar.getByRole('tree', { name: 'Outline' });
  await expect(tree.getByRole('treeitem')).toHaveCount(10);

  await tree.getByRole('treeitem', { name: '2.2 Incidents' }).click();
  await expect(page.getByText('(7 of 9)', { exact: true })).toBeVisible();
  await expect(pageField(page)).toHaveValue('4');
  await expect(page.locator('[data-page-number="7"]')).toBeInViewport({ ratio: 0.5 });

  // A named destination, reached with the keyboard: collapse "2. Operations", then walk down to the last bookmark.
  await tree.getByRole('treeitem', { name: '2. Operations' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tree.getByRole('treeitem', { name: '2. Operations' })).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('treeitem')).toHaveCount(8);
  await page.keyboard.press('End');
  await expect(tree.getByRole('treeitem', { name: 'A.2 Exit checklist' })).toBeFocused();
  // End moved within the tree only: the viewer's own End (last page) did not fire.
  await expect(page.getByText('(7 of 9)', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText('(9 of 9)', { exact: true })).toBeVisible();
  await expect(page.locator('[data-page-number="9"]')).toBeInViewport({ ratio: 0.5 });
});

test('jump with the thumbnails: click or Enter on thumbnail N shows page N, marked current', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook&doc=supplier-handbook');
  const sidebar = await openSidebar(page);
  const thumb = (n: number) => sidebar.locator(`[data-thumbnail-page="${n}"]`);
  await expect(thumb(1)).toHaveAttribute('aria-current', 'page');
  // Printed labels beside the index.
  await expect(thumb(3)).toContainText('iii (3)');
  await expect(thumb(8)).toContainText('A-1 (8)');

  await thumb(6).click();
  await expect(page.locator('[data-page-number="6"]')).toBeInViewport({ ratio: 0.5 });
  await expect(thumb(6)).toHaveAttribute('aria-current', 'page');
  await expect(thumb(1)).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('(6 of 9)', { exact: true })).toBeVisible();

  await thumb(4).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-page-number="4"]')).toBeInViewport({ ratio: 0.5 });
  await expect(thumb(4)).toHaveAttribute('aria-current', 'page');
  // Arrows move between thumbnails without turning the page; Enter turns it.
  await page.keyboard.press('ArrowDown');
  await expect(thumb(5)).toBeFocused();
  await expect(page.getByText('(4 of 9)', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(thumb(5)).toHaveAttribute('aria-current', 'page');
  // Thumbnails are pictures of their pages.
  await expect(thumb(4).locator('img')).toHaveJSProperty('complete', true);
  expect(
    await thumb(4)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(50);
});

test('a cited page’s thumbnail carries its marker numbers', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook&doc=supplier-handbook');
  const sidebar = await openSidebar(page);
  const badges = (n: number) => sidebar.locator(`[data-thumbnail-page="${n}"] [data-thumbnail-badge]`);
  // Cited as printed pages iii, 2 and A-2: physical pages 3, 5 and 9. Marker 4 names a label no page prints.
  await expect(badges(3)).toHaveText(['1']);
  await expect(badges(5)).toHaveText(['2']);
  for (const n of [1, 2, 4]) await expect(badges(n)).toHaveCount(0);
  // The last thumbnails are mounted once the list is scrolled to them.
  await sidebar.locator('[data-thumbnail-page="5"]').hover();
  await page.mouse.wheel(0, 2000);
  await expect(badges(9)).toHaveText(['3']);
  for (const n of [6, 7, 8]) await expect(badges(n)).toHaveCount(0);
  await expect(sidebar.locator('[data-thumbnail-page="5"]')).toHaveAccessibleName('Page 5 (printed 2), cited by [2]');
});

test('a citation by printed page label opens the physical page that prints it', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook');
  await page.locator('button[data-marker="2"]').first().click();
  await expect(pageField(page)).toHaveValue('2');
  await expect(page.getByText('(5 of 9)', { exact: true })).toBeVisible();
  const highlight = page.locator('[data-page-number="5"] [data-highlight][data-source-id="S2"]');
  await expect(highlight.first()).toBeInViewport();

  await page.locator('button[data-marker="3"]').first().click();
  await expect(page.getByText('(9 of 9)', { exact: true })).toBeVisible();
  await expect(page.locator('[data-page-number="9"] [data-highlight][data-source-id="S3"]').first()).toBeInViewport();

  // A label the document does not print: said so, and the passage is found by its quote.
  await page.locator('button[data-marker="4"]').first().click();
  await expect(page.getByText('No page is printed “A-7” in this document; the passage was searched for by its quote')).toBeVisible();
  await expect(page.locator('[data-page-number="9"] [data-highlight][data-source-id="S4"]').first()).toBeInViewport();
});

test('thumbnails add no canvas: the pages are the only canvases in the viewer', async ({ page }) => {
  await page.goto('./?answer=supplier-handbook&doc=supplier-handbook');
  const sidebar = await openSidebar(page);
  await expect(sidebar.locator('[data-thumbnail-page] img').first()).toBeVisible();
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();
  expect(await sidebar.locator('canvas').count()).toBe(0);
  expect(await canvasesOutsidePages(page)).toBe(0);
});

test('a 1,000-page document keeps a dozen thumbnails mounted, and no canvas of theirs', async ({ page }) => {
  // Downloading and opening the 1,000-page file, then jumping to page 990, takes ~40 s on a loaded 2-core machine.
  test.slow();
  await page.goto('./?answer=large-document');
  // The 1,000-page file is made when the test server first serves it.
  await expect(page.getByText('of 1000', { exact: true })).toBeVisible({ timeout: 60_000 });
  const large = await openSidebar(page);
  await expect(large.locator('[data-thumbnail-page="1"] img')).toBeVisible();
  // Virtualized: only the thumbnails near the sidebar's viewport exist.
  expect(await large.locator('[data-thumbnail-page]').count()).toBeLessThan(20);
  await large.locator('[data-thumbnail-page="3"]').click();
  await expect(page.getByLabel('Page number')).toHaveValue('3');
  await page.getByLabel('Page number').fill('990');
  await page.getByLabel('Page number').press('Enter');
  // The list follows the current page, still virtualized.
  await expect(large.locator('[data-thumbnail-page="990"]')).toHaveAttribute('aria-current', 'page');
  expect(await large.locator('[data-thumbnail-page]').count()).toBeLessThan(20);
  // The render queue keeps the last max(10, 2 × visible + 1) painted pages (pages 1–3 until they age out).
  expect(await page.locator('[data-page-number] canvas').count()).toBeLessThanOrEqual(12);
  expect(await canvasesOutsidePages(page)).toBe(0);
});

test('the sidebar keeps its state across a document switch; a PDF without bookmarks says so', async ({ page }) => {
  await page.goto('./?answer=retention-vs-security');
  const sidebar = await openSidebar(page);
  await sidebar.getByRole('tab', { name: 'Outline' }).click();
  await expect(sidebar.getByText('No outline: this PDF has no bookmarks.')).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Document' });
  const other = await select.evaluate((el: HTMLSelectElement) => [...el.options].find((o) => !o.selected)!.value);
  await select.selectOption(other);
  await expect(page.getByRole('button', { name: 'Sidebar', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('tab', { name: 'Outline' })).toHaveAttribute('aria-selected', 'true');
  await expect(sidebar.getByText('No outline: this PDF has no bookmarks.')).toBeVisible();
  // Without printed labels, the toolbar counts pages as before.
  await expect(page.getByText(/^of \d+$/)).toBeVisible();
});
