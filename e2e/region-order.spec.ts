import { charsUnder, expect, lcs, openCitation, test, words } from './fixtures.ts';

// A quote that runs from the foot of the left column of the demo policy's two-column page (page 4) to the top of
// the right column (answers written by e2e/serve-e2e.ts). A person must land on the START of the quote, and Next
// must read on through the quote, not jump between the columns by height on the page.
const QUOTE =
  'such as public web applications, and then only behind a web application firewall. 4.4 Segregation Vendor connections must terminate in a segregated network zone';
// Two passages: the quote's lines at the foot of the left column, then its lines at the top of the right one. A reader
// steps through passages, not lines (issue #38: "5 regions" used to mean the 5 lines of one sentence).
const PASSAGES = 2;

/** The words under every rectangle of the active passage, in reading order. */
async function activeWords(active: import('@playwright/test').Locator): Promise<string[]> {
  const out: string[] = [];
  for (const el of await active.all()) out.push(...words(await charsUnder(el)));
  return out;
}

for (const [answer, kind] of [
  ['region-order-located', 'located from the quote'],
  ['region-order-boxes', 'given as boxes'],
] as const) {
  test(`a two-column quote (${kind}) opens on its start and steps forwards in reading order, passage by passage`, async ({ page }) => {
    await openCitation(page, answer, '1');
    await expect(page.getByLabel('Page number')).toHaveValue('4');
    const status = page.getByRole('group', { name: 'Highlight regions' });
    await expect(status).toContainText(`Region 1 of ${PASSAGES}`);

    const pageEl = page.locator('[data-page-number="4"]');
    const active = pageEl.locator('[data-highlight][data-source-id="S1"][data-active-region]');
    // the passage shown and flashed on arrival is the start of the quote, in the LEFT column: all its lines
    await expect(active).toHaveCount(3);
    await expect(active.first()).toBeInViewport();
    await expect(active.first()).toHaveClass(/viewer-flash/);
    // The flash is held on its first frame until the page is drawn, then plays (and ends): never left paused. It
    // fades layers over the passage (opacity only: the compositor plays it, no repaint of the page per frame).
    await expect(pageEl.locator('canvas').first()).toBeAttached();
    await expect
      .poll(() =>
        active.first().evaluate((el) =>
          el
            .getAnimations({ subtree: true })
            .map((a) => a.playState)
            .join(),
        ),
      )
      .toMatch(/^((running|finished),?)*$/);
    const animated = await active
      .first()
      .evaluate((el) => el.getAnimations({ subtree: true }).flatMap((a) => (a.effect as KeyframeEffect).getKeyframes().flatMap((k) => Object.keys(k))));
    expect(animated.filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)).every((key) => key === 'opacity')).toBe(true);
    await expect.poll(async () => (await activeWords(active)).slice(0, 3)).toEqual(['such', 'as', 'public']);
    const pageBox = (await pageEl.boundingBox())!;
    for (const el of await active.all()) {
      const box = (await el.boundingBox())!;
      expect(box.x + box.width).toBeLessThan(pageBox.x + pageBox.width / 2);
    }

    // Next walks the quote in order: the words under the passages, one after another, are the quote's words
    const want = words(QUOTE);
    const seen: string[] = [];
    const next = page.getByRole('button', { name: 'Next region' });
    for (let i = 0; i < PASSAGES; i++) {
      if (i > 0) await next.click();
      await expect(status).toContainText(`Region ${i + 1} of ${PASSAGES}`);
      await expect(active.first()).toBeInViewport();
      await expect(active.first()).toHaveClass(/viewer-flash/);
      seen.push(...(await activeWords(active)));
    }
    const common = lcs(want, seen);
    expect(common, `passages read: ${seen.join(' ')}`).toBeGreaterThanOrEqual(want.length - 1);
    expect(seen.length - common, `passages read: ${seen.join(' ')}`).toBeLessThanOrEqual(2);
    await expect(next).toBeDisabled();
    // the last passage is the end of the quote, at the top of the RIGHT column
    const lastBox = (await active.first().boundingBox())!;
    expect(lastBox.x).toBeGreaterThan(pageBox.x + pageBox.width / 2);
    expect((await activeWords(active)).slice(-3)).toEqual(['segregated', 'network', 'zone']);

    // Previous goes back one step in reading order
    await page.getByRole('button', { name: 'Previous region' }).click();
    await expect(status).toContainText(`Region 1 of ${PASSAGES}`);
    await expect.poll(async () => (await activeWords(active)).slice(0, 3)).toEqual(['such', 'as', 'public']);
  });
}
