import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { HARDENING } from './hardening-fixtures.ts';

// Issue 9's bad-input matrix, the viewer's rows: every broken, locked or odd document is a clear message in the
// viewer pane, and the answer stays readable. Fixtures: e2e/hardening-fixtures.ts.

const FAILED_RESOURCE = /Failed to load resource|net::ERR_/;
const viewerPane = (page: Page) => page.locator('[data-viewer]');

async function expectAnswerReadable(page: Page) {
  await expect(page.getByRole('article', { name: 'Answer' })).toBeVisible();
  await expect(page.locator('button[data-marker="1"]').first()).toBeVisible();
}

/** The answer's reference [1] says why its document did not open (it was stuck at "Checking the quote…"). */
async function expectReferenceSettled(page: Page, text: string) {
  await expect(page.locator('[data-reference="S1"] [data-reference-status]')).toHaveText(text);
}

test.describe('broken files', () => {
  test.use({ allowConsoleErrors: [FAILED_RESOURCE] });

  test('a truncated PDF: a clear message with Retry, which tries again', async ({ page }) => {
    let requests = 0;
    page.on('request', (r) => r.url().includes('/api/documents/truncated') && requests++);
    await page.goto('./?answer=hardening-truncated&cite=1');
    const alert = viewerPane(page).getByRole('alert');
    await expect(alert).toContainText('Could not open this PDF: the file is not a valid PDF');
    await page.screenshot({ path: test.info().outputPath('truncated.png') });
    const before = requests;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => requests).toBeGreaterThan(before);
    await expect(viewerPane(page).getByRole('alert')).toContainText('not a valid PDF');
    await expectAnswerReadable(page);
    await expectReferenceSettled(page, 'The document could not be opened: the file is not a valid PDF (damaged, or not a PDF at all).');
  });

  test('a 0-byte file says it is empty', async ({ page }) => {
    await page.goto('./?answer=hardening-empty&cite=1');
    await expect(viewerPane(page).getByRole('alert')).toContainText('the file is empty (0 bytes)');
    await expectAnswerReadable(page);
    await expectReferenceSettled(page, 'The document could not be opened: the file is empty (0 bytes).');
  });

  test('HTML served as a PDF is not a valid PDF', async ({ page }) => {
    await page.goto('./?answer=hardening-html-page&cite=1');
    await expect(viewerPane(page).getByRole('alert')).toContainText('not a valid PDF');
    await expectAnswerReadable(page);
    await expectReferenceSettled(page, 'The document could not be opened: the file is not a valid PDF (damaged, or not a PDF at all).');
  });

  test('a decompression bomb (260 KB, 256 MiB inflated) is refused at once, with the reason', async ({ page }) => {
    const started = Date.now();
    await page.goto('./?answer=hardening-bomb&cite=1');
    const reason = /its content is too large to show or search: a stream \(object \d+\) inflates to more than 64 MB, the limit/;
    const alert = viewerPane(page).getByRole('alert');
    await expect(alert).toContainText(reason);
    test.info().annotations.push({ type: 'bomb: goto to message', description: `${Date.now() - started} ms` });
    // Nothing of it is drawn (pdf.js would inflate the stream for each canvas and text layer), and Retry would only
    // fail again.
    await expect(page.locator('[data-page-number]')).toHaveCount(0);
    await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('bomb.png') });
    await expect(page.locator('[data-reference="S1"] [data-reference-status]')).toContainText(/^The document could not be opened: its content is too large/);
    await expectAnswerReadable(page);
  });

  test('an unknown document id: not found on the server', async ({ page }) => {
    await page.goto('./?answer=hardening-ghost-document&cite=1');
    await expect(viewerPane(page).getByRole('alert')).toContainText('not found on the server (404)');
    await page.screenshot({ path: test.info().outputPath('ghost.png') });
    await expectAnswerReadable(page);
    await expectReferenceSettled(page, 'The document was not found (404).');
  });

  for (const [status, code] of [
    [401, 'unauthorized'],
    [403, 'forbidden'],
  ] as const) {
    test(`${status} on a document: locked evidence, nothing of it shown`, async ({ page }) => {
      await page.route('**/api/documents/vendor-security-policy*', (route) => route.fulfill({ status, json: { error: { code, message: 'not yours' } } }));
      await page.goto('./?answer=hardening-review&cite=1');
      const locked = viewerPane(page).locator('[data-locked-document]');
      await expect(locked).toContainText(`Locked: you do not have access to this document (${status})`);
      await expect(page.locator('[data-page-number]')).toHaveCount(0);
      await expect(page.locator('[data-highlight]')).toHaveCount(0);
      await expect(page.locator('.textLayer')).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath(`locked-${status}.png`) });
      await expectAnswerReadable(page);
    });
  }

  test('pdf.js’s own broken file (../shared/corpus/bug1020226.pdf)', async ({ page, request }) => {
    test.skip(!(await request.get('./api/answers/hardening-corpus-corrupt')).ok(), '../shared/corpus is absent');
    await page.goto('./?answer=hardening-corpus-corrupt&cite=1');
    const alert = viewerPane(page).getByRole('alert');
    await expect(alert).toContainText('Could not open this PDF');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

test('document addresses that are not http(s) or relative are refused before any request', async ({ page }) => {
  const odd: string[] = [];
  page.on('request', (r) => !/^https?:/.test(r.url()) && odd.push(r.url()));
  await page.goto('./?answer=hardening-schemes&cite=1');
  const alert = viewerPane(page).getByRole('alert');
  await expect(alert).toContainText('“Script Address” is not opened: its address uses “javascript:”');
  await page.screenshot({ path: test.info().outputPath('refused-javascript.png') });
  await page.locator('button[data-marker="2"]').first().click();
  await expect(viewerPane(page).getByRole('alert')).toContainText('uses “file:”');
  await page.locator('button[data-marker="3"]').first().click();
  await expect(viewerPane(page).getByRole('alert')).toContainText('uses “data:”');
  // The answer's real document still opens.
  await page.locator('button[data-marker="4"]').first().click();
  await expect(page.locator('[data-highlight]').first()).toBeVisible();
  expect(odd).toEqual([]);
  await expect(page.locator('a[href^="javascript:" i], a[href^="file:" i], a[href^="data:" i]')).toHaveCount(0);
});

test.describe('encrypted PDFs', () => {
  test('our AES-256 file: a password prompt, a wrong password said so, the NFD form of the right one opens it', async ({ page, request }) => {
    test.skip(!(await request.get('./api/answers/hardening-encrypted')).ok(), 'qpdf is not installed (CI installs it)');
    await page.goto('./?answer=hardening-encrypted&cite=1');
    const field = page.getByLabel('This PDF is password-protected');
    await expect(field).toBeVisible();
    await field.fill('wrong password');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wrong-password.png') });
    // The password form and its error pass axe (issue 10): the only view that shows them.
    expect(await axeViolations(page), 'the password prompt').toEqual([]);
    // "pässwört" with combining diaeresis (NFD), as some keyboards send it.
    await field.fill(HARDENING.password.normalize('NFD'));
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
    await expect(page.locator('.textLayer').first()).toContainText('vault schedule');
  });

  test('pdf.js’s issue21579.pdf (../shared/corpus): a wrong password said so, its non-ASCII one opens it', async ({ page, request }) => {
    test.skip(!(await request.get('./api/answers/hardening-corpus-encrypted')).ok(), '../shared/corpus is absent');
    await page.goto('./?answer=hardening-corpus-encrypted&cite=1');
    const field = page.getByLabel('This PDF is password-protected');
    // Without its umlauts, as a keyboard without them would type it: wrong, and said so.
    await field.fill('passwort');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect password' })).toBeVisible();
    await expect(page.locator('.textLayer')).toHaveCount(0);
    await field.fill(HARDENING.corpusPassword);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.locator('.textLayer').first()).toContainText('decryption succeeded');
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
  });
});

test('a scanned PDF: a quote cannot be located (said so), given boxes still highlight', async ({ page }) => {
  await page.goto('./?answer=hardening-scanned&cite=1');
  await expect(page.getByRole('status').filter({ hasText: 'No text layer — passage cannot be located' })).toBeVisible();
  await expect(page.getByText(/Passage not located/)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('scanned.png') });
  await page.locator('button[data-marker="2"]').first().click();
  await expect(page.locator('[data-highlight][data-source-id="S2"]').first()).toBeVisible();
});

test('unknown extra fields (top level, document, source, box) are tolerated: the answer renders and its boxes highlight', async ({ page }) => {
  // A newer producer's fields this client does not know: the schema drops them instead of refusing the answer.
  let served = false;
  await page.route('**/api/answers/hardening-scanned', async (route) => {
    served = true;
    const res = await route.fetch();
    type Box = Record<string, unknown>;
    const body = (await res.json()) as { documents: object[]; sources: { boxes?: Box[] }[] };
    await route.fulfill({
      response: res,
      json: {
        ...body,
        producerVersion: '9.9',
        documents: body.documents.map((d) => ({ ...d, checksum: { sha256: 'abc' } })),
        sources: body.sources.map((s) => ({ ...s, rerankScore: 0.5, boxes: s.boxes?.map((b) => ({ ...b, rotation: 0, unit: 'pt' })) })),
      },
    });
  });
  await page.goto('./?answer=hardening-scanned&cite=2');
  await expect(page.getByRole('article', { name: 'Answer' })).toBeVisible();
  await expect(page.locator('[data-highlight][data-source-id="S2"]').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(served).toBe(true);
});

test('a page and a box out of range: flagged, and the highlight clamped to the page', async ({ page }) => {
  await page.goto('./?answer=hardening-out-of-range&cite=1');
  await expect(page.getByRole('status').filter({ hasText: /Page 99 does not exist: the document has \d+ pages/ })).toBeVisible();
  await page.locator('button[data-marker="2"]').first().click();
  const highlight = page.locator('[data-highlight][data-source-id="S2"]').first();
  await expect(highlight).toBeVisible();
  await expect(page.locator('[data-highlight-note]').filter({ hasText: 'clamped' })).toBeVisible();
  const inside = await highlight.evaluate((el) => {
    const pageEl = el.closest('[data-page-number]')!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.right <= pageEl.right + 1 && box.left >= pageEl.left - 1;
  });
  expect(inside).toBe(true);
  await page.screenshot({ path: test.info().outputPath('clamped.png') });
});

test.describe('deep links to what does not exist', () => {
  test('cite=99: said so, and the answer is shown', async ({ page }) => {
    await page.goto('./?answer=hardening-review&cite=99');
    await expect(page.locator('[data-deep-link-notice]')).toHaveText('This answer has no citation [99]: showing the answer instead.');
    await expect(page.locator('[data-page-number="1"]')).toBeVisible();
    await expect(page.locator('[data-highlight]')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('cite-99.png') });
    // Clicking a real citation clears the notice.
    await page.locator('button[data-marker="1"]').first().click();
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
    await expect(page.locator('[data-deep-link-notice]')).toHaveCount(0);
  });

  test('cite=9, a marker with no source; page=500 on a shorter document', async ({ page }) => {
    await page.goto('./?answer=hardening-review&cite=9');
    await expect(page.locator('[data-deep-link-notice]')).toHaveText('Citation [9] points to no source in this answer: showing the answer instead.');
    // The viewer shows page 1 (and writes it into the URL) before it knows the page count: the notice still names
    // the page the link asked for.
    await page.goto('./?answer=hardening-review&page=500');
    await expect(page.locator('[data-deep-link-notice]')).toHaveText(/^Page 500 does not exist: the document has \d+ pages\. Showing page 1\.$/);
    await expect(page.getByLabel('Page number')).toHaveValue('1');
    await expect(page.locator('[data-page-number="1"] canvas').first()).toBeVisible();
  });

  test('a document that does not exist', async ({ page }) => {
    await page.goto('./?answer=hardening-review&doc=no-such-doc');
    await expect(page.locator('[data-deep-link-notice]')).toContainText('no document “no-such-doc”');
    await expect(page.locator('[data-page-number="1"]')).toBeVisible();
  });

  test('Back from a citation brings the viewer to the page the URL names', async ({ page }) => {
    await page.goto('./?answer=hardening-review');
    await expect(page.locator('[data-page-number="1"] canvas').first()).toBeVisible();
    await page.locator('button[data-marker="3"]').first().click();
    await expect(page.locator('[data-highlight]').first()).toBeVisible();
    const cited = Number(new URL(page.url()).searchParams.get('page'));
    expect(cited).toBeGreaterThan(1);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('cite')).toBeNull();
    const wanted = Number(new URL(page.url()).searchParams.get('page') ?? '1');
    expect(wanted).toBeLessThan(cited);
    await expect(page.getByLabel('Page number')).toHaveValue(String(wanted));
    expect(Number(new URL(page.url()).searchParams.get('page') ?? '1')).toBe(wanted);
  });
});
