import type { Page, Request } from '@playwright/test';
import { expect, selectedClaim, test } from './fixtures.ts';
import { BEACON_HOST, XSS_PAYLOADS } from './hostile-fixtures.ts';

// Hostile input (issue 9, hardening), as a user meets it: answers whose Markdown used to blank or freeze the app, a
// quote too long to search, boxes off the page, and an XSS payload corpus in every field, under the server's CSP.

const highlight = (page: Page, sourceId: string) => page.locator(`[data-page-number] [data-highlight][data-source-id="${sourceId}"]`).first();

for (const [id, what] of [
  ['hostile-deep-quote', '2,000 nested block quotes'],
  ['hostile-deep-list', '1,500 nested list items'],
] as const) {
  test(`${what} render flattened, with a note, and the citation opens`, async ({ page }) => {
    await page.goto(`./?answer=${id}`);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'nests quotes or lists too deeply' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('deep');
    await page.locator('button[data-marker="1"]').click();
    await expect(page.locator('button[data-marker="1"]')).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(/cite=1/);
    await expect(page.locator('[data-page-number="2"]')).toBeAttached();
  });
}

test('200 KB of backticks, 50,000 "*a " and 100,000 "[" show as plain text with their citation working', async ({ page }) => {
  await page.goto('./?answer=hostile-complex');
  await expect(page.getByRole('note').filter({ hasText: 'shown as plain text' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Answer' }).locator('em, code')).toHaveCount(0);
  await page.locator('button[data-marker="1"]').click();
  await expect(page.locator('button[data-marker="1"]')).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/cite=1/);
});

test('a quote over 5,000 characters is not searched: the viewer and the review say "quote too long"', async ({ page }) => {
  await page.goto('./?answer=hostile-long-quote');
  await page.locator('button[data-marker="1"]').click();
  await expect(page.getByRole('status').filter({ hasText: /Quote too long to search: 8,\d{3} characters \(the limit is 5,000\)/ })).toBeVisible();
  await expect(page.getByRole('complementary').or(page.locator('body')).getByText('quote too long', { exact: true }).first()).toBeVisible();
});

test('canonical boxes off the page (x0: -500, ±1e308) fall back to the quote and say so', async ({ page }) => {
  await page.goto('./?answer=hostile-off-page');
  for (const [marker, sourceId] of [
    ['1', 'S1'],
    ['2', 'S2'],
  ] as const) {
    await page.locator(`button[data-marker="${marker}"]`).click();
    await expect(page.getByText('The given boxes fall outside the page; the passage was found by its quote')).toBeVisible();
    const box = await highlight(page, sourceId).boundingBox();
    const pageBox = await page.locator('[data-page-number="2"]').boundingBox();
    // on the page, and a line of text, not the whole page
    expect(box && pageBox && box.x >= pageBox.x && box.x + box.width <= pageBox.x + pageBox.width + 1).toBe(true);
    expect(box!.height).toBeLessThan(pageBox!.height / 4);
  }
});

function recordBeacons(page: Page): string[] {
  const beacons: string[] = [];
  page.on('request', (r: Request) => {
    const url = r.url();
    if (url.includes(BEACON_HOST) || /^(javascript|vbscript|data:text\/html)/i.test(url)) beacons.push(url);
  });
  return beacons;
}

/** The XSS corpus through every field, a reviewer's note and a reload: nothing runs, nothing calls out. */
async function runXssCorpus(page: Page, answerId: string) {
  const beacons = recordBeacons(page);
  await page.goto(`./?answer=${answerId}`);
  // the question is shown as the text it is
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(XSS_PAYLOADS[1]!);
  const answer = page.getByRole('article', { name: 'Answer' });
  await expect(answer).toContainText('claim 17');
  // links keep only http(s)/mailto; no image, no raw element from the text
  await expect(answer.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]')).toHaveCount(0);
  await expect(
    page.locator('#root img[src*="' + BEACON_HOST + '"], #root script, #root iframe, #root object, #root style, #root svg[onload], #root [style*="url("]'),
  ).toHaveCount(0);
  await answer.getByText('click me').first().click();

  // a citation's tooltip (quote, title, section) and the viewer on the generated PDF whose text is the payloads
  await page.locator('button[data-marker="2"]').first().hover();
  await expect(page.getByRole('tooltip')).toContainText('onerror');
  await page.locator('button[data-marker="2"]').first().click();
  await expect(page.locator('[data-page-number="1"] .textLayer')).toContainText('onerror', { timeout: 45_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  await page.locator('button[data-marker="1"]').first().click();
  await expect(page.locator('button[data-marker="1"]').first()).toHaveAttribute('aria-current', 'true');

  // a reviewer's note holding a payload, saved and shown again after a reload; the review panel comes after the
  // document's first page (first-page-hold.ts), and its keys with it: a reviewer presses j once the claims are listed
  await expect(page.locator('[data-review-panel] [data-claim-id]').first()).toBeVisible();
  await page.keyboard.press('j');
  const card = selectedClaim(page);
  await expect(card).toBeVisible();
  await page.keyboard.press('f');
  // The first decision asks for the reviewer's name and moves the cursor there a frame later: typing before it lands
  // would send the name's keys to the shortcuts, and the decision (so the note) would wait for a name forever.
  await expect(page.getByLabel('Your name')).toBeFocused();
  await page.keyboard.type('Mallory');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-reviewer]')).toHaveText('Mallory');
  await page.keyboard.press('n');
  await expect(card.getByPlaceholder(/Note/)).toBeFocused();
  await page.keyboard.type(XSS_PAYLOADS[2]!);
  // Reload once the note is on the server, as a reviewer who saw it saved would: a reload mid-save resends the
  // kept decision, which the server rightly answers 409 (the outbox then sees it is ours), a console error here.
  const noteSaved = page.waitForResponse((r) => {
    if (r.request().method() !== 'PUT' || !/\/review\/claims\//.test(r.url()) || !r.ok()) return false;
    try {
      return Boolean((JSON.parse(r.request().postData() ?? '{}') as { note?: unknown }).note);
    } catch {
      return false;
    }
  });
  await page.keyboard.press('Enter');
  await noteSaved;
  await expect(page.locator('[data-sync]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(XSS_PAYLOADS[1]!);
  await expect(page.locator('body')).toContainText('svg script', { timeout: 30_000 });

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(beacons).toEqual([]);
}

test('the XSS corpus in the answer, question, titles, sections, quotes, notes and PDF text never runs and never calls out', async ({ page }) => {
  test.slow(); // several documents opened and searched on a loaded 2-core box
  await runXssCorpus(page, 'hostile-xss');
});

// Under the server's CSP an inline handler or a beacon would be blocked even if the sanitising let it through, so
// the test above shows the CSP works, not that the rendering is safe. The same corpus again without the CSP: here
// only the rendering stands between the payloads and the page.
test.describe('without the CSP', () => {
  test.use({ bypassCSP: true });

  test('the XSS corpus is made harmless by the rendering itself', async ({ page }) => {
    test.slow();
    await runXssCorpus(page, 'hostile-xss-no-csp'); // a copy: each run saves a note, and they run in parallel
  });
});

test("the app works under the server CSP: no violation but pdf.js's own `new Function` probe", async ({ page }) => {
  test.slow(); // several documents opened and searched on a loaded 2-core box
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`));
  });
  const response = await page.goto('./');
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp.match(/script-src[^;]*/)?.[0]).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  await expect(page.getByRole('list', { name: 'Answers' })).toBeVisible();
  await page.locator('a[data-answer-id="markdown-sources"]').click();
  await expect(page.getByRole('article', { name: 'Answer' })).toBeVisible();
  const read = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  const beforeReload = await read();
  await page.goto('./?answer=hostile-xss');
  // pdf.js's worker, fonts, canvas and text layer, under the CSP
  await page.locator('button[data-marker="2"]').first().click();
  await expect(page.locator('[data-page-number="1"] .textLayer')).toContainText('onerror', { timeout: 60_000 });
  const violations = [...beforeReload, ...(await read())];
  // pdf.js checks once whether it may compile fonts with `new Function`; the CSP refusing that eval is intended.
  expect(violations.filter((v) => !v.startsWith('script-src eval '))).toEqual([]);
});
