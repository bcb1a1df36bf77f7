import { adaptWrappedAnswer, type AdaptedAnswer } from '../src/api/adapt-answer.ts';
import { wrappedAnswerSchema } from '../src/api/answer-schema.ts';
import { formatLabel } from '../src/core/adapters/registry.ts';
import type { Source } from '../src/core/model/types.ts';
import { expect, expectHighlightOnQuote, test, words } from './fixtures.ts';
import { notesAnswer, recordedPayloads } from './payload-fixtures.ts';
import type { Page } from '@playwright/test';

// Real payloads from ../shared/payloads (served by serve-e2e.ts as `payload-<name>`), opened like a person would:
// click the answer's FIRST marker and check, word by word, that what lights up is what the source cites. The
// expectations come from the wrapper files, adapted exactly as the app adapts them. Without ../shared the tests
// skip on a user's machine; in CI recordedPayloads() throws, so they never skip there.

// Locating a quote in a real PDF on a busy machine takes longer than the default 30 s allows.
test.describe.configure({ timeout: 90_000 });

const payloads = recordedPayloads();
const byName = new Map(payloads.map((p) => [p.name, p]));

function adapted(name: string): AdaptedAnswer {
  const p = byName.get(name);
  if (!p) throw new Error(`no recorded payload ${name}`);
  return adaptWrappedAnswer(wrappedAnswerSchema.parse(p.wrapper));
}

/** The words a marker's click must highlight: what citationTarget hands the viewer. */
function citedWords(source: Source): string {
  const cited = source.quote ?? source.text;
  if (!cited) throw new Error(`${source.id} cites no words`);
  return cited;
}

/** Opens the answer, clicks its first marker, and returns the cited source (from the marker's own S-ID). */
async function clickFirstMarker(page: Page, name: string): Promise<{ answer: AdaptedAnswer; source: Source }> {
  const answer = adapted(name);
  await page.goto(`./?answer=payload-${name}`);
  const first = page.locator('[data-pane="answer"] .answer-prose button[data-marker]').first();
  await expect(first).toBeVisible();
  const sourceId = await first.getAttribute('data-source-id');
  const source = answer.answer.sources.find((s) => s.id === sourceId);
  expect(source, `the first marker of ${name} names a source (${sourceId})`).toBeDefined();
  await first.click();
  await expect(first).toHaveAttribute('aria-current', 'true');
  return { answer, source: source! };
}

/**
 * The highlight of `sourceId` covers `quote`, word by word. Locating a quote in a real PDF can take longer than the
 * default 10 s on a busy machine (pdf.js parses the page, the background checks share its worker), so the first
 * highlight gets a minute to appear; the words are then checked as everywhere else.
 */
async function expectCitedWordsHighlighted(page: Page, sourceId: string, quote: string): Promise<void> {
  await expect(page.locator(`[data-page-number] [data-highlight][data-source-id="${sourceId}"]`).first()).toBeVisible({ timeout: 60_000 });
  await expectHighlightOnQuote(page, sourceId, quote);
}

/** Every request the page makes that leaves our origin (a web source must never be fetched). */
function foreignRequests(page: Page, baseURL: string): string[] {
  const origin = new URL(baseURL).origin;
  const out: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:') && !r.url().startsWith('blob:') && new URL(r.url()).origin !== origin) out.push(r.url());
  });
  return out;
}

test.describe('recorded payloads', () => {
  test.skip(payloads.length === 0, '../shared/payloads is absent (outside CI only)');

  // One PDF-backed answer per provider family (and the other PDF shapes: multi-line quotes, file_search passages,
  // Assistants file citations, search results with a URL).
  for (const name of ['anthropic-2', 'anthropic-6', 'anthropic-7', 'openai-1', 'openai-6', 'gemini-1', 'cohere-1', 'rubyllm-2', 'rubyllm-1']) {
    test(`${name}: the first marker opens the PDF with the cited words highlighted`, async ({ page }) => {
      const { answer, source } = await clickFirstMarker(page, name);
      const doc = answer.answer.documents.find((d) => d.id === source.documentId)!;
      expect(pdfServedAs(doc.id), `${name} cites a PDF served from ../shared/payloads`).not.toBe('');
      await expectCitedWordsHighlighted(page, source.id, citedWords(source));
      if (source.page !== undefined) await expect(page.getByLabel('Page number')).toHaveValue(String(source.page));
      await expect(page.locator('[data-read-as]')).toHaveText(`Read as ${formatLabel(answer.format).shape}`);
    });
  }

  for (const name of ['perplexity-1', 'anthropic-4']) {
    test(`${name}: the first marker shows the web source card with the cited words marked, and fetches nothing foreign`, async ({ page, baseURL }) => {
      const foreign = foreignRequests(page, baseURL!);
      const { answer, source } = await clickFirstMarker(page, name);
      const doc = answer.answer.documents.find((d) => d.id === source.documentId)!;
      const card = page.getByRole('article', { name: 'Web source' });
      await expect(card.getByRole('heading', { name: doc.title })).toBeVisible();
      const open = card.getByRole('link', { name: 'Open page ↗' });
      await expect(open).toHaveAttribute('href', new URL(source.url ?? doc.url).href);
      await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(open).toHaveAttribute('target', '_blank');
      const mark = card.locator(`mark[data-highlight][data-source-id="${source.id}"]`);
      await expect(mark).toBeVisible();
      expect(words((await mark.textContent()) ?? '')).toEqual(words(citedWords(source)));
      if (source.date) await expect(page.locator(`[data-reference="${source.id}"]`)).toContainText(/\d{1,2} \w{3} \d{4}/);
      // The reference links the page, outside its button, safely.
      const link = page.locator(`[data-reference="${source.id}"] a[data-source-link]`);
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(page.locator('canvas')).toHaveCount(0);
      expect(foreign).toEqual([]);
    });
  }

  test('openai-4: a generated file says the model made it in its sandbox and is not opened', async ({ page, baseURL }) => {
    const foreign = foreignRequests(page, baseURL!);
    const { answer, source } = await clickFirstMarker(page, 'openai-4');
    const file = answer.answer.documents.find((d) => d.id === source.documentId)!.generated!;
    const card = page.getByRole('article', { name: 'Generated file' });
    await expect(card).toContainText('The model generated this file in its sandbox');
    await expect(card).toContainText(file.containerId!);
    await expect(card).toContainText('citelens cannot open it');
    expect(foreign).toEqual([]);
  });

  test('gemini-4: a marker preview and its reference give Gemini’s confidence', async ({ page }) => {
    const answer = adapted('gemini-4');
    await page.goto('./?answer=payload-gemini-4');
    const first = page.locator('.answer-prose button[data-marker]').first();
    const key = (await first.getAttribute('data-marker'))!;
    const sourceId = (await first.getAttribute('data-source-id'))!;
    const span = answer.answer.spans!.find((s) => s.key === key)!;
    const label = `Gemini confidence ${Math.round(span.confidence! * 100)} %`;
    await first.hover();
    await expect(page.getByRole('tooltip')).toContainText(label);
    await expect(page.locator(`[data-reference="${sourceId}"]`)).toContainText(label);
  });
});

test('an answer with adapter notes shows them, and the guessed document on its reference', async ({ page }) => {
  const { format, warnings, answer } = adaptWrappedAnswer(wrappedAnswerSchema.parse(notesAnswer()));
  expect(warnings.length).toBeGreaterThan(0);
  await page.goto('./?answer=adapter-notes');
  const shape = formatLabel(format).shape;
  await expect(page.locator('[data-read-as]')).toHaveText(`Read as ${shape}`);
  const notes = page.locator('[data-adapter-notes] details');
  await expect(notes.locator('summary')).toHaveText(`⚠ ${warnings.length} notes from reading the ${shape} response`);
  for (const w of warnings) await expect(notes.getByText(w, { exact: true })).toBeHidden();
  await notes.locator('summary').click();
  for (const w of warnings) await expect(notes.getByText(w, { exact: true })).toBeVisible();
  const guessed = answer.sources.find((s) => s.flags?.some((f) => f.code === 'document-guessed'))!;
  await expect(page.locator(`[data-reference="${guessed.id}"] [data-source-flag="document-guessed"]`)).toContainText('Document guessed:');
});

test('reasoning citations show apart from the answer, and open their evidence like any marker', async ({ page }) => {
  const { answer } = adaptWrappedAnswer(wrappedAnswerSchema.parse(notesAnswer()));
  const block = answer.reasoning![0]!;
  const span = block.spans![0]!;
  const source = answer.sources.find((s) => s.id === span.sourceId)!;
  await page.goto('./?answer=adapter-notes');
  const reasoning = page.locator('details[data-reasoning]');
  await expect(reasoning.locator('summary')).toHaveText('Model reasoning (cites 1 source)');
  // Collapsed at first, and never part of the answer's prose (whose sentences are the claims).
  await expect(reasoning.getByText(block.text.slice(0, 30))).toBeHidden();
  await expect(page.locator('.answer-prose')).not.toContainText(block.text.slice(0, 30));
  await reasoning.locator('summary').click();
  await expect(reasoning.locator('mark[data-reasoning-cited]')).toHaveText(block.text.slice(span.answerStart, span.answerEnd));
  const button = reasoning.locator(`button[data-source-id="${source.id}"]`);
  await button.click();
  await expect(button).toHaveAttribute('aria-current', 'true');
  await expectCitedWordsHighlighted(page, source.id, citedWords(source));
});

/** The payload whose PDF is served as `documentId` (gemini-1 cites `test-pdf`, which anthropic-2.pdf provides). */
function pdfServedAs(documentId: string): string {
  return payloads.find((p) => p.pdf?.documentId === documentId)?.name ?? '';
}
