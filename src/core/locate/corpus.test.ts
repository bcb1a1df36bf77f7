// Corpus benchmark: every quote of ../shared/corpus/*.truth.json located with its page hint (and again without),
// scored against the ground-truth rects; shuffled quotes must not be found. Skips when the corpus is absent, except
// in CI, where it fails (src/testing/shared-folder.ts).
// CITELENS_WRITE_BENCH=1 writes the figures into docs/benchmarks.md (never in CI: the repo must not change).
// The layouts the repo generates itself (scripts/layout-fixtures: vertical Japanese, table rows, a running foot
// under three columns) are scored the same way, always, and held to more: every quote exact, on its words, and no
// rectangle off them.
import { writeBenchSection } from '../../../scripts/bench-docs.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadPdf } from '../../node/load-pdf.ts';
import type { Box } from '../model/types.ts';
import { quoteIoU } from './iou.ts';
import { locateInDocument, type LocateResult } from './locate.ts';
import { TextIndex } from './text-index.ts';
import { sharedFolder } from '../../testing/shared-folder.ts';
import { LAYOUT_FIXTURES } from '../../../scripts/layout-fixtures/all.ts';

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
  /** Unique quotes found word for word (score 1). */
  exact: number;
  /** Rectangles that touch no truth rectangle (a running foot, a strip between columns). */
  stray: number;
}

const touches = (a: Box, b: Box) => a.page === b.page && Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

/** Locates every quote of one document (with its hint, unique ones again without) and its shuffled longest quote. */
async function scoreDocument(data: Uint8Array, t: Truth): Promise<Row> {
  const t0 = Date.now();
  const pdf = await loadPdf(data, t.password ? { password: t.password } : {});
  const index = new TextIndex(pdf.pageCount);
  const locate = (quote: string, page?: number): Promise<LocateResult> =>
    locateInDocument({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, quote, index, ...(page ? { page } : {}) });
  const row: Row = {
    file: t.file,
    unique: 0,
    onPage: 0,
    iouOk: 0,
    repeated: 0,
    repeatedOnPage: 0,
    noHintOk: 0,
    shuffledFound: 0,
    meanIoU: 0,
    ms: 0,
    exact: 0,
    stray: 0,
  };
  let iouSum = 0;
  for (const q of t.quotes ?? []) {
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
    if (r.found && r.score === 1) row.exact++;
    row.stray += r.rects.filter((b) => !q.rects.some((w) => touches(b, w))).length;
    const bare = await locate(q.text);
    if (bare.found && bare.page === q.page && quoteIoU(q.rects, bare.rects) >= 0.5) row.noHintOk++;
  }
  const longest = [...(t.quotes ?? [])].sort((a, b) => b.text.length - a.text.length)[0] as TruthQuote;
  for (const seed of [7, 11, 13]) {
    const s = shuffleWords(longest.text, seed);
    if (s === longest.text) continue;
    if ((await locate(s, longest.page)).found) row.shuffledFound++;
  }
  row.meanIoU = row.unique ? iouSum / row.unique : 1;
  row.ms = Date.now() - t0;
  await pdf.close();
  return row;
}

const files = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.truth.json'))
      .sort()
  : [];

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
      rows.push(await scoreDocument(readFileSync(path.join(dir, t.file)), t));
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
    "versions of each file's longest quote (3 seeds) that were wrongly found (must be 0).",
    '',
    table,
    '',
    `Generated by \`CITELENS_WRITE_BENCH=1 npx vitest run src/core/locate/corpus.test.ts\` on ${new Date().toISOString().slice(0, 10)}.`,
  ]);
}

describe('generated layouts (scripts/layout-fixtures)', () => {
  it('finds every quote word for word, on its words, with and without a hint, and nothing else', { timeout: 60_000 }, async () => {
    for (const build of LAYOUT_FIXTURES) {
      const { bytes, truth } = await build();
      const row = await scoreDocument(bytes, truth);
      const n = truth.quotes.length;
      expect({
        file: row.file,
        onPage: row.onPage,
        iouOk: row.iouOk,
        noHintOk: row.noHintOk,
        exact: row.exact,
        stray: row.stray,
        shuffledFound: row.shuffledFound,
      }).toEqual({ file: truth.file, onPage: n, iouOk: n, noHintOk: n, exact: n, stray: 0, shuffledFound: 0 });
    }
  });
});
