import { expect, test } from './fixtures.ts';
import type { BenchWindow } from '../src/app/bench-api.ts';

// The /bench page's hooks (src/app/bench-page.tsx, docs/benchmarks.md): what `npm run bench` and anyone's harness
// drive. Behaviour only: the figures are the bench's business, not a test's.

const BENCH = './bench?file=%2Fapi%2Fdocuments%2Flarge-report&scale=1';

test('window.__bench v1: a far jump paints its page and shows its highlight, and again from the cache', async ({ page }) => {
  await page.goto(BENCH);
  await page.waitForFunction(() => !!(window as BenchWindow).__bench);
  const first = await page.evaluate(async () => {
    const b = (window as BenchWindow).__bench!;
    return { version: b.version, name: b.name, firstPaint: await b.firstPaint, loaded: await b.loaded, numPages: b.numPages() };
  });
  expect(first).toMatchObject({ version: 1, name: 'citelens', loaded: { numPages: 1000 }, numPages: 1000 });
  expect(first.firstPaint).toBeGreaterThan(0);
  // `settled`: every page's size known, which the viewer learns in the background after page 1 is painted.
  const settled = await page.evaluate(() => (window as BenchWindow).__bench!.settled);
  expect(typeof settled).toBe('number');
  expect(settled!).toBeGreaterThanOrEqual(first.firstPaint);
  await expect(page.locator('[data-viewer-scroll]')).toHaveAttribute('data-sizes-known', '');
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();

  // The viewer alone fills the window: no answer pane, no toolbar taking height.
  const box = await page.locator('[data-viewer-scroll]').boundingBox();
  const size = page.viewportSize()!;
  expect(box!.height).toBeGreaterThan(size.height - 2);
  await expect(page.getByRole('article', { name: 'Answer' })).toHaveCount(0);
  // It starts at the asked scale (page 1 of this report is 612 pt wide: 612 CSS px at scale 1), with no sidebar.
  expect((await page.locator('[data-page-number="1"]').boundingBox())!.width).toBeCloseTo(612, 0);
  await expect(page.locator('[data-viewer-sidebar]')).toHaveCount(0);

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

// /bench draws page 1 before React and the viewer are fetched (bench-main.ts, first-page-paint.ts); the viewer takes
// that drawing over. Held here by holding the viewer's code back.
test('page 1 is on screen before the viewer’s code arrives, and the viewer takes it over in place', async ({ page }) => {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/bench-root-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(BENCH);
  const early = page.locator('canvas');
  await expect(early).toHaveCount(1);
  await expect(early).toBeVisible();
  await expect(page.locator('[data-viewer-scroll]')).toHaveCount(0);
  // Drawn: the page's dark words on white, not an empty canvas.
  const inked = await early.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark++;
    (c as HTMLCanvasElement & { earlyDrawing?: boolean }).earlyDrawing = true;
    return dark;
  });
  expect(inked).toBeGreaterThan(100);
  const before = await early.boundingBox();
  const heldAt = await page.evaluate(() => performance.now());

  release();
  await page.waitForFunction(() => !!(window as BenchWindow).__bench);
  const firstPaint = await page.evaluate(() => (window as BenchWindow).__bench!.firstPaint);
  // The figure is when page 1 appeared, not when the viewer arrived.
  expect(firstPaint).toBeLessThan(heldAt);
  const canvas = page.locator('[data-page-number="1"] canvas');
  await expect(canvas).toBeVisible();
  // The same drawing, in the same place: not drawn again, no jump.
  expect(await canvas.evaluate((c) => (c as HTMLCanvasElement & { earlyDrawing?: boolean }).earlyDrawing)).toBe(true);
  const after = await canvas.boundingBox();
  expect(after!.x).toBeCloseTo(before!.x, 0);
  expect(after!.y).toBeCloseTo(before!.y, 0);
  expect(after!.width).toBeCloseTo(before!.width, 0);
  // The stand-in has gone: what is on screen now is the viewer (its text layer comes with it).
  await expect(page.locator('body > [inert]')).toHaveCount(0);
  await expect(page.locator('[data-page-number="1"] .textLayer')).toContainText('This is page 1 of a 1000-page');
});

test('/bench still asks for a password, and draws nothing of a decompression bomb', async ({ page }) => {
  await page.goto('./bench?file=%2Fapi%2Fdocuments%2Fencrypted-memo&scale=1');
  await expect(page.getByLabel('This PDF is password-protected')).toBeVisible();
  await page.goto('./bench?file=%2Fapi%2Fdocuments%2Fbomb&scale=1');
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
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /bench/i.test(u))).toEqual([]);
});
