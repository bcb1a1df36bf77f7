// Viewer benchmark: citelens against pdf.js's own viewer components (PDFViewer + EventBus + PDFLinkService +
// PDFFindController) on the same PDFs, in headless Chromium, against the production build.
//
//   npm run bench                    build, measure (5 runs each), print the table, update docs/benchmarks.md
//   npm run bench -- --runs 3        fewer runs
//   npm run bench -- --skip-build    reuse dist/ as it is
//   npm run bench -- --no-write      print only, leave docs/benchmarks.md alone
//
// Never part of `npm test` or CI. Progress goes to stderr, the table to stdout.
// What it does: builds the app (`npx vite build` → dist/) and the reference harness (scripts/bench/ref, built by
// scripts/bench/vite.bench.config.ts into a temp folder, with dist/pdfjs copied next to it so both load the same
// cmaps, fonts and wasm), prepares a temp data folder (the demo data + generated 10- and 1,000-page PDFs + answers
// citing them), then starts the real server (`node --import tsx src/server/main.ts`) for citelens and the same
// server code (scripts/bench/ref-server.ts → createApp) for the harness over the same data folder.

import { writeBenchSection } from './bench-docs.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { generateLargePdf } from './demo/large-pdf.ts';
import { probesScript, type BenchWindow, type LongTask } from './bench/probes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

// ---------------------------------------------------------------------------------------------------------------
// Options

const argv = process.argv.slice(2);
const runsArg = argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number(argv[runsArg + 1]) || 5) : 5;
const SKIP_BUILD = argv.includes('--skip-build');
const WRITE_DOCS = !argv.includes('--no-write');
const VIEWPORT = { width: 1400, height: 900 };
const SETTLE_MS = 1000; // idle time after page 1 is painted, before a citation is clicked
const TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Data

const LARGE = 'bench-large';
const SMALL = 'bench-small';
const FILLER = 4096;
const DEEP_PAGE = 990;
const QUOTE_PAGE = 500;
const DEEP_LINE = `This is page ${DEEP_PAGE} of a 1000-page document generated for performance tests.`;
// Unique to page 500 (each page has "Section ceil(i/10), paragraph ((i-1)%10)+1").
const QUOTE = `Section ${QUOTE_PAGE / 10}, paragraph 10. The quick brown fox jumps over the lazy dog.`;

/** The box of the first body line of a page of generateLargePdf (x 72, baseline 660, Helvetica 11) in the canonical frame. */
async function deepLineBox(): Promise<{ page: number; x0: number; y0: number; x1: number; y1: number }> {
  const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  // drawText emits no kerning: the advance is the plain sum of glyph widths (see Metrics in scripts/demo/text-layout.ts).
  let width = 0;
  for (const ch of DEEP_LINE) width += font.widthOfTextAtSize(ch, 11);
  const ascent = font.heightAtSize(11, { descender: false });
  const descent = font.heightAtSize(11) - ascent;
  const baseline = 792 - 660;
  const r = (v: number) => Math.round(v * 100) / 100;
  return { page: DEEP_PAGE, x0: 72, y0: r(baseline - ascent), x1: r(72 + width), y1: r(baseline + descent) };
}

/** Writes the data folder; returns the sizes of the generated PDFs in bytes. */
async function prepareData(dataDir: string): Promise<{ small: number; large: number }> {
  cpSync(path.join(root, 'src/server/demo-data'), dataDir, { recursive: true });
  const docs = path.join(dataDir, 'documents');
  const answers = path.join(dataDir, 'answers');
  mkdirSync(answers, { recursive: true });
  const small = await generateLargePdf(10, { fillerBytesPerPage: FILLER });
  const large = await generateLargePdf(1000, { fillerBytesPerPage: FILLER });
  writeFileSync(path.join(docs, `${SMALL}.pdf`), small);
  writeFileSync(path.join(docs, `${LARGE}.pdf`), large);
  writeFileSync(path.join(docs, `${SMALL}.meta.json`), JSON.stringify({ title: 'Bench 10 pages', version: 'bench' }));
  writeFileSync(path.join(docs, `${LARGE}.meta.json`), JSON.stringify({ title: 'Bench 1,000 pages', version: 'bench' }));
  const answer = (id: string, documentId: string, text: string, source: Record<string, unknown>) =>
    writeFileSync(
      path.join(answers, `${id}.json`),
      JSON.stringify({
        format: 'citelens/1',
        id,
        question: `Benchmark: ${id}`,
        text,
        documents: [{ id: documentId, title: documentId }],
        sources: [{ id: 'S1', documentId, ...source }],
      }),
    );
  answer('bench-small', SMALL, 'The first page has a title [1].', { page: 1, quote: 'This is page 1 of a 10-page document generated for performance tests.' });
  answer('bench-deep', LARGE, `Page ${DEEP_PAGE} has a line about itself [1].`, { page: DEEP_PAGE, quote: DEEP_LINE, boxes: [await deepLineBox()] });
  answer('bench-quote', LARGE, `Page ${QUOTE_PAGE} mentions the fox [1].`, { page: QUOTE_PAGE, quote: QUOTE });
  answer('bench-nohint', LARGE, `Somewhere the fox jumps [1].`, { quote: QUOTE });
  return { small: small.byteLength, large: large.byteLength };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

const children: ChildProcess[] = [];

async function startServer(script: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errText = '';
  child.stderr!.on('data', (d: Buffer) => (errText += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${errText}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}): ${errText}`));
    });
  });
  log(`${script} (pid ${child.pid}) at ${url}`);
  return { url, child };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------------
// In-page helpers

type Viewer = 'citelens' | 'pdfjs';

interface Env {
  browser: Browser;
  citelens: string;
  reference: string;
  pane: { w: number; h: number };
  pageErrors: string[];
}

async function openPage(env: Env, viewer: Viewer): Promise<{ context: BrowserContext; page: Page }> {
  // A fresh context per run: cold HTTP cache and a fresh JS heap, the same for both viewers.
  const context = await env.browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (e) => env.pageErrors.push(`${viewer}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') env.pageErrors.push(`${viewer} console: ${m.text()}`);
  });
  await page.addInitScript({ content: probesScript() });
  return { context, page };
}

function docUrl(env: Env, viewer: Viewer, answer: string, doc: string): string {
  return viewer === 'citelens'
    ? `${env.citelens}?answer=${answer}&doc=${doc}`
    : `${env.reference}?file=${encodeURIComponent(`/api/documents/${doc}`)}&w=${env.pane.w}&h=${env.pane.h}`;
}

async function waitMark(page: Page, name: string, timeout = TIMEOUT_MS): Promise<number> {
  const handle = await page.waitForFunction((n) => (window as unknown as BenchWindow).__bench?.marks[n], name, { timeout, polling: 50 });
  return (await handle.jsonValue()) as number;
}

async function longestTask(page: Page, from: number, to: number): Promise<{ max: number; count: number }> {
  const tasks = await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks);
  const overlapping = tasks.filter((t: LongTask) => t.start < to && t.start + t.duration > from);
  return { max: Math.max(0, ...overlapping.map((t) => t.duration)), count: overlapping.length };
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize;
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements. Each returns named figures (ms, bytes, counts) for one run.

type Figures = Record<string, number>;

async function measureFirstPaint(env: Env, viewer: Viewer, doc: string): Promise<Figures> {
  const { context, page } = await openPage(env, viewer);
  try {
    await page.goto(docUrl(env, viewer, doc === SMALL ? 'bench-small' : 'bench-deep', doc), { waitUntil: 'commit' });
    const t = await waitMark(page, 'firstPaint');
    const shell = await waitMark(page, 'pageShell');
    const lt = await longestTask(page, 0, t);
    const width = await page.evaluate(() => document.querySelector('[data-page-number="1"] canvas')?.getBoundingClientRect().width ?? 0);
    return { firstPaint: t, pageShell: shell, longTask: lt.max, canvasWidth: width };
  } finally {
    await context.close();
  }
}

/** Open the viewer on the 1,000-page PDF and wait until page 1 is painted and the page has been idle a moment. */
async function openLarge(env: Env, viewer: Viewer, answer: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(env, viewer);
  await opened.page.goto(docUrl(env, viewer, answer, LARGE), { waitUntil: 'commit' });
  await waitMark(opened.page, 'firstPaint');
  await opened.page.waitForTimeout(SETTLE_MS);
  return opened;
}

async function measureDeepCitation(env: Env, viewer: Viewer): Promise<Figures> {
  const { context, page } = await openLarge(env, viewer, 'bench-deep');
  try {
    await page.evaluate((p) => {
      const b = (window as unknown as BenchWindow).__bench;
      b.watch('pagePainted', () => b.painted(document.querySelector(`[data-page-number="${p}"] canvas`)));
      b.watch('highlight', () => b.inView(document.querySelector(`[data-page-number="${p}"] [data-highlight][data-source-id="S1"]`)));
    }, DEEP_PAGE);
    let t0: number;
    let tTarget: number;
    if (viewer === 'citelens') {
      await page.locator('button[data-marker="1"]').first().click();
      t0 = await page.evaluate(() => (window as unknown as BenchWindow).__bench.clicks.at(-1)!);
      tTarget = await waitMark(page, 'highlight');
    } else {
      [t0, tTarget] = await page.evaluate(async (p) => {
        const ref = (window as unknown as { __ref: import('./bench/ref/main.ts').RefApi }).__ref;
        const start = performance.now();
        const rendered = ref.whenRendered(p);
        ref.viewer.currentPageNumber = p;
        return [start, await rendered];
      }, DEEP_PAGE);
    }
    const tPaint = await waitMark(page, 'pagePainted');
    const lt = await longestTask(page, t0, Math.max(tTarget, tPaint));
    return { target: tTarget - t0, painted: tPaint - t0, longTask: lt.max, longTasks: lt.count };
  } finally {
    await context.close();
  }
}

async function measureQuote(env: Env, viewer: Viewer, answer: 'bench-quote' | 'bench-nohint'): Promise<Figures> {
  const { context, page } = await openLarge(env, viewer, answer);
  try {
    await page.evaluate((p) => {
      const b = (window as unknown as BenchWindow).__bench;
      b.watch('pagePainted', () => b.painted(document.querySelector(`[data-page-number="${p}"] canvas`)));
      // citelens: the source's highlight; pdf.js: the selected find match in the text layer.
      b.watch('highlight', () =>
        b.inView(document.querySelector(`[data-page-number="${p}"] [data-highlight][data-source-id="S1"], [data-page-number="${p}"] .textLayer .highlight.selected`)),
      );
    }, QUOTE_PAGE);
    let t0: number;
    let extra: Figures = {};
    if (viewer === 'citelens') {
      await page.locator('button[data-marker="1"]').first().click();
      t0 = await page.evaluate(() => (window as unknown as BenchWindow).__bench.clicks.at(-1)!);
    } else {
      const [start, found] = await page.evaluate(async (query) => {
        const ref = (window as unknown as { __ref: import('./bench/ref/main.ts').RefApi }).__ref;
        const begin = performance.now();
        const isFound = ref.whenFound();
        // type "again" is what Enter in pdf.js's find bar sends: no 250 ms typing debounce.
        ref.eventBus.dispatch('find', {
          source: null,
          type: 'again',
          query,
          caseSensitive: false,
          entireWord: false,
          highlightAll: true,
          findPrevious: false,
          matchDiacritics: false,
        });
        return [begin, await isFound];
      }, QUOTE);
      t0 = start;
      extra = { found: found - start };
    }
    const tTarget = await waitMark(page, 'highlight');
    const tPaint = await waitMark(page, 'pagePainted');
    const lt = await longestTask(page, t0, Math.max(tTarget, tPaint, t0 + (extra.found ?? 0)));
    return { target: tTarget - t0, painted: tPaint - t0, longTask: lt.max, longTasks: lt.count, ...extra };
  } finally {
    await context.close();
  }
}

async function measureMemory(env: Env, viewer: Viewer): Promise<Figures> {
  const { context, page } = await openLarge(env, viewer, 'bench-deep');
  try {
    const heapOpen = await heapUsed(page);
    const scroller = viewer === 'citelens' ? '[data-viewer-scroll]' : '#viewerContainer';
    // Scroll through the whole document in 50 steps (100 ms apart), then to the very end.
    const STEPS = 50;
    for (let i = 1; i <= STEPS; i++) {
      await page.evaluate(
        ([sel, f]) => {
          const el = document.querySelector(sel as string)!;
          el.scrollTop = (el.scrollHeight - el.clientHeight) * (f as number);
        },
        [scroller, i / STEPS] as const,
      );
      await page.waitForTimeout(100);
    }
    await page.evaluate(() => {
      const b = (window as unknown as BenchWindow).__bench;
      b.watch('lastPainted', () => b.painted(document.querySelector('[data-page-number="1000"] canvas')));
    });
    try {
      await waitMark(page, 'lastPainted', 30_000);
    } catch (e) {
      // Say what the viewer shows instead, so that a failure can be reported with facts.
      const state = await page.evaluate((sel) => {
        const el = document.querySelector(sel) as HTMLElement | null;
        const withCanvas = Array.from(document.querySelectorAll('[data-page-number]'))
          .filter((p) => p.querySelector('canvas'))
          .map((p) => p.getAttribute('data-page-number'));
        return { scrollTop: el?.scrollTop, maxScroll: el ? el.scrollHeight - el.clientHeight : null, pagesWithCanvas: withCanvas };
      }, scroller);
      throw new Error(`page 1000 never painted after scrolling to the end: ${JSON.stringify(state)} (${(e as Error).message.split('\n')[0]})`);
    }
    await page.waitForTimeout(500);
    const heapEnd = await heapUsed(page);
    const canvases = await page.evaluate(() => {
      const all = Array.from(document.querySelectorAll('canvas'));
      return { count: all.length, pixels: all.reduce((s, c) => s + c.width * c.height, 0) };
    });
    return { heapOpen, heapEnd, canvases: canvases.count, canvasPixels: canvases.pixels };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics and table

interface Stat {
  median: number;
  min: number;
  max: number;
  n: number;
  failures: number;
}

function stat(values: number[], failures: number): Stat | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  return { median, min: s[0]!, max: s.at(-1)!, n: s.length, failures };
}

type Unit = 'ms' | 'MB' | 'count' | 'MP';

function fmt(st: Stat | null, unit: Unit): string {
  if (!st) return 'failed';
  const f = (v: number) =>
    unit === 'ms' ? `${Math.round(v)}` : unit === 'MB' ? (v / 1048576).toFixed(1) : unit === 'MP' ? (v / 1e6).toFixed(1) : `${Math.round(v)}`;
  const range = st.min === st.max ? '' : ` (${f(st.min)}–${f(st.max)})`;
  const fails = st.failures ? ` [${st.failures} failed]` : '';
  return `${f(st.median)}${unit === 'count' ? '' : ` ${unit}`}${range}${fails}`;
}

interface Row {
  metric: string;
  citelens: string;
  pdfjs: string;
  notes: string;
}

function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|');
  return [
    '| metric | citelens | pdf.js viewer | notes |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${esc(r.metric)} | ${esc(r.citelens)} | ${esc(r.pdfjs)} | ${esc(r.notes)} |`),
  ].join('\n');
}

function textTable(rows: Row[]): string {
  const head: Row = { metric: 'metric', citelens: 'citelens', pdfjs: 'pdf.js viewer', notes: 'notes' };
  const all = [head, ...rows];
  const w = (k: keyof Row) => Math.max(...all.map((r) => r[k].length));
  const [a, b, c] = [w('metric'), w('citelens'), w('pdfjs')];
  const line = (r: Row) => `${r.metric.padEnd(a)} | ${r.citelens.padStart(b)} | ${r.pdfjs.padStart(c)} | ${r.notes}`;
  return [line(head), `${'-'.repeat(a)}-+-${'-'.repeat(b)}-+-${'-'.repeat(c)}-+-${'-'.repeat(5)}`, ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Main

interface Repeated {
  values: Record<string, number[]>;
  failures: number;
}

async function repeat(label: string, fn: () => Promise<Figures>, runs = RUNS): Promise<Repeated> {
  const values: Record<string, number[]> = {};
  let failures = 0;
  for (let i = 0; i < runs; i++) {
    try {
      const f = await fn();
      for (const [k, v] of Object.entries(f)) (values[k] ??= []).push(v);
      log(`${label}${runs > 1 ? ` #${i + 1}` : ''}: ${Object.entries(f).map(([k, v]) => `${k}=${Math.round(v)}`).join(' ')}`);
    } catch (e) {
      failures++;
      log(`${label}${runs > 1 ? ` #${i + 1}` : ''} FAILED: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  return { values, failures };
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'citelens-bench-'));
  let browser: Browser | undefined;
  let loadStart = 0;
  try {
    if (!SKIP_BUILD) run('npx', ['vite', 'build']);
    if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is not built');
    const refDist = path.join(tmp, 'ref');
    run('npx', ['vite', 'build', '--config', 'scripts/bench/vite.bench.config.ts'], { BENCH_REF_OUT: refDist });
    cpSync(path.join(root, 'dist/pdfjs'), path.join(refDist, 'pdfjs'), { recursive: true });

    const dataDir = path.join(tmp, 'data');
    log(`generating data in ${dataDir}`);
    const sizes = await prepareData(dataDir);
    const mb = (n: number) => `${(n / 1048576).toFixed(2)} MB`;

    const ready = /ready at (http:\/\/\S+\/)/;
    const app = await startServer('src/server/main.ts', { CITELENS_DATA: dataDir }, ready);
    const ref = await startServer('scripts/bench/ref-server.ts', { CITELENS_DATA: dataDir, BENCH_REF_DIST: refDist }, ready);

    loadStart = os.loadavg()[0]!;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const env: Env = { browser, citelens: app.url, reference: ref.url, pane: { w: 700, h: 800 }, pageErrors: [] };

    // Warm-up (discarded): OS file cache, server JIT; and the size of citelens's viewer pane, which the reference
    // viewer container is given so both render pages at (nearly) the same scale.
    {
      const { context, page } = await openPage(env, 'citelens');
      await page.goto(docUrl(env, 'citelens', 'bench-deep', LARGE), { waitUntil: 'commit' });
      await waitMark(page, 'firstPaint');
      env.pane = await page.evaluate(() => {
        const el = document.querySelector('[data-viewer-scroll]') as HTMLElement;
        return { w: el.offsetWidth, h: el.offsetHeight };
      });
      await context.close();
      await measureFirstPaint(env, 'pdfjs', LARGE);
      log(`viewer pane ${env.pane.w}×${env.pane.h}`);
    }

    // citelens and pdf.js runs alternate, so that a change in machine load hits both alike.
    const both = async (label: string, fn: (v: Viewer) => Promise<Figures>) => {
      const out = { citelens: { values: {}, failures: 0 } as Repeated, pdfjs: { values: {}, failures: 0 } as Repeated };
      for (let i = 0; i < RUNS; i++) {
        for (const v of ['citelens', 'pdfjs'] as const) {
          const one = await repeat(`${label} ${v} #${i + 1}`, () => fn(v), 1);
          for (const [k, vals] of Object.entries(one.values)) (out[v].values[k] ??= []).push(...vals);
          out[v].failures += one.failures;
        }
      }
      return out;
    };
    const fp10 = await both('first paint 10p', (v) => measureFirstPaint(env, v, SMALL));
    const fp1000 = await both('first paint 1000p', (v) => measureFirstPaint(env, v, LARGE));
    const deep = await both('deep citation', (v) => measureDeepCitation(env, v));
    const quote = await both('quote p.500', (v) => measureQuote(env, v, 'bench-quote'));
    const nohint = await repeat('quote no page hint citelens', () => measureQuote(env, 'citelens', 'bench-nohint'));
    const memory = await both('memory', (v) => measureMemory(env, v));

    const cell = (r: Repeated | null, key: string, unit: Unit) => (r ? fmt(stat(r.values[key] ?? [], r.failures), unit) : '—');
    const row = (metric: string, pair: { citelens: Repeated | null; pdfjs: Repeated | null }, key: string, unit: Unit, notes: string): Row => ({
      metric,
      citelens: cell(pair.citelens, key, unit),
      pdfjs: cell(pair.pdfjs, key, unit),
      notes,
    });

    const rows: Row[] = [
      row('1. first page painted, 10 pages', fp10, 'firstPaint', 'ms', `navigation start → page-1 canvas has non-blank pixels (PDF ${mb(sizes.small)})`),
      row('1. first page painted, 1,000 pages', fp1000, 'firstPaint', 'ms', `same, 1,000-page PDF (${mb(sizes.large)}; 4 KB incompressible filler per page)`),
      row('↳ page-1 element in the DOM, 10 pages', fp10, 'pageShell', 'ms', 'navigation start → [data-page-number="1"] exists (document open, pages laid out)'),
      row('↳ page-1 element in the DOM, 1,000 pages', fp1000, 'pageShell', 'ms', 'same, 1,000 pages'),
      row('↳ page-1 canvas width', fp1000, 'canvasWidth', 'count', 'CSS px; both fit the page to the same pane width'),
      row('↳ longest task while opening 1,000 pages', fp1000, 'longTask', 'ms', 'longtask entries between navigation start and first paint (0 = none ≥ 50 ms)'),
      row(`2. citation → highlight visible (p. ${DEEP_PAGE})`, deep, 'target', 'ms', 'citelens: click → highlight (from boxes) in view; pdf.js: currentPageNumber = 990 → pagerendered'),
      row(`2. citation → page ${DEEP_PAGE} painted`, deep, 'painted', 'ms', 'same start → page canvas has non-blank pixels'),
      row('5. longest task during 2', deep, 'longTask', 'ms', 'goal: never > 50 ms (0 = no long task)'),
      row('↳ long tasks during 2', deep, 'longTasks', 'count', 'number of longtask entries (≥ 50 ms)'),
      row(`4. quote-only → highlight visible (p. ${QUOTE_PAGE})`, quote, 'target', 'ms', 'citelens: click → located quote highlighted in view (page hint given); pdf.js: find (phrase, type "again") → selected match in view'),
      row(`↳ pdf.js find → FOUND state`, { citelens: null, pdfjs: quote.pdfjs }, 'found', 'ms', 'updatefindcontrolstate FOUND: pdf.js reports it after extracting the text of all 1,000 pages'),
      row(`4. quote-only → page ${QUOTE_PAGE} painted`, quote, 'painted', 'ms', 'same start → page canvas has non-blank pixels'),
      row('5. longest task during 4', quote, 'longTask', 'ms', 'goal: never > 50 ms'),
      row('↳ long tasks during 4', quote, 'longTasks', 'count', 'number of longtask entries (≥ 50 ms)'),
      row('4b. quote-only, no page hint → highlight visible', { citelens: nohint, pdfjs: null }, 'target', 'ms', 'citelens only: the locator has to search the document'),
      row('5. longest task during 4b', { citelens: nohint, pdfjs: null }, 'longTask', 'ms', 'goal: never > 50 ms'),
      row('3. JS heap after opening 1,000 pages', memory, 'heapOpen', 'MB', 'CDP Runtime.getHeapUsage after a forced GC, main thread only (worker heap excluded)'),
      row('3. JS heap after scrolling to the end', memory, 'heapEnd', 'MB', 'scrolled through in 50 steps, 100 ms apart, until page 1,000 is painted; forced GC'),
      row('3. canvases in the DOM at the end', memory, 'canvases', 'count', 'document.querySelectorAll("canvas")'),
      row('↳ canvas pixels at the end', memory, 'canvasPixels', 'MP', 'sum of width × height of those canvases (backing store ≈ 4 bytes/pixel)'),
    ];

    const chromiumVersion = browser.version();
    const cpu = os.cpus();
    const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, Chromium ${chromiumVersion} (headless, --disable-gpu)`;
    const loadEnd = os.loadavg()[0]!;
    const busy = Math.max(loadStart, loadEnd) > os.cpus().length;
    const load =
      `1-min load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end` +
      (busy ? ' (other jobs were running: absolute times are noisy, compare the two columns and the ranges)' : '');
    const date = new Date().toISOString().slice(0, 10);
    if (env.pageErrors.length) log(`page errors:\n  ${[...new Set(env.pageErrors)].slice(0, 20).join('\n  ')}`);

    process.stdout.write(`\n${textTable(rows)}\n\nmedian of ${RUNS} runs (min–max); ${date}; ${machine}; ${load}\n`);

    if (WRITE_DOCS) {
      writeDocs(rows, { date, machine, load, pane: env.pane });
      log('updated docs/benchmarks.md');
    }
  } finally {
    await browser?.close().catch(() => undefined);
    for (const child of children) await stopChild(child).catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}

function writeDocs(rows: Row[], info: { date: string; machine: string; load: string; pane: { w: number; h: number } }): void {
  writeBenchSection('viewer', [
    '## Viewer: citelens vs pdf.js viewer components',
    '',
    `Production build (\`vite build\`) served by \`src/server/main.ts\`; the reference is pdf.js's own \`PDFViewer\` + \`EventBus\` +`,
    '`PDFLinkService` + `PDFFindController` (pdfjs-dist 6.3.289, `scripts/bench/ref`) served by the same server code over the same',
    'data folder, with the same worker, cMap/font/wasm URLs and loading options (range requests, streaming, `disableAutoFetch`).',
    `PDFs: \`generateLargePdf(10 | 1000, { fillerBytesPerPage: 4096 })\`. Headless Chromium, ${VIEWPORT.width}×${VIEWPORT.height} window, device scale 1;`,
    `the reference viewer container is sized like citelens's viewer pane (${info.pane.w}×${info.pane.h}) at \`page-width\` zoom.`,
    `A fresh browser context (cold cache) per run; median of ${RUNS} runs, (min–max). Times from \`performance.now()\` in the page,`,
    'checked once per animation frame (±16 ms); citelens and pdf.js runs alternate. Before a click the page has been idle 1 s',
    'after page 1 was painted. citelens opens `/?answer=<id>&doc=<id>`, so its first paint includes fetching the answer JSON',
    "before the PDF; the reference is given the PDF's URL directly. Long tasks: `PerformanceObserver` for `longtask`, installed",
    'before any page script; a task counts when it overlaps the interval measured.',
    '',
    markdownTable(rows),
    '',
    `Generated by \`npm run bench\` on ${info.date}. Machine: ${info.machine}; ${info.load}.`,
  ]);
}

await main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
