// The command line's work, without the process around it (src/cli/main.ts is that shell): tests call `run` in
// process with their own stdout and stderr, which is many times faster than spawning tsx per case.
import { locateInDocument, type LocatedDifference, type LocateResult } from '../core/locate/locate.ts';
import type { Box } from '../core/model/types.ts';
import { quoteTooLong, quoteTooLongReason } from '../core/review/quote-limit.ts';
import { TextIndex } from '../core/locate/text-index.ts';
import { EMBED_LINK_USAGE, runEmbedLink } from './embed-link.ts';
import { ADAPT_USAGE } from './adapt-usage.ts';
import { AUDIT_USAGE } from './audit-usage.ts';
import { loadPdf, PdfLoadError } from '../node/load-pdf.ts';
import { InputFileError, MAX_PDF_BYTES, readInputFile, readInputText } from '../node/read-input.ts';

export const USAGE = `Usage:
  citelens locate FILE.pdf --quotes QUOTES.json [--password PW]
  citelens locate FILE.pdf --quote TEXT [--page N] [--password PW]
  citelens adapt FILE.json
  citelens audit ANSWER.json|DIR [--docs DIR] [--format json|md]
  citelens embed-link --answer ID --origin ORIGIN [--ttl SECONDS] [--base URL]
  citelens --help

Locates quotes in a PDF's text layer and prints one JSON array to stdout, one element per quote, in input order:
  { "id", "found", "match", "score", "page", "pageEnd"?, "rects": [{ "page", "x0", "y0", "x1", "y1" }],
    "differences"?, "closest"?: { "page", "pageEnd"?, "score", "rects", "differences" } }
"match" is "exact", "approximate" (the document's words but for spacing, punctuation or misread characters) or
"none". A passage that differs by a number, date, unit, negation, name or word is not found: it is "closest", with
"differences": [{ "kind": "number"|"date"|"unit"|"negation"|"entity"|"word", "quote", "document", "rects" }].
Rects are canonical: PDF points, origin at the top-left of the page's CropBox, y down, unrotated page.
QUOTES.json is an array of { "id", "text", "page"? } ("page" is a 1-based hint). --quote gives id "quote".
Exit codes: 0 when it ran (found or not), 2 for bad usage or an unreadable, corrupt, locked or oversized PDF.

${ADAPT_USAGE.slice(ADAPT_USAGE.indexOf('\n\n') + 2)}
${AUDIT_USAGE.slice(AUDIT_USAGE.indexOf('\n\n') + 2)}
embed-link: ${EMBED_LINK_USAGE.slice(EMBED_LINK_USAGE.indexOf('\n') + 1).replace(/^ {2}citelens embed-link.*\n\n/, '')}`;

class UsageError extends Error {}

interface QuoteIn {
  id: unknown;
  text: string;
  page?: number;
  pageEnd?: number;
}

interface Args {
  file: string;
  quotes: QuoteIn[];
  password?: string;
}

function parseArgs(argv: string[]): Args | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const [cmd, ...rest] = argv;
  if (cmd !== 'locate') throw new UsageError(cmd ? `unknown command: ${cmd}` : 'missing command');
  let file: string | undefined;
  let quotesFile: string | undefined;
  let quote: string | undefined;
  let page: number | undefined;
  let password: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    const value = () => {
      const v = rest[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--quotes') quotesFile = value();
    else if (a === '--quote') quote = value();
    else if (a === '--password') password = value();
    else if (a === '--page') {
      const v = value();
      page = Number(v);
      if (!Number.isInteger(page) || page < 1) throw new UsageError(`--page must be a positive integer, got ${v}`);
    } else if (a.startsWith('--')) throw new UsageError(`unknown option: ${a}`);
    else if (file === undefined) file = a;
    else throw new UsageError(`unexpected argument: ${a}`);
  }
  if (!file) throw new UsageError('missing FILE.pdf');
  if ((quotesFile === undefined) === (quote === undefined)) throw new UsageError('give exactly one of --quotes or --quote');
  if (page !== undefined && quote === undefined) throw new UsageError('--page goes with --quote (Q.json has its own "page")');
  let quotes: QuoteIn[];
  if (quote !== undefined) quotes = [{ id: 'quote', text: quote, ...(page !== undefined ? { page } : {}) }];
  else {
    let raw: unknown;
    try {
      raw = JSON.parse(readInputText(quotesFile as string));
    } catch (e) {
      if (e instanceof InputFileError) throw new UsageError(e.message);
      throw new UsageError(`cannot read ${quotesFile}: ${(e as Error).message}`);
    }
    if (!Array.isArray(raw)) throw new UsageError(`${quotesFile} must hold a JSON array of { "id", "text", "page"? }`);
    quotes = raw.map((q: unknown, i: number) => {
      if (!q || typeof q !== 'object' || typeof (q as { text?: unknown }).text !== 'string') {
        throw new UsageError(`${quotesFile}[${i}] needs a string "text"`);
      }
      const o = q as { id?: unknown; text: string; page?: unknown; pageEnd?: unknown };
      const out: QuoteIn = { id: o.id ?? null, text: o.text };
      if (typeof o.page === 'number' && Number.isInteger(o.page)) out.page = o.page;
      if (typeof o.pageEnd === 'number' && Number.isInteger(o.pageEnd)) out.pageEnd = o.pageEnd;
      return out;
    });
  }
  return { file, quotes, ...(password !== undefined ? { password } : {}) };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

const rounded = (rects: readonly Box[]) => rects.map((b) => ({ page: b.page, x0: r2(b.x0), y0: r2(b.y0), x1: r2(b.x1), y1: r2(b.y1) }));
const score3 = (n: number) => Math.round(n * 1000) / 1000;
const differencesOut = (list: readonly LocatedDifference[]) =>
  list.map((d) => ({ kind: d.kind, quote: d.quote, document: d.document, rects: rounded(d.rects) }));

function output(id: unknown, res: LocateResult) {
  const c = res.closest;
  return {
    id,
    found: res.found,
    match: res.match,
    score: score3(res.score),
    page: res.page,
    ...(res.pageEnd !== undefined ? { pageEnd: res.pageEnd } : {}),
    rects: rounded(res.rects),
    ...(res.differences ? { differences: differencesOut(res.differences) } : {}),
    ...(c
      ? {
          closest: {
            page: c.page,
            ...(c.pageEnd !== undefined ? { pageEnd: c.pageEnd } : {}),
            score: score3(c.score),
            rects: rounded(c.rects),
            differences: differencesOut(c.differences),
          },
        }
      : {}),
  };
}

export async function run(argv: string[], stdout: (s: string) => void, stderr: (s: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  // Loaded on demand: the adapters are not needed to locate quotes.
  if (argv[0] === 'adapt') return (await import('./adapt-command.ts')).runAdapt(argv.slice(1), stdout, stderr);
  if (argv[0] === 'audit') return (await import('./audit-command.ts')).runAudit(argv.slice(1), stdout, stderr);
  if (argv[0] === 'embed-link') return runEmbedLink(argv.slice(1), env, Date.now(), stdout, stderr);
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      stderr(`citelens: ${e.message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
  if (args === 'help') {
    stdout(USAGE);
    return 0;
  }
  let data: Uint8Array;
  try {
    data = readInputFile(args.file, MAX_PDF_BYTES);
  } catch (e) {
    stderr(`citelens: ${(e as Error).message}\n`);
    return 2;
  }
  let pdf;
  try {
    pdf = await loadPdf(data, args.password !== undefined ? { password: args.password } : {});
  } catch (e) {
    stderr(`citelens: ${args.file}: ${e instanceof PdfLoadError ? e.message : String(e)}\n`);
    return 2;
  }
  try {
    const index = new TextIndex(pdf.pageCount);
    const results = [];
    for (const q of args.quotes) {
      // Past the cap the locator takes minutes and gigabytes (core/review/quote-limit.ts): report it unsearched.
      if (quoteTooLong(q.text)) {
        results.push({ id: q.id, found: false, match: 'none', score: 0, page: null, rects: [], reason: 'quote too long', detail: quoteTooLongReason(q.text) });
        continue;
      }
      const res = await locateInDocument({
        pageCount: pdf.pageCount,
        getPageText: pdf.getPageText,
        quote: q.text,
        index,
        ...(q.page !== undefined ? { page: q.page } : {}),
        ...(q.pageEnd !== undefined ? { pageEnd: q.pageEnd } : {}),
      });
      results.push(output(q.id, res));
    }
    stdout(JSON.stringify(results) + '\n');
    return 0;
  } finally {
    await pdf.close().catch(() => undefined);
  }
}
