import { inflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Dark mode, night pages and touch (issue 10). Two page loads, many checks each: the desktop one follows the system's
// dark setting, overrides it from the header and keeps the choice over a reload, and recolours the PDF for night
// reading with the highlight still standing out; the phone one (375 px, touch) taps a marker, double-taps and
// pinches the document, with nothing wider than the screen.

type Rgb = [number, number, number];

/** One pixel of the screen as a person sees it (canvas, highlights and all), from a 1×1 PNG screenshot. */
async function screenPixel(page: Page, x: number, y: number): Promise<Rgb> {
  const png = await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } });
  // PNG: 8-byte signature, then chunks; the IDAT data inflates to [filter, r, g, b(, a)], and for the one pixel of
  // a one-pixel image every filter type leaves the bytes as they are.
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return [raw[1]!, raw[2]!, raw[3]!];
}

/** A pixel of a page's canvas bitmap, at a fraction of its size. */
async function canvasPixel(page: Page, pageNumber: number, fx: number, fy: number): Promise<Rgb> {
  return page.evaluate(
    ({ pageNumber, fx, fy }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-page-number="${pageNumber}"] canvas`);
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || canvas.width === 0) return [-1, -1, -1] as [number, number, number];
      const d = ctx.getImageData(Math.floor(canvas.width * fx), Math.floor(canvas.height * fy), 1, 1).data;
      return [d[0]!, d[1]!, d[2]!] as [number, number, number];
    },
    { pageNumber, fx, fy },
  );
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

async function backgroundLuminance(locator: Locator): Promise<number> {
  const colour = await locator.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return luminance([r, g, b]);
}

/** Where the active highlight's underline is drawn: its bottom edge, inside the box. */
async function underlinePoint(highlight: Locator): Promise<{ x: number; y: number }> {
  const box = (await highlight.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height - 1 };
}

test('dark mode follows the system, the header overrides it and keeps the choice; night pages keep the highlight visible', async ({ page }) => {
  // Two loads of the answer view and a repaint of its pages: on the shared 2-core box that alone took ~90 s.
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./?answer=vendor-access&cite=1');
  const html = page.locator('html');
  const header = page.locator('header').first();
  const theme = page.getByRole('combobox', { name: 'Theme' });
  const nightPages = page.getByRole('button', { name: 'Night pages' });

  // The system is dark and nothing was chosen: the app is dark, the switch says "System".
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(theme).toHaveValue('auto');
  expect(await backgroundLuminance(header)).toBeLessThan(60);
  expect(await backgroundLuminance(page.locator('[data-viewer-scroll]'))).toBeLessThan(60);

  // The cited words are highlighted on a white page, with a dark amber underline (3:1 or more on white).
  const active = page.locator('[data-highlight][data-active-region]').first();
  await expect(active).toBeVisible();
  await expect(page.locator('[data-page-number] canvas').first()).toBeVisible();
  const activePage = Number(await active.evaluate((el) => el.closest('[data-page-number]')?.getAttribute('data-page-number')));
  expect(luminance(await canvasPixel(page, activePage, 0.02, 0.02))).toBeGreaterThan(240);
  await expect
    .poll(
      async () => {
        const { x, y } = await underlinePoint(active);
        const [r, g, b] = await screenPixel(page, x, y);
        return r > 110 && r < 200 && g < 110 && b < 60; // #92400e, amber-800
      },
      { message: 'the active highlight is underlined in dark amber on the white page' },
    )
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('dark-answer-view.png') });

  // Night pages: pdf.js repaints the page in the night palette; the blank margin turns dark, the highlight stays.
  await expect(nightPages).toHaveAttribute('aria-pressed', 'false');
  await nightPages.click();
  await expect(nightPages).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => luminance(await canvasPixel(page, activePage, 0.02, 0.02)), { message: 'the page margin is dark' }).toBeLessThan(40);
  // The text turns light: somewhere on the page a pixel is much lighter than the background.
  const lightestText = await page.evaluate((n) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-page-number="${n}"] canvas`)!;
    const d = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let max = 0;
    for (let i = 0; i < d.length; i += 4) max = Math.max(max, 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!);
    return max;
  }, activePage);
  expect(lightestText).toBeGreaterThan(180);
  await expect
    .poll(
      async () => {
        const { x, y } = await underlinePoint(active);
        const [r, g, b] = await screenPixel(page, x, y);
        return r > 200 && g > 180 && b < 140; // #fde047, yellow-300
      },
      { message: 'the active highlight is underlined in bright yellow on the night page' },
    )
    .toBe(true);
  await expect(page.locator('.textLayer span').first()).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  await page.screenshot({ path: test.info().outputPath('night-pages.png') });

  // Light chosen in the header wins over the dark system, and both choices survive a reload.
  await theme.selectOption('light');
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await backgroundLuminance(header)).toBeGreaterThan(240);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(theme).toHaveValue('light');
  await expect(nightPages).toHaveAttribute('aria-pressed', 'true');
  // Dark chosen while the system is light.
  await page.emulateMedia({ colorScheme: 'light' });
  await theme.selectOption('dark');
  await expect(html).toHaveClass(/\bdark\b/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('375 px wide: nothing overflows, a tap opens a marker, double tap and pinch zoom the document', async ({ page }) => {
    await page.goto('./?answer=vendor-access');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const noOverflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(await noOverflow()).toBeLessThanOrEqual(375);

    // The chrome's controls (header, pane tabs, viewer toolbar) are at least 24 × 24 CSS px (WCAG 2.5.8) and on
    // the screen.
    const controls = page
      .locator('header')
      .first()
      .locator('button, select, a')
      .or(page.getByRole('button', { name: /^(Hide|Show) (answer|review|document)$|^Copy link$/ }))
      // on a phone the panes are tabs
      .or(page.getByRole('tab'))
      .or(page.getByRole('toolbar').locator('button, select, input'));
    expect(await controls.count()).toBeGreaterThan(5);
    for (const control of await controls.all()) {
      if (!(await control.isVisible())) continue;
      const box = (await control.boundingBox())!;
      const name = await control.evaluate((el) => el.getAttribute('aria-label') ?? el.textContent);
      expect(box.height, `${name} is tall enough`).toBeGreaterThanOrEqual(24);
      expect(box.width, `${name} is wide enough`).toBeGreaterThanOrEqual(24);
      expect(box.x + box.width, `${name} is on screen`).toBeLessThanOrEqual(375);
    }

    // A tap on a marker (no hover on a touch screen) opens the document at the highlighted words.
    await page.locator('button[data-marker="1"]').first().tap();
    const highlight = page.locator('[data-highlight]').first();
    await expect(highlight).toBeVisible();
    await expect(page.locator('[data-pane="viewer"]')).toBeInViewport();
    const zoom = page.locator('output[aria-label="Current zoom"]');
    await expect(zoom).not.toHaveText('');
    const percent = async () => Number((await zoom.innerText()).replace(/\D/g, ''));
    const fit = await percent();

    // Double tap zooms in twice as far, around the tap.
    const scroller = page.locator('[data-viewer-scroll]');
    const area = (await scroller.boundingBox())!;
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });
    for (let i = 0; i < 2; i++) {
      await touch('touchStart', [{ x: cx, y: cy }]);
      await touch('touchEnd', []);
    }
    await expect.poll(percent, { message: 'double tap zooms in' }).toBe(Math.round(fit * 2));

    // Two fingers spread to three times their distance: the zoom follows them.
    const before = await percent();
    await touch('touchStart', [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ]);
    for (let step = 1; step <= 6; step++) {
      const half = 30 + step * 10;
      await touch('touchMove', [
        { x: cx - half, y: cy },
        { x: cx + half, y: cy },
      ]);
    }
    await touch('touchEnd', []);
    await expect.poll(percent, { message: 'the pinch zooms in' }).toBeGreaterThan(before * 2.5);
    // The page is zoomed inside its pane: the screen still does not scroll sideways.
    expect(await noOverflow()).toBeLessThanOrEqual(375);
    await expect(page.locator('[data-page-number] canvas').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('phone-375.png') });
  });
});
