import { expect, test } from './fixtures.ts';
import { SCALE_ANSWER_ID } from './scale-answer-fixture.ts';

// The 10,000-claim answer of issue 9's bad-input matrix: correctness only, with room for a loaded machine (how fast
// it is, is scripts/bench-answer-scale.ts's, in docs/benchmarks.md).
test('a 10,000-claim answer opens drawn in part, and its last marker is reached, clicked and highlights its source', async ({ page }) => {
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
