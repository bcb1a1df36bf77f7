import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Code splitting (docs/architecture.md, "Code splitting"): the home page's first paint loads no pdf.js code; it
// arrives, with the viewer, when an answer is opened, and the cited page is then painted as before.

/** The JavaScript the page has loaded so far, by path, and whether each holds pdf.js (its display layer's API). */
function recordScripts(page: Page): Map<string, Promise<boolean>> {
  const scripts = new Map<string, Promise<boolean>>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!/\.m?js$/.test(pathname) || scripts.has(pathname)) return;
    // `GlobalWorkerOptions` is a name pdf.js exports, kept by any minifier; no code of ours spells it except the
    // viewer, which only loads with pdf.js.
    scripts.set(pathname, response.text().then((code) => code.includes('GlobalWorkerOptions'), () => false));
  });
  return scripts;
}

async function pdfjsScripts(scripts: Map<string, Promise<boolean>>): Promise<string[]> {
  const found: string[] = [];
  for (const [pathname, holdsPdfjs] of scripts) if (await holdsPdfjs) found.push(pathname);
  return found;
}

test('the home page loads no pdf.js code; opening an answer loads it and paints the cited page', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('./');
  const list = page.getByRole('list', { name: 'Answers' });
  await expect(list.locator('a[data-answer-id="vendor-access"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(scripts.size, 'the home page loaded its scripts').toBeGreaterThan(0);
  expect(await pdfjsScripts(scripts), 'scripts holding pdf.js loaded by the home page').toEqual([]);

  await list.locator('a[data-answer-id="vendor-access"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');
  await page.locator('button[data-marker="2"]').first().click();
  const painted = page.locator('[data-page-number] canvas').first();
  await expect(painted).toBeVisible();
  await expect(page.locator('[data-highlight][data-source-id="S2"]').first()).toBeInViewport();
  expect((await pdfjsScripts(scripts)).length, 'pdf.js arrived with the viewer').toBeGreaterThan(0);
});
