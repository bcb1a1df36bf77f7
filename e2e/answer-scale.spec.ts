import { expect, selectedClaim, test } from './fixtures.ts';
import { LONG_FORMATTED_ANSWER_ID, SCALE_ANSWER_ID } from './scale-answer-fixture.ts';

// The 10,000-claim answer of issue 9's bad-input matrix: correctness only, with room for a loaded machine (how fast
// it is, is scripts/bench-answer-scale.ts's, in docs/benchmarks.md).
test('a 10,000-claim answer opens drawn in part; a claim selected in the review list keeps its marker active; markers open their passages, the last one too', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await page.goto(`./?answer=${SCALE_ANSWER_ID}`);
  const pane = page.locator('[data-pane="answer"]');
  const markers = pane.locator('button[data-marker]');
  await expect(markers.first()).toBeVisible({ timeout: 120_000 });
  // Too long to format (plain text, said so), and drawn in chunks: far fewer than 10,000 buttons exist.
  await expect(pane.locator('[data-markdown-simplified="size"]')).toBeVisible();
  await expect(pane.locator('[data-answer-chunk]').first()).toBeVisible();
  expect(await markers.count()).toBeLessThan(1000);
  // The review panel lists the claims the same way: the first is there, not all 10,000 cards.
  const claims = page.getByRole('list', { name: 'Claims' });
  await expect(claims.locator('[data-claim-id]').first()).toBeVisible({ timeout: 120_000 });
  expect(await claims.locator('[data-claim-id]').count()).toBeLessThan(1000);

  // Select claim 3 in the review list (reviewed in a worker for so long an answer): it is marked, linked, and its
  // citation ([1]) opens beside it; its own marker in the answer is the active one.
  const card = claims.locator('[data-claim-id]').nth(2);
  await expect(card).toContainText('in case 3 requires');
  await card.getByRole('button').first().click();
  await expect(card).toHaveAttribute('aria-current', 'true');
  const claimId = await card.getAttribute('data-claim-id');
  await expect(page).toHaveURL(new RegExp(`claim=${claimId}`));
  const firstParagraph = pane.locator('[data-drawn] p').first();
  const claim3Marker = firstParagraph.locator('button[data-marker]').nth(2);
  await expect(claim3Marker).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('[data-page-number="2"] [data-highlight][data-source-id="S1"]').first()).toBeVisible({ timeout: 60_000 });
  // Its marker clicked in the answer keeps the claim selected: the list still shows it as the selected card.
  await claim3Marker.click();
  await expect(page).toHaveURL(new RegExp(`claim=${claimId}`));
  await expect(selectedClaim(claims)).toHaveAttribute('data-claim-id', claimId!);
  // Claim 2's marker [2]: that marker is the active one and its passage (page 3) is highlighted.
  const claim2Marker = firstParagraph.locator('button[data-marker]').nth(1);
  await claim2Marker.click();
  await expect(claim2Marker).toHaveAttribute('aria-current', 'true');
  await expect(claim3Marker).not.toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/cite=2/);
  await expect(page.locator('[data-page-number="3"] [data-highlight][data-source-id="S2"]').first()).toBeVisible({ timeout: 60_000 });

  // Scroll the answer to its end (placeholders are drawn as they come near): the last sentence and its marker.
  const last = pane.locator('[data-drawn] p', { hasText: 'In every case, remote access requires multi-factor authentication' });
  const lastMarker = last.locator('button[data-marker]');
  await expect(async () => {
    await pane.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await lastMarker.click({ timeout: 15_000 });
  }).toPass({ timeout: 150_000 });
  await expect(lastMarker).toHaveAttribute('data-marker', '1');
  await expect(lastMarker).toHaveAttribute('aria-current', 'true');
  await expect(page).toHaveURL(/cite=1/);
  await expect(page.locator('[data-page-number="2"] [data-highlight][data-source-id="S1"]').first()).toBeVisible({ timeout: 60_000 });
  // The first markers were drawn away: the answer keeps only what is near the viewport.
  expect(await markers.count()).toBeLessThan(1000);

  // Find in page still reaches a sentence that is not drawn (its placeholder holds the text, hidden until found).
  const hidden = pane.locator('[data-answer-chunk]:not([data-drawn])').first();
  await expect(hidden).toContainText('in case 1 ');
});

test('a long formatted answer is parsed off the main thread, then drawn formatted, and its markers open their passages', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`./?answer=${LONG_FORMATTED_ANSWER_ID}`);
  const pane = page.locator('[data-pane="answer"]');
  await expect(pane.getByRole('heading', { name: 'Case 1', exact: true })).toBeVisible();
  // Formatted as written: headings and emphasis, no note about plain text.
  await expect(pane.locator('strong', { hasText: 'remote access' }).first()).toBeVisible();
  await expect(pane.locator('[data-markdown-simplified]')).toHaveCount(0);
  expect(workers.some((url) => /markdown-worker/.test(url))).toBe(true);
  await pane.locator('button[data-marker="1"]').first().click();
  await expect(page.locator('[data-page-number="2"] [data-highlight][data-source-id="S1"]').first()).toBeVisible();
});
