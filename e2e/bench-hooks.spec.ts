import { expect, test } from './fixtures.ts';
import type { BenchWindow } from '../src/app/bench/bench-api.ts';

// The /bench page's hooks (src/app/bench/bench-page.tsx, docs/benchmarks.md): what scripts/bench-viewer.ts and anyone's
// harness drive. The e2e server turns it on (CITELENS_BENCH=1); the viewer has no hook of its own for it. Behaviour
// only: the figures are the bench's business, not a test's.

const BENCH = './bench?file=%2Fapi%2Fdocuments%2Flarge-report';

test('window.__bench v1: a far jump paints its page and shows its highlight, and again from the cache', async ({ page }) => {
  await page.goto(BENCH);
  await page.waitForFunction(() => !!(window as BenchWindow).__bench);
  const first = await page.evaluate(async () => {
    const b = (window as BenchWindow).__bench!;
    return { version: b.version, name: b.name, firstPaint: await b.firstPaint, loaded: await b.loaded, numPages: b.numPages() };
  });
  expect(first).toMatchObject({ version: 1, name: 'citelens', loaded: { numPages: 1000 }, numPages: 1000 });
  expect(first.firstPaint).toBeGreaterThan(0);
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();

  // The viewer alone fills the window: no answer pane, no toolbar taking height.
  const box = await page.locator('[data-viewer-scroll]').boundingBox();
  const size = page.viewportSize()!;
  expect(box!.height).toBeGreaterThan(size.height - 2);
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(0);

  const far = await page.evaluate(() => (window as BenchWindow).__bench!.jumpTo(990, { timeoutMs: 45_000 }));
  expect(far).toMatchObject({ page: 990, cached: false });
  expect(far.paintMs).not.toBeNull();
  expect(far.textMs).not.toBeNull();
  expect(far.textMs!).toBeGreaterThanOrEqual(0);
  await expect(page.locator('[data-page-number="990"] [data-highlight]').first()).toBeInViewport();
  await expect(page.locator('[data-page-number="990"] canvas')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as BenchWindow).__bench!.currentPage())).toBe(990);

  const again = await page.evaluate(() => (window as BenchWindow).__bench!.jumpTo(990, { timeoutMs: 45_000 }));
  expect(again).toMatchObject({ page: 990, cached: true });
  expect(again.paintMs).not.toBeNull();

  const back = await page.evaluate(() => (window as BenchWindow).__bench!.jumpTo(1, { timeoutMs: 45_000 }));
  expect(back.page).toBe(1);
  expect(back.textMs).not.toBeNull();
  await expect(page.locator('[data-page-number="1"] [data-highlight]').first()).toBeInViewport();
  await expect(page.locator('[data-page-number="990"] [data-highlight]')).toHaveCount(0);
});

test('/bench still asks for a password, and draws nothing of a decompression bomb', async ({ page }) => {
  await page.goto('./bench?file=%2Fapi%2Fdocuments%2Fencrypted-memo');
  await expect(page.getByLabel('This PDF is password-protected')).toBeVisible();
  await page.goto('./bench?file=%2Fapi%2Fdocuments%2Fbomb');
  await expect(page.getByRole('alert')).toContainText(/its content is too large to show or search/);
  await expect(page.locator('canvas')).toHaveCount(0);
  await expect(page.locator('[data-page-number]')).toHaveCount(0);
});

test('the app itself never loads the bench page code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('./?answer=supplier-handbook');
  await expect(page.getByRole('article', { name: 'Answer' })).toBeVisible();
  // Every pane's code is in once the review panel counts the claims and page 1 is drawn (not 'networkidle': the
  // review's live event stream stays open).
  await expect(page.locator('[data-review-progress]')).toBeVisible();
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /bench/i.test(u))).toEqual([]);
});
