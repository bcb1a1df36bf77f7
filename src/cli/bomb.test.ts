import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { bombPdf } from '../testing/bomb-pdf.ts';
import { runCli } from '../testing/run-cli.ts';

// Issue 9: a 1 MB PDF whose content stream inflates to 1 GiB took `locate` 93 s and 3.6 GB of memory and then said
// "not found" with no reason (2026-12-01). It is refused before pdf.js inflates it, quickly and in bounded memory.
it('`locate` and `audit` refuse a 1 GiB decompression bomb quickly, with the reason, without blowing memory', { timeout: 120_000 }, async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-cli-bomb-'));
  const pdf = path.join(tmp, 'bomb.pdf');
  writeFileSync(pdf, await bombPdf(1024));
  const reason = /bomb\.pdf: its content is too large to show or search: a stream \(object \d+\) inflates to more than 64 MB, the limit/;

  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const r = await runCli(['locate', pdf, '--quote', 'mostly zeros', '--page', '1']);
  const seconds = (performance.now() - started) / 1000;
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(reason);
  // Generous for a loaded 2-core machine; pdf.js's whole inflation took 93 s and 3.6 GB.
  expect(seconds).toBeLessThan(20);
  expect((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toBeLessThan(400);

  // The audit names the document and the same reason instead of checking the quote.
  const answer = path.join(tmp, 'answer.json');
  writeFileSync(
    answer,
    JSON.stringify({
      id: 'bomb-answer',
      text: 'The page is mostly zeros [1].',
      documents: [{ id: 'bomb', title: 'Bomb Memo', url: 'bomb.pdf' }],
      sources: [{ id: 'S1', documentId: 'bomb', page: 1, quote: 'mostly zeros' }],
    }),
  );
  const audit = await runCli(['audit', answer, '--docs', tmp, '--format', 'md']);
  expect(audit.stdout).toContain('“Bomb Memo” could not be loaded');
  expect(audit.stdout).toMatch(reason);
});
