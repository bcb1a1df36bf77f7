import type { Page } from '@playwright/test';
import { expect, test, wordsUnder } from './fixtures.ts';

// Issue #33: a green check must be trustworthy. On the demo answer `review-quote-checks`:
//   [2] quotes the policy with a changed number (TLS 1.1 where page 5 says TLS 1.2): an error everywhere it is shown,
//       with both values on screen, never "approximate";
//   [4] quotes the right words on the right page, but its boxes sit on another paragraph: never green anywhere, and the
//       viewer draws the quote's real words by default, the source's boxes on request.

const ANSWER = 'review-quote-checks';

const marker = (page: Page, key: string) => page.locator(`[data-pane="answer"] button[data-marker="${key}"]`).first();
const reference = (page: Page, sourceId: string) => page.getByRole('region', { name: 'References' }).locator(`[data-reference="${sourceId}"]`).first();
const claimCard = (page: Page, start: string) => page.getByRole('region', { name: 'Review' }).locator('[data-claim-id]').filter({ hasText: start });

test.describe('one verdict per citation, the worst of its checks', () => {
  test.setTimeout(120_000);

  test('a quote whose number was changed is an error on the marker, the reference, the claim and in the viewer, with both values', async ({ page }) => {
    await page.goto(`./?answer=${ANSWER}`);
    // the background checks search the PDF: the marker turns red once they have
    await expect(marker(page, '2')).toHaveAttribute('data-status', 'bad', { timeout: 60_000 });
    // the marker's preview says what differs
    await marker(page, '2').hover();
    const preview = page.locator('[data-marker-preview="2"] [data-status-text]');
    await expect(preview).toContainText('TLS 1.1');
    await expect(preview).toContainText('TLS 1.2');
    await page.mouse.move(0, 0);
    // the reference
    const ref = reference(page, 'S2').locator('[data-reference-status]');
    await expect(ref).toHaveAttribute('data-reference-status', 'bad');
    await expect(ref).toContainText('The quote says “TLS 1.1”; p. 5 says “TLS 1.2”.');
    // the claim card: an error flag naming both values, and its citation chip in the error tone
    const card = claimCard(page, 'All Company data transmitted over');
    await expect(card.locator('[data-flag="quote-altered"]')).toContainText('The quote says “TLS 1.1”; page 5 of “Vendor Security Policy” says “TLS 1.2”.');
    await expect(card.locator('[data-status-tone]')).toHaveAttribute('data-status-tone', 'bad');
    // the viewer: the passage drawn, the error said over the page, the document's differing word marked
    await marker(page, '2').click();
    const problem = page.locator('[data-citation-problem="error"]');
    await expect(problem).toContainText('TLS 1.1');
    await expect(problem).toContainText('TLS 1.2');
    const mark = page.locator('[data-page-number="5"] [data-difference-mark]');
    await expect(mark).toHaveCount(1);
    expect(await wordsUnder(mark)).toContain('1.2');
    await expect(page.locator('[data-page-number="5"] [data-highlight]').first()).toBeVisible();
  });

  test('boxes over another paragraph: never green anywhere; the viewer shows where the quote is, and the boxes on request', async ({ page }) => {
    await page.goto(`./?answer=${ANSWER}&cite=4`);
    // settled: the review's checks have read the boxes
    const card = claimCard(page, 'Vendors must use multi-factor authentication');
    await expect(card.locator('[data-flag="highlight-misses-evidence"]')).toHaveCount(1, { timeout: 60_000 });
    // nowhere green: marker, reference, claim chip
    await expect(marker(page, '4')).not.toHaveAttribute('data-status', 'ok');
    await expect(marker(page, '4')).toHaveAttribute('data-status', 'warn');
    const ref = reference(page, 'S4').locator('[data-reference-status]');
    await expect(ref).toHaveAttribute('data-reference-status', 'warn');
    // what is wrong first, then what the locator found
    await expect(ref).toContainText(/^The highlighted boxes on page 2 cover “All privileged sessions/u);
    await expect(card.locator('[data-status-tone]')).toHaveAttribute('data-status-tone', 'warn');
    // the viewer says so over the page and draws the quote's own words by default
    const choice = page.locator('[data-boxes-choice]');
    await expect(choice).toHaveAttribute('data-boxes-choice', 'found');
    const highlight = page.locator('[data-page-number="2"] [data-highlight]');
    await expect(highlight.first()).toBeVisible();
    expect(await wordsUnder(highlight.first())).toContain('multi-factor authentication');
    await expect(choice).toContainText('The source’s boxes do not hold its quote');
    // the source's own boxes on request: over the privileged-access paragraph
    await choice.getByRole('button', { name: 'Show the source’s boxes' }).click();
    await expect(choice).toHaveAttribute('data-boxes-choice', 'given');
    await expect.poll(async () => wordsUnder(highlight.first())).toContain('privileged');
    await choice.getByRole('button', { name: 'Show where the quote is' }).click();
    await expect.poll(async () => wordsUnder(highlight.first())).toContain('multi-factor authentication');
  });
});
