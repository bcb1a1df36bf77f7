// Corpus benchmark: every quote of ../shared/corpus/*.truth.json located with its page hint (and again without),
// scored against the ground-truth rects; shuffled quotes must not be found. Skips when the corpus is absent, except
// in CI, where it fails (src/testing/shared-folder.ts).
// CITELENS_WRITE_BENCH=1 writes the figures into docs/benchmarks.md (never in CI: the repo must not change).
import { writeBenchSection } from '../../../scripts/bench-docs.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPdf } from '../../cli/load-pdf.ts';
import type { Box } from '../model/types.ts';
import { quoteIoU } from './iou.ts';
import { locateInDocument, type LocateResult } from './locate.ts';
import { TextIndex } from './text-index.ts';
import { sharedFolder } from '../../testing/shared-folder.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const corpus = sharedFolder('corpus');
const dir = corpus ?? path.resolve(repoRoot, '../shared/corpus');

interface TruthQuote {
  id: string;
  text: string;
  page: number;
  pageEnd?: number;
  rects: Box[];
  occurrencesInDocument?: number;
}
interface Truth {
  file: string;
  password?: string;
  quotes?: TruthQuote[];
  corrupt?: boolean;
}

function shuffleWords(text: string, seed: number): string {
  const w = text.split(/\s+/);
  let x = seed;
  for (let i = w.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [w[i], w[j]] = [w[j] as string, w[i] as string];
  }
  return w.join(' ');
}

interface Row {
  file: string;
  unique: number;
  onPage: number;
  iouOk: number;
  repeated: number;
  repeatedOnPage: number;
  noHintOk: number;
  shuffledFound: number;
  meanIoU: number;
  ms: number;
}

const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.truth.json')).sort() : [];

describe.skipIf(corpus === null)('corpus (../shared/corpus)', () => {
  const rows: Row[] = [];

  it('fails gracefully on the corrupt PDF', async () => {
    const corrupt = path.join(dir, 'bug1020226.pdf');
    if (!existsSync(corrupt)) return;
    await expect(loadPdf(readFileSync(corrupt))).rejects.toThrow(/cannot read the PDF/);
  });

  it('locates every quote on the right page, with IoU ≥ 0.5 for ≥ 95 % of unique quotes', { timeout: 60_000 }, async () => {
    for (const f of files) {
      const t = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Truth;
      if (!t.quotes?.length || t.corrupt) continue;
      const t0 = Date.now();
      const pdf = await loadPdf(readFileSync(path.join(dir, t.file)), t.password ? { password: t.password } : {});
      const index = new TextIndex(pdf.pageCount);
      const locate = (quote: string, page?: number): Promise<LocateResult> =>
        locateInDocument({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, quote, index, ...(page ? { page } : {}) });
      const row: Row = { file: t.file, unique: 0, onPage: 0, iouOk: 0, repeated: 0, repeatedOnPage: 0, noHintOk: 0, shuffledFound: 0, meanIoU: 0, ms: 0 };
      let iouSum = 0;
      for (const q of t.quotes) {
        const r = await locate(q.text, q.page);
        if ((q.occurrencesInDocument ?? 1) > 1) {
          row.repeated++;
          if (r.found && r.page === q.page) row.repeatedOnPage++;
          continue;
        }
        row.unique++;
        const v = r.found ? quoteIoU(q.rects, r.rects) : 0;
        iouSum += v;
        if (r.found && r.page === q.page) row.onPage++;
        if (r.found && r.page === q.page && v >= 0.5) row.iouOk++;
        const bare = await locate(q.text);
        if (bare.found && bare.page === q.page && quoteIoU(q.rects, bare.rects) >= 0.5) row.noHintOk++;
      }
      const longest = [...t.quotes].sort((a, b) => b.text.length - a.text.length)[0] as TruthQuote;
      for (const seed of [7, 11, 13]) {
        const s = shuffleWords(longest.text, seed);
        if (s === longest.text) continue;
        if ((await locate(s, longest.page)).found) row.shuffledFound++;
      }
      row.meanIoU = row.unique ? iouSum / row.unique : 1;
      row.ms = Date.now() - t0;
      await pdf.close();
      rows.push(row);
    }
    const sum = (k: keyof Row) => rows.reduce((a, r) => a + (r[k] as number), 0);
    const table = [
      '| file | unique quotes | on right page | IoU ≥ 0.5 | mean IoU | no hint correct | repeated on page | shuffled found | ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.file} | ${r.unique} | ${r.onPage} | ${r.iouOk} | ${r.meanIoU.toFixed(2)} | ${r.noHintOk} | ${r.repeatedOnPage}/${r.repeated} | ${r.shuffledFound} | ${r.ms} |`,
      ),
      `| **total** | ${sum('unique')} | ${sum('onPage')} | ${sum('iouOk')} (${((100 * sum('iouOk')) / Math.max(1, sum('unique'))).toFixed(1)} %) | | ${sum('noHintOk')} | ${sum('repeatedOnPage')}/${sum('repeated')} | ${sum('shuffledFound')} | ${sum('ms')} |`,
    ].join('\n');
    console.log(`\nLocate benchmark on ../shared/corpus\n${table}\n`);
    if (process.env.CITELENS_WRITE_BENCH === '1') writeBench(table);

    expect(sum('onPage')).toBe(sum('unique'));
    expect(sum('repeatedOnPage')).toBe(sum('repeated'));
    expect(sum('iouOk') / Math.max(1, sum('unique'))).toBeGreaterThanOrEqual(0.95);
    for (const r of rows) expect(r.shuffledFound, `${r.file}: a shuffled quote was found`).toBe(0);
  });
});

function writeBench(table: string): void {
  writeBenchSection('locate', [
    '## Quote locator (`src/core/locate`)',
    '',
    `Corpus: \`../shared/corpus\` (pdf.js test PDFs), pdfjs-dist 6.3.289 text layer, page hints given; "no hint" reruns unique quotes without one.`,
    'IoU: per page, union area of our rects vs the truth rects; averaged over the truth pages and any extra page highlighted.',
    'Quotes that occur more than once are scored on the page only ("repeated on page"). "shuffled found" counts word-shuffled',
    'versions of each file\'s longest quote (3 seeds) that were wrongly found (must be 0).',
    '',
    table,
    '',
    `Generated by \`CITELENS_WRITE_BENCH=1 npx vitest run src/core/locate/corpus.test.ts\` on ${new Date().toISOString().slice(0, 10)}.`,
  ]);
}
