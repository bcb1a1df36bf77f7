import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Code splitting (docs/architecture.md, "Code splitting"): the home page's first paint loads no pdf.js code and no
// answer adapters; pdf.js arrives, with the viewer, when an answer is opened, and the cited page is then painted as
// before; the adapters arrive only with an answer in a provider's format.

/** What a script holds, from words a minifier keeps. */
interface Holds {
  /** `GlobalWorkerOptions` is a name pdf.js exports; no code of ours spells it except the viewer, loaded with it. */
  pdfjs: boolean;
  /** The adapters' own message (api/adapt-answer.ts), in no other code of ours. */
  adapters: boolean;
  /** The Persian catalog: its tagline is no other code's. */
  persian: boolean;
  /** The review panel's code: the frame-without-token state (review-pane.tsx) is spelled nowhere else. */
  review: boolean;
  /** The claims' rules (core/review): the number words are spelled only there and in the workers. */
  rules: boolean;
  /** The review outbox's machinery (IndexedDB through idb): its database's name is spelled only in review-storage.ts. */
  outbox: boolean;
}

/** The JavaScript the page has loaded so far, by path, and what each holds. */
function recordScripts(page: Page): Map<string, Promise<Holds>> {
  const scripts = new Map<string, Promise<Holds>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\.m?js$/.test(pathname) || scripts.has(pathname)) return;
    const none: Holds = { pdfjs: false, adapters: false, persian: false, review: false, rules: false, outbox: false };
    scripts.set(
      pathname,
      response.text().then(
        (code) => ({
          pdfjs: code.includes('GlobalWorkerOptions'),
          adapters: code.includes('Could not detect the citation format'),
          persian: code.includes('پاسخ هوش مصنوعی را با منابعش بسنجید'),
          review: code.includes('needs-token'),
          rules: code.includes('seventeen') && !/worker/.test(pathname),
          outbox: /[`"']citelens-review[`"']/.test(code),
        }),
        () => none,
      ),
    );
  });
  return scripts;
}

async function scriptsHolding(scripts: Map<string, Promise<Holds>>, what: keyof Holds): Promise<string[]> {
  const found: string[] = [];
  for (const [pathname, holds] of scripts) if ((await holds)[what]) found.push(pathname);
  return found;
}

test('the home page loads no pdf.js code and no adapters; an answer loads pdf.js, and only a wrapped one the adapters', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('./');
  const list = page.getByRole('list', { name: 'Answers' });
  await expect(list.locator('a[data-answer-id="vendor-access"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(scripts.size, 'the home page loaded its scripts').toBeGreaterThan(0);
  expect(await scriptsHolding(scripts, 'pdfjs'), 'scripts holding pdf.js loaded by the home page').toEqual([]);
  expect(await scriptsHolding(scripts, 'adapters'), 'scripts holding the adapters loaded by the home page').toEqual([]);

  await list.locator('a[data-answer-id="vendor-access"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');
  await page.locator('button[data-marker="2"]').first().click();
  const painted = page.locator('[data-page-number] canvas').first();
  await expect(painted).toBeVisible();
  await expect(page.locator('[data-highlight][data-source-id="S2"]').first()).toBeInViewport();
  expect((await scriptsHolding(scripts, 'pdfjs')).length, 'pdf.js arrived with the viewer').toBeGreaterThan(0);
  // A canonical answer needs no adapter.
  expect(await scriptsHolding(scripts, 'adapters'), 'scripts holding the adapters loaded for a canonical answer').toEqual([]);

  // An answer in Anthropic's format is adapted in the browser: the adapters arrive, and its citation opens its page.
  await page.getByRole('link', { name: 'citelens' }).click();
  await page.getByRole('list', { name: 'Answers' }).locator('a[data-answer-id="demo-anthropic"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^How quickly must a vendor report a suspected key compromise/);
  const marker = page.locator('button[data-marker]').first();
  await marker.click();
  await expect(page.locator(`[data-highlight][data-source-id="${await marker.getAttribute('data-source-id')}"]`).first()).toBeInViewport();
  expect((await scriptsHolding(scripts, 'adapters')).length, 'the adapters arrived with the wrapped answer').toBeGreaterThan(0);
  expect(await scriptsHolding(scripts, 'persian'), 'scripts holding the Persian strings loaded in English').toEqual([]);
});

test('the Persian strings load only when Persian is chosen, and then the page is Persian', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('./?answer=vendor-access');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');
  // Every pane's code is in once the review panel counts the claims and page 1 is drawn (not 'networkidle': the
  // review's live event stream stays open).
  await expect(page.locator('[data-review-progress]')).toBeVisible();
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();
  expect(await scriptsHolding(scripts, 'persian'), 'scripts holding the Persian strings, English page').toEqual([]);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'پنهان کردن سند' })).toBeVisible();
  expect((await scriptsHolding(scripts, 'persian')).length, 'the Persian strings arrived with the switch').toBe(1);
});

test("a link to an answer draws page 1 before the review panel's code, the claims' rules and the outbox are asked for; all follow", async ({ page }) => {
  // When the first canvas is attached to a page of the viewer, in the page's own clock (a canvas is attached before
  // it is drawn, so anything asked for after it was asked for after page 1 had started to draw).
  await page.addInitScript(() => {
    const w = window as unknown as { __firstCanvasAt?: number };
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-page-number] canvas')) {
        w.__firstCanvasAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const scripts = recordScripts(page);
  await page.goto('./?answer=vendor-access');
  await expect(page.locator('[data-page-number="1"] canvas')).toBeVisible();
  // The review panel comes, with its claims checked (their flags and statuses are the rules' result).
  await expect(page.locator('[data-review-progress]')).toBeVisible();
  await expect(page.locator('button[data-marker][data-status]').first()).toBeAttached();
  // The outbox's machinery comes too (it sends what an earlier session left: review.spec.ts).
  await expect.poll(async () => (await scriptsHolding(scripts, 'outbox')).length, 'the outbox was loaded').toBeGreaterThan(0);
  const later: string[] = [];
  for (const [pathname, holds] of scripts) if ((await holds).review || (await holds).rules || (await holds).outbox) later.push(pathname);
  expect(later.length, "the review panel's, the rules' and the outbox's scripts were loaded").toBeGreaterThanOrEqual(3);
  const timing = await page.evaluate((paths) => {
    const started = performance.getEntriesByType('resource').filter((e) => paths.some((p) => e.name.endsWith(p)));
    return { canvas: (window as unknown as { __firstCanvasAt?: number }).__firstCanvasAt ?? null, starts: started.map((e) => e.startTime) };
  }, later);
  expect(timing.canvas, 'a canvas was attached').not.toBeNull();
  for (const start of timing.starts) expect(start, 'asked for after page 1 had a canvas').toBeGreaterThan(timing.canvas!);
});
