import { charsUnder, expect, lcs, openCitation, test, words } from './fixtures.ts';

// A quote that runs from the foot of the left column of the demo policy's two-column page (page 4) to the top of
// the right column (answers written by e2e/serve-e2e.ts). A person must land on the START of the quote, and Next
// must read on through the quote, not jump between the columns by height on the page.
const QUOTE =
  'such as public web applications, and then only behind a web application firewall. 4.4 Segregation Vendor connections must terminate in a segregated network zone';
const REGIONS = 6;

for (const [answer, kind] of [
  ['region-order-located', 'located from the quote'],
  ['region-order-boxes', 'given as boxes'],
] as const) {
  test(`a two-column quote (${kind}) opens on its start and steps forwards in reading order`, async ({ page }) => {
    await openCitation(page, answer, '1');
    await expect(page.getByLabel('Page number')).toHaveValue('4');
    const status = page.getByRole('group', { name: 'Highlight regions' });
    await expect(status).toContainText(`Region 1 of ${REGIONS}`);

    const pageEl = page.locator('[data-page-number="4"]');
    const active = pageEl.locator('[data-highlight][data-source-id="S1"][data-active-region]');
    await expect(active).toHaveCount(1);
    // the region shown and flashed on arrival is the first words of the quote, in the LEFT column
    await expect(active).toBeInViewport();
    await expect(active).toHaveClass(/viewer-flash/);
    // The flash is held on its first frame until the page is drawn, then plays (and ends): never left paused.
    await expect(pageEl.locator('canvas').first()).toBeAttached();
    await expect.poll(() => active.evaluate((el) => el.getAnimations().map((a) => a.playState).join())).toMatch(/^(running|finished)?$/);
    await expect.poll(async () => words(await charsUnder(active))).toEqual(['such', 'as', 'public']);
    const pageBox = (await pageEl.boundingBox())!;
    const firstBox = (await active.boundingBox())!;
    expect(firstBox.x + firstBox.width).toBeLessThan(pageBox.x + pageBox.width / 2);

    // Next walks the quote in order: the words under the regions, one after another, are the quote's words
    const want = words(QUOTE);
    const seen: string[] = [];
    const next = page.getByRole('button', { name: 'Next region' });
    for (let i = 0; i < REGIONS; i++) {
      if (i > 0) await next.click();
      await expect(status).toContainText(`Region ${i + 1} of ${REGIONS}`);
      await expect(active).toBeInViewport();
      await expect(active).toHaveClass(/viewer-flash/);
      seen.push(...words(await charsUnder(active)));
    }
    const common = lcs(want, seen);
    expect(common, `regions read: ${seen.join(' ')}`).toBeGreaterThanOrEqual(want.length - 1);
    expect(seen.length - common, `regions read: ${seen.join(' ')}`).toBeLessThanOrEqual(2);
    await expect(next).toBeDisabled();
    // the last region is the end of the quote, at the top of the RIGHT column
    const lastBox = (await active.boundingBox())!;
    expect(lastBox.x).toBeGreaterThan(pageBox.x + pageBox.width / 2);
    expect(words(await charsUnder(active))[0]).toBe('segregated');

    // Previous goes back one step in reading order
    await page.getByRole('button', { name: 'Previous region' }).click();
    await expect(status).toContainText(`Region ${REGIONS - 1} of ${REGIONS}`);
    await expect.poll(async () => words(await charsUnder(active)).slice(0, 2)).toEqual(['vendor', 'connections']);
  });
}
