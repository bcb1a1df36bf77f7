import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MAX_QUOTE_CHARS } from '../core/review/quote-limit.ts';
import { runCli } from '../testing/run-cli.ts';
import { buildFixturePdf } from './fixtures.ts';

it('`locate` reports a 1.2 MB quote as "quote too long" instead of searching for minutes', { timeout: 120_000 }, async () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'citelens-cli-quote-'));
  const pdf = path.join(tmp, 'fixture.pdf');
  writeFileSync(pdf, (await buildFixturePdf()).bytes);
  const quotes = path.join(tmp, 'q.json');
  writeFileSync(
    quotes,
    JSON.stringify([
      { id: 'huge', text: 'answers against the cited PDF '.repeat(40_000) },
      { id: 'fine', text: 'answers against the cited PDF', page: 1 },
    ]),
  );
  const r = await runCli(['locate', pdf, '--quotes', quotes]);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout) as { id: string; found: boolean; reason?: string; detail?: string }[];
  expect(out[0]).toMatchObject({ id: 'huge', found: false, reason: 'quote too long' });
  expect(out[0]!.detail).toContain(`the limit is ${MAX_QUOTE_CHARS.toLocaleString('en-US')}`);
  expect(out[1]).toMatchObject({ id: 'fine', found: true });
});
