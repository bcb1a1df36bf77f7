import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, selectedClaim, test } from './fixtures.ts';
import { REVIEW_DAY_ANSWER_ID, REVIEW_DAY_CLAIMS } from './review-day-fixture.ts';

// A reviewer's day by keyboard (issue #38), as a person at a keyboard does it. Each test decides on an answer of its
// own: the e2e server's review database is shared by every test.

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const claims = (page: Page) => page.getByRole('list', { name: 'Claims' }).locator(':scope > li');

async function stored(request: APIRequestContext, answerId: string) {
  const res = await request.get(`./api/answers/${answerId}/review`);
  return ((await res.json()) as { claims: Record<string, { decision: string | null; note: string; version: number; reviewer: string }> }).claims;
}

async function history(request: APIRequestContext, answerId: string, claimId: string) {
  const res = await request.get(`./api/answers/${answerId}/review/history?claimId=${claimId}`);
  return ((await res.json()) as { events: { decision: string | null; version: number }[] }).events;
}

/** The viewer shows source `sourceId`'s passage highlighted, and the link names its marker. */
async function expectOpen(page: Page, key: string) {
  await expect(page).toHaveURL(new RegExp(`[?&]cite=${key}(&|$)`));
  await expect(page.locator(`[data-page-number] [data-highlight][data-source-id="S${key}"]`).first()).toBeVisible();
}

test('a 20-claim answer: every citation opened and every claim decided in at most 60 keys, counted', async ({ page, request }) => {
  await page.goto(`./?answer=${REVIEW_DAY_ANSWER_ID}`);
  await expect(claims(page)).toHaveCount(REVIEW_DAY_CLAIMS.length);
  const citations = REVIEW_DAY_CLAIMS.reduce((n, c) => n + c.keys.length, 0);
  expect(citations).toBe(27);

  // Every key goes through here: the count is what a reviewer types, nothing else moves the page.
  let keys = 0;
  const press = async (key: string) => {
    keys++;
    await page.keyboard.press(key);
  };
  const opened = new Set<string>();

  // A first-time reviewer: `j` selects claim 1 and opens its citation; `v` asks for a name and, once it is given,
  // decides claim 1 and moves on.
  await press('j');
  await expectOpen(page, REVIEW_DAY_CLAIMS[0]!.keys[0]!);
  opened.add('0:0');
  await press('v');
  await expect(page.getByLabel('Your name')).toBeFocused();
  for (const ch of 'Ana') await press(ch);
  await press('Enter');
  await expect(page.locator('[data-reviewer]')).toHaveText('Ana');

  for (let i = 1; i < REVIEW_DAY_CLAIMS.length; i++) {
    const claim = REVIEW_DAY_CLAIMS[i]!;
    // The decision before moved here, and opened this claim's first citation.
    await expect(selectedClaim(page).locator('button').first()).toHaveAccessibleName(new RegExp(`^Claim ${i + 1}:`));
    await expect(page.locator('[data-review-position]')).toContainText(`Claim ${i + 1} of ${REVIEW_DAY_CLAIMS.length}`);
    await expectOpen(page, claim.keys[0]!);
    opened.add(`${i}:0`);
    // `c` opens the claim's next citation, highlighted.
    for (let k = 1; k < claim.keys.length; k++) {
      await press('c');
      await expectOpen(page, claim.keys[k]!);
      opened.add(`${i}:${k}`);
    }
    const id = (await selectedClaim(page).getAttribute('data-claim-id'))!;
    await press('v');
    await expect(page.locator(`[data-claim-id="${id}"]`)).toHaveAttribute('data-decision', 'verified');
  }

  await expect(page.locator('[data-review-progress]')).toHaveText('20 of 20 reviewed');
  await expect(page.locator('[data-review-position]')).toContainText('every claim decided');
  expect(opened.size).toBe(citations);
  console.log(`review-day: ${REVIEW_DAY_CLAIMS.length} claims, ${citations} citations opened, every claim decided in ${keys} keys`);
  expect(keys).toBeLessThanOrEqual(60);
  await expect
    .poll(async () => Object.values(await stored(request, REVIEW_DAY_ANSWER_ID)).filter((c) => c.decision === 'verified' && c.reviewer === 'Ana').length)
    .toBe(20);
});

test("J/K step to undecided claims, g/G to flagged ones, c/C round a claim's citations, u undoes as a new history event", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
  await page.goto('./?answer=review-quote-checks');
  await expect(claims(page).first()).toBeVisible();
  const count = await claims(page).count();
  // The flags come with the checks: wait until no citation is still being checked.
  await expect(page.locator('[data-review-panel] [data-status-tone="pending"]')).toHaveCount(0);
  const flagged = await claims(page).evaluateAll((cards) => cards.map((c, i) => (c.querySelector('[data-flag]') ? i + 1 : 0)).filter(Boolean));
  expect(flagged.length).toBeGreaterThan(0);
  const title = () => selectedClaim(page).locator('button').first();

  // g goes to the first flagged claim, G from there round to the last one.
  await page.keyboard.press('g');
  await expect(title()).toHaveAccessibleName(new RegExp(`^Claim ${flagged[0]}:`));
  await page.keyboard.press('G');
  await expect(title()).toHaveAccessibleName(new RegExp(`^Claim ${flagged.length > 1 ? flagged.at(-1) : flagged[0]}:`));

  // Decide claim 1 with the auto-advance off: J then skips it.
  await page.getByLabel('Go to the next undecided claim after deciding').uncheck();
  await claims(page).first().locator('button').first().click();
  const first = (await claims(page).first().getAttribute('data-claim-id'))!;
  await page.keyboard.press('x');
  await expect(claims(page).first()).toHaveAttribute('data-decision', 'rejected');
  await expect(title()).toHaveAccessibleName(/^Claim 1:/);
  await page.keyboard.press('J');
  await expect(title()).toHaveAccessibleName(/^Claim 2:/);
  await page.keyboard.press('K');
  // Round the list backwards: claim 1 is decided, so K goes to the last claim.
  await expect(title()).toHaveAccessibleName(new RegExp(`^Claim ${count}:`));

  // u takes the rejection back: the claim is undecided again, selected, and the history keeps both saves.
  await page.keyboard.press('u');
  await expect(claims(page).first()).not.toHaveAttribute('data-decision');
  await expect(title()).toHaveAccessibleName(/^Claim 1:/);
  await expect.poll(async () => (await stored(request, 'review-quote-checks'))[first]?.decision).toBeNull();
  expect((await history(request, 'review-quote-checks', first)).map((e) => e.decision)).toEqual(['rejected', null]);

  // The ? list names every new key.
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const label of [
    'Next undecided claim',
    'Previous flagged claim',
    'Open the claim’s next citation',
    'Undo the last decision (saved as a new entry in the history)',
  ]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // c opens the selected claim's citations in turn and wraps round; C goes back (claim 14 of the 20-claim answer
  // cites [1] and [12]). Nothing is decided here.
  await page.goto(`./?answer=${REVIEW_DAY_ANSWER_ID}`);
  await claims(page).nth(13).locator('button').first().click();
  await expectOpen(page, '1');
  await page.keyboard.press('c');
  await expectOpen(page, '12');
  await page.keyboard.press('c');
  await expectOpen(page, '1');
  await page.keyboard.press('C');
  await expectOpen(page, '12');
});

test('verify passed: a confirmation says how many, and only unflagged undecided claims whose citations all passed are verified', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
  await page.goto('./?answer=review-clean');
  await expect(claims(page).first()).toBeVisible();
  // Wait until every citation has its verdict (a citation still being checked has not passed).
  await expect(page.locator('[data-review-panel] [data-status-tone="pending"]')).toHaveCount(0);
  const eligible = await claims(page).evaluateAll((cards) =>
    cards
      .filter(
        (c) =>
          !c.querySelector('[data-flag]') &&
          c.querySelectorAll('[data-citation-key]').length > 0 &&
          [...c.querySelectorAll('[data-citation-key]')].every((b) => b.getAttribute('data-status-tone') === 'ok'),
      )
      .map((c) => c.getAttribute('data-claim-id')!),
  );
  expect(eligible.length).toBeGreaterThan(0);
  const button = page.getByRole('button', { name: `Verify passed (${eligible.length})` });
  await expect(button).toBeEnabled();

  await page.keyboard.press('A');
  const dialog = page.getByRole('dialog', { name: 'Verify the claims that passed every check?' });
  await expect(dialog).toContainText(`${eligible.length} claim${eligible.length === 1 ? ' has' : 's have'} no flag`);
  // Cancel decides nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-review-progress]')).toHaveText(/^0 of/);

  await button.click();
  await dialog.getByRole('button', { name: new RegExp(`^Verify ${eligible.length} claims?$`) }).click();
  for (const id of eligible) await expect(page.locator(`[data-claim-id="${id}"]`)).toHaveAttribute('data-decision', 'verified');
  await expect.poll(async () => Object.keys(await stored(request, 'review-clean')).sort()).toEqual([...eligible].sort());
  await expect(page.getByRole('button', { name: 'Verify passed (0)' })).toBeDisabled();
  // One u takes the whole batch back.
  await page.keyboard.press('u');
  for (const id of eligible) await expect(page.locator(`[data-claim-id="${id}"]`)).not.toHaveAttribute('data-decision');
});

test('Escape in the note box keeps the draft, says so, and the draft is saved or discarded by choice', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('citelens.reviewer', 'Ana'));
  await page.goto('./?answer=review-citation-gaps');
  const card = claims(page).first();
  await card.locator('button').first().click();
  const id = (await card.getAttribute('data-claim-id'))!;
  const note = card.getByPlaceholder('Note (n) — Enter saves, Shift+Enter adds a line, Esc leaves it unsaved');
  await page.keyboard.press('n');
  await expect(note).toBeFocused();
  await page.keyboard.type('Page 4 says something else.');
  await page.keyboard.press('Escape');
  await expect(note).not.toBeFocused();
  await expect(note).toHaveValue('Page 4 says something else.');
  await expect(card.locator('[data-note-draft]')).toContainText('Note not saved yet.');
  expect((await stored(request, 'review-citation-gaps'))[id]).toBeUndefined();

  // Another claim and back: the draft is still there.
  await claims(page).nth(1).locator('button').first().click();
  await card.locator('button').first().click();
  await expect(note).toHaveValue('Page 4 says something else.');
  await card.getByRole('button', { name: 'Save note' }).click();
  await expect(card.locator('[data-note-draft]')).toHaveCount(0);
  await expect.poll(async () => (await stored(request, 'review-citation-gaps'))[id]?.note).toBe('Page 4 says something else.');

  // A new draft thrown away on purpose goes back to the saved note.
  await note.click();
  await page.keyboard.type(' And page 5.');
  await page.keyboard.press('Escape');
  await card.getByRole('button', { name: 'Discard' }).click();
  await expect(note).toHaveValue('Page 4 says something else.');

  await page.keyboard.press('?');
  await expect(
    page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Write a note on the claim (Enter saves it, Esc leaves the box and keeps it unsaved)'),
  ).toBeVisible();
});

test('the exported report stands on its own: each citation with its quoted evidence and its verdict', async ({ page, request }) => {
  await page.goto('./?answer=supplier-handbook');
  await expect(claims(page).first()).toBeVisible();
  await expect(page.locator('[data-review-panel] [data-status-tone="pending"]')).toHaveCount(0);
  const answer = (await (await request.get('./api/answers/supplier-handbook')).json()) as { sources: { quote: string }[] };
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Markdown/ }).click()]);
  const chunks = await (await download.createReadStream()).toArray();
  const report = Buffer.concat(chunks).toString('utf8');
  for (const s of answer.sources) expect(report).toContain(`Quote: “${s.quote}”`);
  // Each citation line says how its checks went, in words.
  const verdicts = report
    .split('\n')
    .filter((l) => /^- \[\d+\]/.test(l))
    .map((l) => /verdict: ([a-z ]+)/.exec(l)?.[1]);
  expect(verdicts.length).toBe(answer.sources.length);
  expect(verdicts.every((v) => v && ['passed every check', 'nothing to check', 'approximate match', 'warning', 'failed a check'].includes(v))).toBe(true);
});
