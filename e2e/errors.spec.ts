import { expect, test } from './fixtures.ts';

test.describe('errors are clear messages in the pane that failed', () => {
  test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of (404|403)/] });

  test('an answer that does not exist', async ({ page }) => {
    await page.goto('./?answer=no-such-answer');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Could not load answer “no-such-answer”');
    await expect(alert).toContainText('404');
    await expect(page.getByRole('link', { name: 'Back to all answers' })).toBeVisible();
  });
});

test('an answer with a bad shape names the bad fields', async ({ page }) => {
  await page.goto('./?answer=broken-shape');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not load answer “broken-shape”');
  await expect(alert).toContainText('sources[0].documentId');
  await expect(alert).toContainText('sources[0].page');
});

test('a wrapped answer whose payload does not fit its format names the problem', async ({ page }) => {
  await page.goto('./?answer=wrapped-gemini');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not load answer “wrapped-gemini”');
  await expect(alert).toContainText('"gemini" citation format');
  await expect(alert).toContainText('payload.candidates');
});

test('a wrapped answer in no known format says so', async ({ page }) => {
  await page.goto('./?answer=wrapped-unknown');
  await expect(page.getByRole('alert')).toContainText('Could not detect the citation format of answer "wrapped-unknown"');
});

test('a damaged PDF is a clear message in the viewer, while the answer stays readable', async ({ page }) => {
  await page.goto('./?answer=corrupt-document');
  // The review panel repeats each claim: the answer's own text is the one that must stay readable.
  await expect(page.getByRole('article', { name: 'Answer' }).getByText('This answer cites a damaged file')).toBeVisible();
  const viewer = page.getByRole('region', { name: 'PDF viewer' });
  await expect(viewer.getByRole('alert')).toContainText('Could not open this PDF');
  await expect(page.locator('button[data-marker="1"]')).toBeVisible();
});

test('pdf.js assets come from our own origin with real bytes', async ({ page, request }) => {
  const external: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('http://127.0.0.1')) external.push(r.url());
  });
  await page.goto('./?answer=vendor-encryption&cite=S1');
  await expect(page.locator('[data-highlight]').first()).toBeVisible();
  expect(external).toEqual([]);
  const font = await request.get('pdfjs/standard_fonts/FoxitSerif.pfb');
  expect(font.status()).toBe(200);
  expect((await font.body()).length).toBeGreaterThan(10_000);
  const cmap = await request.get('pdfjs/cmaps/Adobe-Japan1-UCS2.bcmap');
  expect(cmap.status()).toBe(200);
  expect(cmap.headers()['content-type']).not.toContain('text/html');
});
