import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, selectedClaim, test } from './fixtures.ts';

// The review panel as a reviewer uses it: by keyboard alone, with the server unreachable, and against a colleague
// who saved first. Each test reviews its own answer: the e2e server's review database is shared by parallel tests.

const REVIEW_API = /\/api\/answers\/[^/]+\/review/;

// A review is many steps, each waiting for the page: give these tests the time of three ordinary ones.
// The e2e machine is shared and slow at times: a step waits up to 20 s for the page.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function serverReview(request: APIRequestContext, answerId: string) {
  const res = await request.get(`./api/answers/${answerId}/review`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { claims: Record<string, { decision: string | null; note: string; version: number; reviewer: string }> };
}

const claims = (page: Page) => page.getByRole('list', { name: 'Claims' }).locator(':scope > li');

/** The words the CSS Custom Highlight paints in the answer pane (empty when none). */
async function highlightedAnswerText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const h = CSS.highlights.get('citelens-claim');
    const range = h ? ([...h][0] as Range | undefined) : undefined;
    return range ? range.toString().replace(/\s+/g, ' ').trim() : '';
  });
}

test('a whole answer reviewed with the keyboard alone', async ({ page, request }) => {
  await page.goto('./?answer=vendor-access');
  await expect(claims(page).first()).toBeVisible();
  const count = await claims(page).count();
  expect(count).toBeGreaterThan(3);
  await expect(page.locator('[data-review-progress]')).toHaveText(`0 of ${count} reviewed`);

  // The first decision asks for the reviewer's name, in the panel, with the cursor already in the field; once the
  // name is given, that very decision is made (it used to be swallowed) and the next undecided claim is selected.
  await page.keyboard.press('j');
  await expect(selectedClaim(page)).toHaveAttribute('data-claim-id', /^c-/);
  const firstId = await selectedClaim(page).getAttribute('data-claim-id');
  await page.keyboard.press('v');
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.locator('[data-pending-decision="verified"]')).toHaveText('Your decision (Verified) is saved as soon as you give your name.');
  await page.keyboard.type('Ana Reviewer');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-reviewer]')).toHaveText('Ana Reviewer');
  await expect(page.locator(`[data-claim-id="${firstId}"]`)).toHaveAttribute('data-decision', 'verified');
  await expect(page.locator('[data-review-position]')).toHaveText(`Claim 2 of ${count} · ${count - 1} left to decide`);

  // Claim by claim: verified, rejected, follow-up in turn, each decision moving on to the next; a note on the second.
  const plan = ['v', 'x', 'f'] as const;
  for (let i = 1; i < count; i++) {
    const card = selectedClaim(page);
    await expect(card.locator('button').first()).toHaveAccessibleName(new RegExp(`^Claim ${i + 1}:`));
    const id = (await card.getAttribute('data-claim-id'))!;
    if (i === 1) {
      await page.keyboard.press('n');
      await expect(card.getByPlaceholder(/Note/)).toBeFocused();
      await page.keyboard.type('Cites the wrong section; ask the author.');
      await page.keyboard.press('Enter');
      await expect(card.getByPlaceholder(/Note/)).not.toBeFocused();
    }
    await page.keyboard.press(plan[i % 3]!);
    await expect(page.locator(`[data-claim-id="${id}"]`)).toHaveAttribute('data-decision', { v: 'verified', x: 'rejected', f: 'follow-up' }[plan[i % 3]!]);
  }
  const rejected = Math.floor((count + 1) / 3);
  await expect(page.locator('[data-review-progress]')).toContainText(`${count} of ${count} reviewed, ${rejected} rejected`);

  // The selected claim is painted in the answer and its first citation is open in the viewer.
  // The claim's own words, as its card shows them (the button is named by its content: number, text, decision).
  const claimText = (await selectedClaim(page).locator('button').first().locator('span[dir="auto"]').textContent())!;
  await expect.poll(() => highlightedAnswerText(page)).toContain(claimText.replace(/[.:]$/, '').slice(0, 40));

  // k goes back; ? shows the shortcuts, made from the same actions the keys run; Escape closes them.
  await page.keyboard.press('k');
  await expect(selectedClaim(page).locator('button').first()).toHaveAccessibleName(new RegExp(`^Claim ${count - 1}:`));
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('dl[aria-label="Review shortcuts"] [data-shortcut]')).toHaveCount(17);
  await expect(dialog).toContainText('Next highlighted region of the citation');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Every decision reached the server, with the reviewer's name and the note.
  await expect
    .poll(async () => {
      const review = await serverReview(request, 'vendor-access');
      return Object.values(review.claims).filter((c) => c.decision !== null && c.reviewer === 'Ana Reviewer').length;
    })
    .toBe(count);
  const stored = Object.values((await serverReview(request, 'vendor-access')).claims);
  expect(stored.filter((c) => c.decision === 'rejected')).toHaveLength(rejected);
  expect(stored.some((c) => c.note === 'Cites the wrong section; ask the author.' && c.decision === 'rejected')).toBe(true);

  // The link restores the selected claim, and its decisions come back from the server.
  const selectedId = await selectedClaim(page).getAttribute('data-claim-id');
  await expect(page).toHaveURL(new RegExp(`claim=${selectedId}`));
  await page.reload();
  await expect(selectedClaim(page)).toHaveAttribute('data-claim-id', selectedId!);
  await expect(page.locator('[data-review-progress]')).toContainText(`${count} of ${count} reviewed`);
});

test('[ and ] step through the passages of the open citation', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
  // A quote from the foot of one column to the top of the next: two passages.
  await page.goto('./?answer=region-order-located');
  await expect(claims(page).first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(selectedClaim(page)).toBeVisible();
  await expect(page.getByText('Region 1 of 2', { exact: true })).toBeVisible();
  await page.keyboard.press(']');
  await expect(page.getByText('Region 2 of 2', { exact: true })).toBeVisible();
  await page.keyboard.press('[');
  await expect(page.getByText('Region 1 of 2', { exact: true })).toBeVisible();
});

test.describe('with the review API unreachable', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource|ERR_FAILED/] });

  test('a decision is kept in the browser across a reload and reaches the server once it is back', async ({ page, request }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('citelens.reviewer')) localStorage.setItem('citelens.reviewer', 'Offline Olga');
    });
    await page.goto('./?answer=vendor-encryption');
    await expect(claims(page).first()).toBeVisible();
    await page.route(REVIEW_API, (route) => route.abort());

    const card = claims(page).nth(1);
    await card.locator('button').first().click();
    await card.getByRole('button', { name: /Rejected/ }).click();
    await expect(card.locator('[data-sync="queued"]')).toHaveText(/Saved locally — syncing/);
    const claimId = (await card.getAttribute('data-claim-id'))!;

    await page.reload();
    const again = page.locator(`[data-claim-id="${claimId}"]`);
    await expect(again).toHaveAttribute('data-decision', 'rejected');
    await expect(again.locator('[data-sync="queued"]')).toHaveText(/Saved locally — syncing/);
    expect((await serverReview(request, 'vendor-encryption')).claims[claimId]).toBeUndefined();

    await page.unroute(REVIEW_API);
    await expect.poll(async () => (await serverReview(request, 'vendor-encryption')).claims[claimId]?.decision, { timeout: 20_000 }).toBe('rejected');
    expect((await serverReview(request, 'vendor-encryption')).claims[claimId]?.reviewer).toBe('Offline Olga');
    await expect(again.locator('[data-sync]')).toHaveCount(0);
    await expect(again).toHaveAttribute('data-decision', 'rejected');
  });
});

test.describe('against a colleague', () => {
  // The browser logs every 409 answer as a failed resource load; here it is the expected reply.
  test.use({ allowConsoleErrors: [/status of 409|Failed to load resource|ERR_FAILED/] });

  test('a colleague saved first: both versions are shown, and keeping mine saves it over theirs', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
    // This browser does not hear colleagues live (a proxy that drops event streams): their save reaches it as a 409.
    await page.route('**/review/events', (route) => route.abort());
    await page.goto('./?answer=retention-vs-security');
    const card = claims(page).nth(1);
    await card.locator('button').first().click();
    const claimId = (await card.getAttribute('data-claim-id'))!;
    // The page has loaded the (empty) review; now a colleague decides the same claim.
    await expect(card.getByRole('button', { name: /Verified/ })).toBeVisible();
    const put = await request.put(`./api/answers/retention-vs-security/review/claims/${claimId}`, {
      headers: { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'Ben', 'Content-Type': 'application/json' },
      data: { decision: 'rejected', note: 'The policy says 60 days, not 30.' },
    });
    expect(put.status()).toBe(200);

    await card.getByRole('button', { name: /Verified/ }).click();
    const dialog = page.getByRole('dialog', { name: 'This claim was changed while you reviewed it' });
    await expect(dialog).toBeVisible();
    const theirs = dialog.locator('[data-version="theirs"]');
    const mine = dialog.locator('[data-version="mine"]');
    await expect(theirs).toContainText('Rejected');
    await expect(theirs).toContainText('The policy says 60 days, not 30.');
    await expect(theirs).toContainText('Ben');
    await expect(mine).toContainText('Verified');
    await expect(mine).toContainText('Ana');
    // Nothing was overwritten while the reviewer looks.
    expect((await serverReview(request, 'retention-vs-security')).claims[claimId]).toMatchObject({ decision: 'rejected', version: 1 });

    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await serverReview(request, 'retention-vs-security')).claims[claimId])
      .toMatchObject({ decision: 'verified', version: 2, reviewer: 'Ana' });
    await expect(card.locator('[data-sync]')).toHaveCount(0);

    // Both saves are in the claim's history (the decision moved the selection on: back to the claim first).
    await card.locator('button').first().click();
    await card.getByText('History', { exact: true }).click();
    const history = card.getByRole('list', { name: 'Decision history' });
    await expect(history.locator('li')).toHaveCount(2);
    await expect(history.locator('li').first()).toContainText('Ana');
    await expect(history.locator('li').last()).toContainText('Ben');
  });

  test('both wrote a note: the third choice keeps my decision with both notes, shown before it is saved', async ({ page, request }) => {
    await page.addInitScript(() => {
      localStorage.setItem('citelens.reviewer', 'Ana');
      localStorage.setItem('citelens.autoAdvance', 'off');
    });
    await page.route('**/review/events', (route) => route.abort());
    await page.goto('./?answer=retention-vs-security');
    const card = claims(page).nth(2);
    await card.locator('button').first().click();
    const claimId = (await card.getAttribute('data-claim-id'))!;
    await expect(card.getByRole('button', { name: /Verified/ })).toBeVisible();
    const put = await request.put(`./api/answers/retention-vs-security/review/claims/${claimId}`, {
      headers: { 'If-Match': '"0"', 'X-Citelens-Reviewer': 'Ben', 'Content-Type': 'application/json' },
      data: { decision: 'follow-up', note: 'Ask Legal whether the hold still applies.' },
    });
    expect(put.status()).toBe(200);

    await card.getByPlaceholder(/Note/).fill('The hold is quoted word for word.');
    await card.getByRole('button', { name: /Verified/ }).click();
    const dialog = page.getByRole('dialog', { name: 'This claim was changed while you reviewed it' });
    await expect(dialog).toBeVisible();
    const merged = dialog.locator('[data-version="merged"]');
    await expect(merged).toContainText('Ask Legal whether the hold still applies.');
    await expect(merged).toContainText('The hold is quoted word for word.');
    await page.screenshot({ path: test.info().outputPath('conflict-merge.png') });
    await dialog.getByRole('button', { name: 'Keep mine, merge the notes' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await serverReview(request, 'retention-vs-security')).claims[claimId])
      .toMatchObject({
        decision: 'verified',
        version: 2,
        reviewer: 'Ana',
        note: 'Ask Legal whether the hold still applies.\n\nThe hold is quoted word for word.',
      });
    await expect(card.getByPlaceholder(/Note/)).toHaveValue('Ask Legal whether the hold still applies.\n\nThe hold is quoted word for word.');
  });
});
