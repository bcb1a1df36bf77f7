import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The demo answers made to show the review panel at work (scripts/demo/review-answers.ts): every flag appears on
// the claim it belongs to, in the browser, from the same rules the audit command runs in Node
// (scripts/review-demo.test.ts checks the reasons and figures; this checks that a reviewer sees them).

type Expected = Record<string, string[]>;

async function expectFlags(page: Page, answerId: string, expected: Expected): Promise<void> {
  await page.goto(`./?answer=${answerId}`);
  const claims = page.getByRole('region', { name: 'Review' }).locator('[data-claim-id]');
  await expect(claims).toHaveCount(Object.keys(expected).length);
  for (const [start, codes] of Object.entries(expected)) {
    const claim = claims.filter({ hasText: start });
    await expect(claim).toHaveCount(1);
    // Locator-backed flags arrive when the background checks have searched the cited documents.
    await expect
      .poll(async () => (await claim.locator('[data-flag]').evaluateAll((els) => els.map((e) => e.getAttribute('data-flag')))).sort(), {
        timeout: 60_000,
      })
      .toEqual([...codes].sort());
  }
}

test.describe('review flags on the demo answers', () => {
  test.setTimeout(120_000);

  test('citation gaps: uncited, invalid marker, weak relevance, and low confidence as a banner', async ({ page }) => {
    await expectFlags(page, 'review-citation-gaps', {
      'Vendors must use multi-factor authentication': [],
      'Passwords for Company systems must': ['uncited'],
      'Vendor connections must terminate in': ['weak-relevance'],
      'All privileged sessions by vendor': ['weak-relevance'],
      'Vendors must renew their security': ['invalid-marker'],
    });
    await expect(page.locator('[data-answer-flag="low-confidence"]')).toContainText('55');
    // Every source's relevance as a % in the reference list.
    await expect(page.getByRole('region', { name: 'References' })).toContainText('31 %');
  });

  test('quote checks: not found, altered, wrong page, boxes over other words', async ({ page }) => {
    await expectFlags(page, 'review-quote-checks', {
      'Encryption keys must be rotated': ['quote-not-found'],
      'All Company data transmitted over': ['quote-altered'],
      'Company data stored by a': ['wrong-page'],
      'Vendors must use multi-factor authentication': ['highlight-misses-evidence'],
    });
    // The marker says the same at a glance in the answer pane: the wrong-page citation names the page found.
    await expect(page.getByRole('region', { name: 'Review' })).toContainText('found p. 5');
  });

  test('support: a contradicted number, backend verdicts, a claim that needs a look, and the backend review report', async ({ page }) => {
    await expectFlags(page, 'review-support', {
      'A vendor that suspects its': ['contradicted'],
      'Logs of key management use': ['contradicted'],
      'Records subject to a legal': [],
      'Encryption keys must be stored': ['unsupported'],
      'Keys must be rotated by': ['needs-look'],
    });
    const review = page.getByRole('region', { name: 'Review' });
    // the verdict in words, with both values
    const claim = review.locator('[data-claim-id]').filter({ hasText: 'A vendor that suspects its' });
    await expect(claim.locator('[data-flag="contradicted"]')).toContainText('Contradicted: the claim says 72 hours, the passage says 24 hours.');
    await expect(review.locator('[data-claim-id]').filter({ hasText: 'Keys must be rotated by' }).locator('[data-flag="needs-look"]')).toContainText(
      'Needs a look',
    );
    await expect(page.locator('[data-review-report]')).toContainText(/retr/i);
  });

  test('support verdicts in Persian', async ({ page }) => {
    await page.goto('./?answer=review-support&lang=fa');
    const review = page.locator('[data-claim-id]').filter({ hasText: 'A vendor that suspects its' });
    await expect(review.locator('[data-flag="contradicted"]')).toContainText('نقض‌شده: ادعا می‌گوید 72 hours، اما بخش استنادشده می‌گوید 24 hours.', {
      timeout: 60_000,
    });
    await expect(page.locator('[data-claim-id]').filter({ hasText: 'Keys must be rotated by' }).locator('[data-flag="needs-look"]')).toContainText(
      'نیاز به بررسی',
    );
  });

  test.describe('a locked document', () => {
    // The browser logs the forbidden document's 403 as a failed resource.
    test.use({ allowConsoleErrors: [/status of 403 \(Forbidden\)/] });
    test('document checks: document-level only, version mismatch, evidence unavailable', async ({ page }) => {
      await expectFlags(page, 'review-document-checks', {
        'A vendor holding Company records': ['document-level-only'],
        'All Company data transmitted over': ['version-mismatch'],
        'Vendors must keep every log': ['evidence-unavailable'],
      });
    });
  });

  test('the review exports as CSV with one row per claim × citation, flags and decisions', async ({ page }) => {
    await page.goto('./?answer=review-citation-gaps');
    const panel = page.getByRole('region', { name: 'Review' });
    await expect(panel.locator('[data-claim-id]')).toHaveCount(5);
    await panel.getByRole('button', { name: /^Export/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-export-format="csv"]').click()]);
    expect(download.suggestedFilename()).toMatch(/review-citation-gaps.*\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toMatch(/claim/i);
    expect(csv).toContain('Passwords for Company systems must');
    expect(csv).toContain('uncited');
    expect(csv).toContain('invalid-marker');
  });
});
