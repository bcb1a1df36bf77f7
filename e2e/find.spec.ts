import type { Page } from '@playwright/test';
import { FIND_FIXTURE } from '../scripts/demo/find-fixture.ts';
import { expect, test } from './fixtures.ts';

// Reading around a citation: the viewer's find bar, its keyboard shortcuts and pointer zoom, the original
// document's download link, and copying from the reference list. The document (scripts/demo/find-fixture.ts) has
// "schedule" hyphenated across a line break on page 1, plain on page 2, and "Schedule" / "schedules" on page 3.

const viewer = (page: Page) => page.getByRole('region', { name: 'PDF viewer' });
const pageInput = (page: Page) => viewer(page).getByRole('textbox', { name: 'Page number' });
const findBar = (page: Page) => page.getByRole('search', { name: 'Find in document' });
const count = (page: Page) => page.locator('[data-find-count]');

/** Opens the fixture answer's citation (page 2) and puts the focus in the pages, as a click on a page does. */
async function openViewer(page: Page) {
  await page.goto('./?answer=find-fixture');
  await page.locator('button[data-marker="1"]').first().click();
  // The review's background checks share the pdf.js worker: on a loaded 2-core box locating can take a while.
  await expect(page.locator('[data-highlight]').first()).toBeVisible({ timeout: 45_000 });
  await page.locator('[data-page-number="2"] .textLayer').click({ position: { x: 20, y: 20 } });
  await expect(page.locator('[data-viewer-scroll]')).toBeFocused();
}

test('Ctrl+F in the viewer finds a word hyphenated across a line break and steps through the pages', async ({ page }) => {
  test.slow(); // many steps, each waiting on pdf.js renders that share the worker with the review checks
  await openViewer(page);
  await page.keyboard.press('ControlOrMeta+f');
  await expect(findBar(page)).toBeVisible();
  const field = findBar(page).getByRole('searchbox', { name: 'Find in document' });
  await expect(field).toBeFocused();
  await field.fill(FIND_FIXTURE.word);

  // The viewer is on page 2, so the first match from there is the current one: 2 of 4.
  await expect(count(page)).toHaveText(`2 of ${FIND_FIXTURE.matches.plain}`);
  await expect(pageInput(page)).toHaveValue('2');

  // Back to page 1: the hyphenated word is ONE match drawn on two lines ("sched-" and "ule").
  await field.press('Shift+Enter');
  await expect(count(page)).toHaveText(`1 of ${FIND_FIXTURE.matches.plain}`);
  await expect(pageInput(page)).toHaveValue('1');
  const current = page.locator('[data-find-current]');
  await expect(current).toHaveCount(2);
  await expect(current.first()).toHaveAttribute('data-page', '1');
  const [upper, lower] = [(await current.nth(0).boundingBox())!, (await current.nth(1).boundingBox())!];
  expect(lower.y).toBeGreaterThan(upper.y + upper.height / 2);
  await expect(current.first()).toBeInViewport();

  // Forward with Enter and the button: page 2, then page 3, then around to page 1.
  await field.press('Enter');
  await expect(count(page)).toHaveText(`2 of ${FIND_FIXTURE.matches.plain}`);
  await findBar(page).getByRole('button', { name: 'Next match' }).click();
  await expect(count(page)).toHaveText(`3 of ${FIND_FIXTURE.matches.plain}`);
  await expect(pageInput(page)).toHaveValue('3');
  await expect(page.locator('[data-find-current]').first()).toHaveAttribute('data-page', '3');
  await expect(page.locator('[data-find-current]').first()).toBeInViewport();

  // Matches are find matches, never citation highlights, and look different from them.
  await expect(page.locator('[data-find-match][data-highlight]')).toHaveCount(0);
  await page.locator('[data-find-match]:not([data-find-current])').first().scrollIntoViewIfNeeded();
  const colour = (sel: string) =>
    page
      .locator(sel)
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [other, currentColour] = [await colour('[data-find-match]:not([data-find-current])'), await colour('[data-find-current]')];
  expect(other).not.toBe(currentColour);
  await findBar(page).getByRole('button', { name: 'Previous match' }).click();
  await findBar(page).getByRole('button', { name: 'Previous match' }).click();
  await expect(page.locator('[data-highlight]').first()).toBeVisible();
  expect(await colour('[data-highlight]')).not.toBe(other);
  expect(await colour('[data-highlight]')).not.toBe(currentColour);

  // Options: "Schedule" is not a match with Match case, "schedules" not with Whole words.
  await findBar(page).getByLabel('Match case').check();
  await expect(count(page)).toHaveText(new RegExp(`of ${FIND_FIXTURE.matches.matchCase}$`));
  await findBar(page).getByLabel('Match case').uncheck();
  await findBar(page).getByLabel('Whole words').check();
  await expect(count(page)).toHaveText(new RegExp(`of ${FIND_FIXTURE.matches.wholeWords}$`));

  // Escape closes the bar and takes the matches away.
  await field.press('Escape');
  await expect(findBar(page)).toBeHidden();
  await expect(page.locator('[data-find-match]')).toHaveCount(0);
  await expect(page.locator('[data-viewer-scroll]')).toBeFocused();
});

test('Ctrl+F outside the viewer is left to the browser', async ({ page }) => {
  await openViewer(page);
  await page.evaluate(() => {
    const w = window as unknown as { findPrevented: boolean | null };
    w.findPrevented = null;
    window.addEventListener('keydown', (e) => {
      if (e.key.toLowerCase() === 'f') w.findPrevented = e.defaultPrevented;
    });
  });
  await page.getByRole('heading', { name: 'References' }).click();
  await page.keyboard.press('ControlOrMeta+f');
  expect(await page.evaluate(() => (window as unknown as { findPrevented: boolean | null }).findPrevented)).toBe(false);
  await expect(findBar(page)).toBeHidden();
});

test('viewer shortcuts: + zooms, → turns the page, ? lists them; Ctrl+wheel zooms around the pointer', async ({ page }) => {
  test.slow(); // many steps, each waiting on pdf.js renders that share the worker with the review checks
  await openViewer(page);
  const zoom = viewer(page).getByLabel('Current zoom');
  const percent = async () => Number.parseInt((await zoom.textContent()) ?? '', 10);
  const before = await percent();
  await page.keyboard.press('+');
  await expect.poll(percent).toBeGreaterThan(before);
  await page.keyboard.press('0');
  await expect.poll(percent).toBe(before);

  await page.keyboard.press('ArrowRight');
  await expect(pageInput(page)).toHaveValue('3');
  await page.keyboard.press('PageUp');
  await expect(pageInput(page)).toHaveValue('2');

  // Typing in a text field is never a shortcut.
  await pageInput(page).focus();
  await page.keyboard.press('r');
  await expect(viewer(page).locator('.textLayer[data-main-rotation="90"]')).toHaveCount(0);

  // The pointer stays on the same point of the page while Ctrl+wheel zooms.
  const target = page.locator('[data-page-number="2"]');
  const box = (await target.boundingBox())!;
  const at = { x: box.x + box.width * 0.7, y: box.y + Math.min(box.height * 0.3, 300) };
  const fraction = async () => {
    const b = (await target.boundingBox())!;
    return { fx: (at.x - b.x) / b.width, fy: (at.y - b.y) / b.height };
  };
  const f0 = await fraction();
  await page.mouse.move(at.x, at.y);
  const z0 = await percent();
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect.poll(percent).toBeGreaterThan(z0 + 20);
  await expect.poll(async () => Math.abs((await fraction()).fx - f0.fx)).toBeLessThan(0.02);
  await expect.poll(async () => Math.abs((await fraction()).fy - f0.fy)).toBeLessThan(0.02);

  // ? lists the viewer's keys beside the review's, each once.
  await page.locator('[data-viewer-scroll]').focus();
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog.locator('dl[aria-label="Document viewer shortcuts"] [data-shortcut="next-page"]')).toContainText('Next page');
  await expect(dialog.locator('[data-shortcut="next-region"]')).toHaveCount(1);
  await page.keyboard.press('Escape');
});

test('copy a quote and a citation from the references; selecting their text does not open the citation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?answer=find-fixture');
  const entry = page.locator('[data-reference="S1"]');
  await expect(entry).toBeVisible();

  // Drag across the quote: text is selected, and the citation stays closed.
  const quote = entry.locator('[data-reference-quote]');
  const q = (await quote.boundingBox())!;
  await page.mouse.move(q.x + 4, q.y + q.height / 2);
  await page.mouse.down();
  await page.mouse.move(q.x + q.width - 4, q.y + q.height / 2, { steps: 5 });
  await page.mouse.up();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('cold storage');
  await expect(entry).not.toHaveAttribute('aria-current', 'true');
  expect(page.url()).not.toContain('cite=');

  await entry.getByRole('button', { name: 'Copy quote' }).click();
  await expect(entry.getByRole('button', { name: 'Copied ✓' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(FIND_FIXTURE.quote);
  await entry.getByRole('button', { name: 'Copy citation' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${FIND_FIXTURE.title}, p. 2: “${FIND_FIXTURE.quote}”`);
  expect(page.url()).not.toContain('cite=');

  // A plain click on the entry still opens its citation (once the selection is gone, as any click elsewhere does).
  await page.getByRole('heading', { name: 'References' }).click();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await quote.click();
  await expect(entry).toHaveAttribute('aria-current', 'true');
});

test('Download and Open link to the original document; Print renders our own page images', async ({ page, request }) => {
  test.slow(); // many steps, each waiting on pdf.js renders that share the worker with the review checks
  await openViewer(page);
  const download = viewer(page).getByRole('link', { name: 'Download' });
  await expect(download).toHaveAttribute('href', new RegExp(FIND_FIXTURE.documentId));
  await expect(download).toHaveAttribute('download', /\.pdf$/);
  const href = (await download.getAttribute('href'))!;
  const open = viewer(page).getByRole('link', { name: 'Open in a new tab' });
  // Our own viewer of the document in the new tab, never the file (the browser's PDF viewer runs a PDF's scripts:
  // e2e/pdf-script.spec.ts).
  await expect(open).toHaveAttribute('href', new RegExp(`\\?answer=find-fixture&doc=${FIND_FIXTURE.documentId}&page=\\d+$`));
  const [tab] = await Promise.all([page.waitForEvent('popup'), open.click()]);
  await expect(tab.locator('[data-page-number="1"] canvas')).toBeVisible();
  await tab.close();
  const res = await request.get(href);
  expect(res.ok()).toBe(true);
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Print renders our own images of the pages (never the PDF file, whose scripts the browser's viewer would run)
  // into a hidden frame and prints that.
  const print = viewer(page).getByRole('button', { name: 'Print' });
  await print.click();
  const frame = page.frameLocator('iframe[aria-hidden="true"]');
  await expect(frame.locator('img')).toHaveCount(3, { timeout: 60_000 });
  await expect(frame.locator('img').first()).toHaveAttribute('src', /^blob:/);
  await expect(print).toHaveAttribute('aria-busy', 'false');
  await expect(viewer(page).getByRole('alert')).toHaveCount(0);
});

test('searching a 1,000-page document shows its progress and never freezes the viewer', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('./?answer=large-document');
  await page.locator('button[data-marker="1"]').first().click();
  await expect(page.locator('[data-highlight]').first()).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-viewer-scroll]').focus();
  await page.keyboard.press('ControlOrMeta+f');
  const started = Date.now();
  await findBar(page).getByRole('searchbox').fill('lazy dog');
  const progress = page.locator('[data-find-progress]');
  await expect(progress).toHaveText(/searching… \d+ of 1000 pages/);

  // While it searches, the viewer still answers: a zoom lands and a page turns at once.
  const zoom = viewer(page).getByLabel('Current zoom');
  const before = await zoom.textContent();
  await page.locator('[data-viewer-scroll]').focus();
  await page.keyboard.press('+');
  await expect(zoom).not.toHaveText(before!, { timeout: 2000 });
  await expect(progress).toBeVisible();

  // Every page has the phrase once; the first match from the cited page 990 on is the current one.
  await expect(count(page)).toHaveText('990 of 1000', { timeout: 200_000 });
  await expect(progress).toBeHidden();
  console.log(`find over 1,000 pages: ${Date.now() - started} ms`);
  await expect(page.locator('[data-find-current]').first()).toBeInViewport();
});
