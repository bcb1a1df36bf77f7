import { expect, requestsSoFarSeen, test } from './fixtures.ts';

// Issue 9: the client on a failing API and on content that crashes a pane. Each failure is shown where it
// happened, with a Retry, and the view recovers on its own when the API is back.

const FAILED_RESOURCE = /Failed to load resource|net::ERR_/;
// The answer list, which the home page asks for a page at a time (`/api/answers?limit=100`).
const ANSWER_LIST = (url: URL) => url.pathname.endsWith('/api/answers');

test.describe('the API fails', () => {
  test.use({ allowConsoleErrors: [FAILED_RESOURCE] });

  test('home page: a 500 offers Retry (not a link to itself) and recovers on its own when the API returns', async ({ page }) => {
    let failing = true;
    await page.route(ANSWER_LIST, (route) =>
      failing ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'database on fire' } } }) : route.fallback(),
    );
    await page.goto('./');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not load the answer list');
    await expect(alert).toContainText('database on fire');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all answers' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('home-500.png') });

    failing = false; // the server is back: nothing to click
    await expect(page.getByRole('list', { name: 'Answers' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('home page: Retry fetches again at once', async ({ page }) => {
    let calls = 0;
    await page.route(ANSWER_LIST, (route) => {
      calls++;
      return calls <= 3 ? route.fulfill({ status: 503, body: 'busy' }) : route.fallback();
    });
    await page.goto('./');
    await expect(page.getByRole('alert')).toContainText('Could not load the answer list');
    expect(calls).toBe(3); // the first request and two retries with backoff
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('list', { name: 'Answers' })).toBeVisible();
  });

  test('an answer while the server is stopped: Retry shown, then the answer appears when it is back', async ({ page }) => {
    let down = true;
    await page.route('**/api/answers/hardening-review', (route) => (down ? route.abort('connectionrefused') : route.fallback()));
    await page.goto('./?answer=hardening-review');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not reach the server. Check your connection.');
    await expect(alert).toContainText('tried again on its own');
    await expect(alert).not.toContainText('Failed to fetch'); // the browser's words, which tell a reader nothing
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('answer-offline-server.png') });
    down = false;
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('multi-factor authentication');
  });

  test('a server that takes the request and never answers: after the 20 s timeout, said so with Retry', async ({ page }) => {
    // The browser's clock, not a shorter timeout: the client's 20 s timer and React Query's backoff are skipped over.
    await page.clock.install();
    let hang = true;
    // While hanging, the request is neither fulfilled nor aborted: the server has it and says nothing.
    await page.route('**/api/answers/hardening-review', (route) => (hang ? undefined : route.fallback()));
    await page.goto('./?answer=hardening-review');
    await expect(page.getByRole('status').filter({ hasText: 'Loading answer' })).toBeVisible();
    const alert = page.getByRole('alert');
    // the first request and two retries, each cut off after 20 s, with the backoff between them
    await expect(async () => {
      await page.clock.fastForward(25_000);
      await expect(alert).toContainText('The server did not answer within 20 seconds.', { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(alert).toContainText('tried again on its own');
    hang = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('multi-factor authentication');
  });

  test('offline in the browser: the answer waits and loads when the connection is back', async ({ page, context }) => {
    await page.goto('./');
    await expect(page.getByRole('list', { name: 'Answers' })).toBeVisible();
    // A user who had the page open: it finished loading (the answer view's code included) before the network went.
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.evaluate(() => {
      history.pushState(null, '', '?answer=hardening-review');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('article', { name: 'Answer' })).toContainText('multi-factor authentication');
  });

  test('a malformed answer file fails at once (a definite error is not retried)', async ({ page }) => {
    // The browser's clock: a retry (due within 1.25 s) or a recovery refetch (every 5 s) is skipped to, not waited for.
    await page.clock.install();
    let calls = 0;
    await page.route('**/api/answers/hardening-review', (route) => {
      calls++;
      return route.fulfill({
        status: 500,
        json: { error: { code: 'invalid_json', message: 'Answer "hardening-review" is not valid JSON: Unexpected token' } },
      });
    });
    await page.goto('./?answer=hardening-review');
    await expect(page.getByRole('alert')).toContainText('is not valid JSON');
    expect(calls).toBe(1);
    await expect(page.getByRole('alert')).not.toContainText('tried again on its own');
    // A minute of the page's time brings no second request either: a retry those timers started would have reached
    // the route before the request made after them.
    await page.clock.runFor(60_000);
    await requestsSoFarSeen(page);
    expect(calls).toBe(1);
  });
});

test.describe('a pane that crashes', () => {
  test('an answer nested too deeply: the answer pane says so, the header and the other panes work', async ({ page }) => {
    await page.route('**/api/answers/hardening-review', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { text: string };
      await route.fulfill({ response: res, json: { ...body, text: `${'>'.repeat(2000)} deep [1]\n\n${body.text}` } });
    });
    await page.goto('./?answer=hardening-review&cite=1');
    await expect(page.getByRole('link', { name: /citelens/ })).toBeVisible();
    // The viewer still opens the citation, and the review panel still lists claims.
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Claims' })).toBeVisible();
    // What "says so" means: the depth cap flattens the deepest levels and the pane notes it, instead of crashing.
    const note = page.getByRole('article', { name: 'Answer' }).locator('[data-markdown-simplified="nesting"]');
    await expect(note).toHaveText('This answer nests quotes or lists too deeply: the deepest levels are shown flattened.');
    await expect(page.locator('[data-pane-crash]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('deep-answer.png') });
  });

  test('the review panel crashes: a message with Retry in that pane only, and the decision made before is kept', async ({ page }) => {
    // A browser fault while drawing the decision history (the only place that formats dates), until we lift it.
    await page.addInitScript(() => {
      localStorage.setItem('citelens.reviewer', 'Crash Tester');
      // The decided claim stays selected (its History is what fails to draw).
      localStorage.setItem('citelens.autoAdvance', 'off');
      const original = Date.prototype.toLocaleString;
      Date.prototype.toLocaleString = function (this: Date, ...args: Parameters<typeof original>) {
        if ((window as { __dateFault?: boolean }).__dateFault !== false) throw new Error('Date formatting failed in this browser');
        return original.apply(this, args);
      };
    });
    await page.goto('./?answer=hardening-review');
    const firstClaim = page.getByRole('list', { name: 'Claims' }).locator(':scope > li').first();
    await firstClaim.getByRole('button').first().click();
    await firstClaim.getByRole('button', { name: /Verified/ }).click();
    await expect(firstClaim).toHaveAttribute('data-decision', 'verified');
    await expect(page.getByText(/saved locally — syncing/i)).toHaveCount(0);

    await firstClaim.getByText('History').click();
    const crash = page.locator('[data-pane-crash="review"]');
    await expect(crash).toContainText('The review pane could not be shown');
    await expect(crash).toContainText('Date formatting failed');
    await page.screenshot({ path: test.info().outputPath('review-crash.png') });

    // The other panes work: a citation in the answer still opens its passage.
    await page.getByRole('article', { name: 'Answer' }).locator('button[data-marker="2"]').first().click();
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /citelens/ })).toBeVisible();

    await page.evaluate(() => ((window as { __dateFault?: boolean }).__dateFault = false));
    await crash.getByRole('button', { name: 'Retry' }).click();
    await expect(crash).toHaveCount(0);
    const again = page.getByRole('list', { name: 'Claims' }).locator(':scope > li').first();
    await expect(again).toHaveAttribute('data-decision', 'verified');
  });
});

test.describe('a chunk that fails to download', () => {
  test.use({ allowConsoleErrors: [FAILED_RESOURCE] });

  const chunks = [
    { chunk: 'answer-view', pane: 'view', says: 'The answer view could not be shown', works: 'article' },
    { chunk: 'review-pane', pane: 'review', says: 'The review pane could not be shown', works: 'claims' },
    { chunk: 'viewer-pane', pane: 'document', says: 'The document pane could not be shown', works: 'page' },
  ] as const;
  for (const { chunk, pane, says, works } of chunks) {
    test(`${chunk}: its pane says so with Retry, which downloads it again`, async ({ page }) => {
      // The chunk itself (not its stylesheet), refused as a dropped connection would until Retry. Refusing only its
      // first request is not enough: the preload helper's <link rel=modulepreload> asks first, then import().
      let failing = true;
      let requests = 0;
      await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), (route) => {
        requests++;
        return failing ? route.abort('connectionreset') : route.fallback();
      });
      await page.goto('./?answer=hardening-review');
      const crash = page.locator(`[data-pane-crash="${pane}"]`);
      await expect(crash).toContainText(says);
      await expect(crash).toContainText('Part of the app could not be downloaded');
      await expect(page.getByRole('link', { name: /citelens/ })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`${chunk}-failed.png`) });
      failing = false;
      const before = requests;
      await crash.getByRole('button', { name: 'Retry' }).click();
      if (works === 'article') await expect(page.getByRole('article', { name: 'Answer' })).toContainText('multi-factor authentication');
      if (works === 'claims') await expect(page.getByRole('list', { name: 'Claims' })).toBeVisible();
      if (works === 'page') await expect(page.locator('[data-page-number="1"] canvas').first()).toBeVisible();
      await expect(crash).toHaveCount(0);
      // React keeps a rejected lazy component's promise: without a fresh one, Retry would not ask the network again.
      expect(requests).toBeGreaterThan(before);
    });
  }
});
