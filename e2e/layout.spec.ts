import { expect, expectHighlightOnQuote, openCitation, test } from './fixtures.ts';

const S1_QUOTE_START = 'Vendors must use multi-factor authentication';

async function s1Quote(page: import('@playwright/test').Page): Promise<string> {
  // The reference list shows the full quote; read it from the screen like a person would.
  const text = await page.locator('[data-reference="S1"]').innerText();
  const match = /“([^”]+)”/.exec(text);
  if (!match?.[1]) throw new Error('no quote in the reference entry');
  return match[1];
}

test('the divider moves with the keyboard and the highlight stays on its words after the resize', async ({ page }) => {
  await openCitation(page, 'vendor-access', '1');
  const quote = await s1Quote(page);
  expect(quote.startsWith(S1_QUOTE_START)).toBe(true);
  await expectHighlightOnQuote(page, 'S1', quote);
  const viewer = page.locator('[data-pane="viewer"]');
  const before = (await viewer.boundingBox())!.width;
  const divider = page.getByRole('separator', { name: 'Resize document pane' });
  await divider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await viewer.boundingBox())!.width).toBeLessThan(before - 40);
  await expectHighlightOnQuote(page, 'S1', quote);
});

test('the divider drags with the mouse', async ({ page }) => {
  await page.goto('./?answer=vendor-access');
  const answer = page.locator('[data-pane="answer"]');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const before = (await answer.boundingBox())!.width;
  const box = (await page.getByRole('separator', { name: 'Resize answer pane' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await answer.boundingBox())!.width).toBeGreaterThan(before + 150);
});

test('either pane collapses and comes back', async ({ page }) => {
  await page.goto('./?answer=vendor-access');
  await page.getByRole('button', { name: 'Hide answer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Show answer' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await page.getByRole('button', { name: 'Hide document' }).click();
  await expect(page.getByRole('toolbar', { name: 'PDF viewer controls' })).not.toBeInViewport();
  await page.getByRole('button', { name: 'Show document' }).click();
  await expect(page.getByRole('toolbar', { name: 'PDF viewer controls' })).toBeInViewport();
});

test.describe('on a narrow screen', () => {
  test.use({ viewport: { width: 600, height: 900 } });

  test('the panes are tabs, each the full width, and a citation opens the document tab highlighted', async ({ page }) => {
    await openCitation(page, 'vendor-access', '1');
    await expect(page.getByRole('tab', { name: 'Document' })).toHaveAttribute('aria-selected', 'true');
    const viewer = (await page.locator('[data-pane="viewer"]').boundingBox())!;
    expect(viewer.width).toBeGreaterThan(590);
    await expect(page.locator('[data-pane="answer"]')).toBeHidden();
    await expectHighlightOnQuote(page, 'S1', await s1Quote(page));
  });
});

test('a pane collapsed while the answer loads stays collapsed once it has loaded', async ({ page }) => {
  // Hold the answer back so the click lands while it is still loading.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/answers/vendor-access', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./?answer=vendor-access');
  await expect(page.getByText('Loading answer…')).toBeVisible();
  await page.getByRole('button', { name: 'Hide answer' }).click();
  release();
  await expect(page.getByRole('toolbar', { name: 'PDF viewer controls' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show answer' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
});
