import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adaptWrappedAnswer } from '../src/api/adapt-answer.ts';
import { wrappedAnswerSchema } from '../src/api/answer-schema.ts';
import type { Answer, Source } from '../src/core/model/types.ts';
import { buildDemoDocuments } from '../scripts/demo/demo-documents.ts';
import type { BuiltDocument } from '../scripts/demo/passage-registry.ts';
import { expect, expectHighlightOnQuote, test } from './fixtures.ts';

// The wrapped demo answers (scripts/demo/wrapped-answers.ts), one per adapter: every marker must open the cited page with
// the highlight on the cited words. The expectations come from the answer files themselves, adapted exactly as the
// app adapts them, and from the generator's passage registry (where each passage is printed): nothing is hard-coded.

const here = path.dirname(fileURLToPath(import.meta.url));

function demoAnswer(id: string): Answer {
  const file = path.join(here, '../src/server/demo-data/answers', `${id}.json`);
  const adapted = adaptWrappedAnswer(wrappedAnswerSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
  expect(adapted.warnings, `${id} adapts without warnings`).toEqual([]);
  return adapted.answer;
}

let registry: Promise<Map<string, BuiltDocument>> | undefined;

/** The pages the generator printed a source's words on (its quote, or its passage text when it has no quote). */
async function printedPages(source: Source): Promise<number[]> {
  const words = source.quote ?? source.text;
  registry ??= buildDemoDocuments();
  const passages = [...((await registry).get(source.documentId)?.passages.values() ?? [])];
  const passage = passages.find((p) => p.words.join(' ') === words);
  if (!passage) throw new Error(`no demo passage of ${source.documentId} reads ${JSON.stringify(words)}`);
  return [...new Set(passage.boxes.map((b) => b.page))];
}

for (const id of ['demo-raglite', 'demo-query-agent', 'demo-sid-bbox', 'demo-anthropic']) {
  test(`${id}: every marker opens its page with the cited words highlighted`, async ({ page }) => {
    // Up to six citations, each located and checked word by word: three times the default limit.
    test.slow();
    const answer = demoAnswer(id);
    await page.goto(`./?answer=${id}`);
    const markers = page.locator('button[data-marker]');
    await expect(markers.first()).toBeVisible();
    const keys = [...new Set(await markers.evaluateAll((els) => els.map((e) => e.getAttribute('data-marker') ?? '')))];
    // Every source of the answer is reachable from a marker.
    const reached = new Set<string>();
    for (const key of keys) {
      const button = page.locator(`button[data-marker="${key}"]`).first();
      const sourceId = await button.getAttribute('data-source-id');
      const source = answer.sources.find((s) => s.id === sourceId);
      expect(source, `[${key}] names a source of ${id} (data-source-id ${sourceId})`).toBeDefined();
      const quote = (source!.quote ?? source!.text)!;
      const pages = await printedPages(source!);
      reached.add(source!.id);

      await button.click();
      await expect(button).toHaveAttribute('aria-current', 'true');
      if (answer.documents.length > 1) {
        await expect(page.getByLabel('Document', { exact: true })).toHaveValue(source!.documentId);
      }
      await expectHighlightOnQuote(page, source!.id, quote);
      await expect(page.getByLabel('Page number'), `[${key}] of ${id}`).toHaveValue(String(pages[0]));
      for (const p of pages) {
        await expect(page.locator(`[data-page-number="${p}"] [data-highlight][data-source-id="${source!.id}"]`).first()).toBeAttached();
      }
    }
    expect([...reached].sort()).toEqual(answer.sources.map((s) => s.id).sort());
  });
}
