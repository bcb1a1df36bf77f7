// The answer route benchmark's data folder (scripts/bench-route.ts): real answers in the app's own format, citing the
// generated 10-, 1,000- and 5,000-page PDFs and the corpus PDFs of ../shared/corpus by page and quote, as a RAG
// answer does. Each answer also gives the reference page (scripts/bench/ref/route.ts) its citations as boxes: the
// same pages, the box of the quoted words (the reference has no quote locator; pdf.js's viewer shows a link's box).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageLine, textPdfFile } from './documents.ts';

/** A citation as both pages see it: the page, the quote (citelens) and its box (the reference; canonical PDF points). */
export interface RouteCite {
  page: number;
  quote: string;
  box: [number, number, number, number];
}

export interface RouteDoc {
  /** The answer's id, and its document's. */
  answer: string;
  doc: string;
  label: string;
  pages: number;
  /** Page 1's width in PDF points (the reference draws its pages at citelens's size). */
  pageWidth: number;
  cites: RouteCite[];
  /** The order the markers are clicked in (1-based), after the answer has opened. */
  clicks: number[];
  short: boolean;
}

export interface SearchDoc {
  answer: string;
  doc: string;
  pages: number;
  quote: string;
}

// The page's own line (y 118–130 from the top) and its heading (y 78–98): two citations of one page.
const LINE_BOX: RouteCite['box'] = [72, 112, 400, 140];
const HEADING_BOX: RouteCite['box'] = [72, 76, 230, 100];

/** Far pages first (not drawn), then a second citation of the page on screen, then the first far page again. */
function generatedCites(n: number): { cites: RouteCite[]; clicks: number[] } {
  const far = n <= 10 ? [7, 4, 9] : [Math.round(n * 0.9), Math.round(n * 0.12), Math.round(n / 2)];
  const cites: RouteCite[] = far.map((p) => ({ page: p, quote: pageLine(p, n), box: LINE_BOX }));
  const last = far.at(-1)!;
  cites.push({ page: last, quote: `Page ${last} of ${n}`, box: HEADING_BOX });
  return { cites, clicks: [1, 2, 3, 4, 3, 1] };
}

function answerJson(id: string, doc: string, title: string, sources: { page?: number; quote: string }[]) {
  return {
    format: 'citelens/1',
    id,
    question: `Benchmark: ${title}`,
    text: sources.map((_, i) => `Claim ${i + 1} of the benchmark answer is supported by its passage [${i + 1}].`).join(' '),
    documents: [{ id: doc, title }],
    sources: sources.map((s, i) => ({ id: `S${i + 1}`, documentId: doc, ...s })),
  };
}

interface TruthQuote {
  text: string;
  page: number;
  pageEnd?: number;
  occurrencesInDocument?: number;
  rects: { page: number; x0: number; y0: number; x1: number; y1: number }[];
}

/** Up to four one-page, unique quotes on different pages of a corpus file (its truth.json), page order shuffled. */
function corpusCites(truthFile: string): RouteCite[] {
  const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as { quotes: TruthQuote[] };
  const byPage = new Map<number, RouteCite>();
  for (const q of truth.quotes) {
    if (q.pageEnd !== undefined || (q.occurrencesInDocument ?? 1) > 1 || byPage.has(q.page)) continue;
    const r = q.rects.filter((x) => x.page === q.page);
    if (!r.length) continue;
    const box: RouteCite['box'] = [
      Math.min(...r.map((x) => x.x0)),
      Math.min(...r.map((x) => x.y0)),
      Math.max(...r.map((x) => x.x1)),
      Math.max(...r.map((x) => x.y1)),
    ];
    byPage.set(q.page, { page: q.page, quote: q.text, box });
  }
  // The last page first: the far jump a reader makes from page 1.
  return [...byPage.values()].sort((a, b) => b.page - a.page).slice(0, 4);
}

export const GENERATED = [10, 1000, 5000] as const;
export const CORPUS = ['compressed.tracemonkey-pldi-09', 'issue19971', 'pdkids'] as const;

/** Writes the data folder (documents and answers) and says what is in it. */
export async function writeRouteData(
  dataDir: string,
  o: { cacheDir: string; corpusDir: string; corpus: boolean; sizes: readonly number[]; log: (m: string) => void },
): Promise<{ docs: RouteDoc[]; search: SearchDoc[] }> {
  const documents = path.join(dataDir, 'documents');
  const answers = path.join(dataDir, 'answers');
  mkdirSync(documents, { recursive: true });
  mkdirSync(answers, { recursive: true });
  const docs: RouteDoc[] = [];
  const search: SearchDoc[] = [];
  const write = (id: string, value: unknown) => writeFileSync(path.join(answers, `${id}.json`), JSON.stringify(value));
  for (const n of o.sizes) {
    const doc = `bench-${n}`;
    copyFileSync(await textPdfFile(o.cacheDir, n, o.log), path.join(documents, `${doc}.pdf`));
    const { cites, clicks } = generatedCites(n);
    const label = `${n.toLocaleString('en')} p.`;
    write(`route-${n}`, answerJson(`route-${n}`, doc, `${n}-page document`, cites));
    docs.push({ answer: `route-${n}`, doc, label, pages: n, pageWidth: 612, cites, clicks, short: n <= 10 });
    if (n >= 1000) {
      // The last page's line, cited with no page: the whole document is searched.
      const quote = pageLine(n, n);
      write(`search-${n}`, answerJson(`search-${n}`, doc, `${n}-page document, quote only`, [{ quote }]));
      search.push({ answer: `search-${n}`, doc, pages: n, quote });
    }
  }
  if (o.corpus) {
    CORPUS.forEach((name, i) => {
      const pdf = path.join(o.corpusDir, `${name}.pdf`);
      const truth = path.join(o.corpusDir, `${name}.truth.json`);
      if (!existsSync(pdf) || !existsSync(truth)) return;
      const doc = `corpus-${i + 1}`;
      copyFileSync(pdf, path.join(documents, `${doc}.pdf`));
      const cites = corpusCites(truth);
      const { pages, pageSizes } = JSON.parse(readFileSync(truth, 'utf8')) as { pages: number; pageSizes: [number, number][] };
      write(`route-${doc}`, answerJson(`route-${doc}`, doc, name, cites));
      // Every citation once (a far page first), then the first again: a page still drawn in both viewers, or not.
      const clicks = [...cites.map((_, k) => k + 1), 1];
      docs.push({ answer: `route-${doc}`, doc, label: `${name} (${pages} p.)`, pages, pageWidth: pageSizes[0]?.[0] ?? 612, cites, clicks, short: true });
    });
  }
  return { docs, search };
}
