// Where an opening's time goes, for the viewers of the bench (citelens's /bench, the pdf.js reference, or two builds
// of citelens side by side): the moments of pdf.js's worker messages (the first of each kind, both ways), when the
// scripts and the PDF arrived, and page 1 painted. A diagnostic for M2 ("open"), not a benchmark: the pages are
// opened in turn, a fresh browser context each, and the medians printed side by side.
//
//   node --import tsx scripts/bench/open-timeline.ts --file /api/documents/ID [--runs 8] [--dpr 1] \
//     --page citelens=http://127.0.0.1:4401/bench --page pdfjs=http://127.0.0.1:4402/
//
// Each --page is a page that serves `window.__bench` (src/app/bench/bench-api.ts) and takes `?file=…&scale=1`: the two
// servers scripts/bench.ts starts, or one per build for an A/B.
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';
import type { BenchWindow } from '../../src/app/bench/bench-api.ts';
import { median } from './stats.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback?: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};

/** Runs in the page before any of its scripts: it must not refer to anything outside its own body. */
function installTimeline(): void {
  const marks: Record<string, number> = {};
  const mark = (name: string) => {
    if (!(name in marks)) marks[name] = performance.now();
  };
  (window as unknown as { __timeline: Record<string, number> }).__timeline = marks;
  const Native = window.Worker;
  // pdf.js's MessageHandler: requests carry `action` (and a `callbackId` when they expect a reply), replies the same
  // `callbackId`, stream chunks a `stream` kind.
  const callbacks = new Map<number, string>();
  const describe = (data: unknown, dir: string): string | null => {
    if (!data || typeof data !== 'object') return null;
    const d = data as { action?: string; callbackId?: number; stream?: number };
    if (typeof d.action === 'string') {
      if (typeof d.callbackId === 'number') callbacks.set(d.callbackId, d.action);
      return `${dir} ${d.action}`;
    }
    if (typeof d.callbackId === 'number' && callbacks.has(d.callbackId)) return `${dir} reply ${callbacks.get(d.callbackId)}`;
    if (typeof d.stream === 'number') return `${dir} stream ${d.stream}`;
    return null;
  };
  class Timed extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      mark('worker created');
      super.addEventListener('message', (e: MessageEvent) => {
        const name = describe(e.data, '←');
        if (name) mark(name);
      });
    }
    override postMessage(message: unknown, transfer?: unknown): void {
      const name = describe(message, '→');
      if (name) mark(name);
      super.postMessage(message, transfer as Transferable[]);
    }
  }
  window.Worker = Timed as typeof Worker;
  document.addEventListener('DOMContentLoaded', () => mark('DOMContentLoaded'));
}

const TIMELINE = `(() => { globalThis.__name = (f) => f; (${installTimeline.toString()})(); })();`;

/** The worker-message timeline as an init script, for other diagnostics (route-timeline.ts --worker). */
export const timelineScript = () => TIMELINE;

async function openOnce(page: Page, url: string): Promise<Record<string, number>> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => !!(window as BenchWindow).__bench, null, { timeout: 60_000, polling: 20 });
  const firstPaint = await page.evaluate(() => (window as BenchWindow).__bench!.firstPaint);
  await page.waitForTimeout(300);
  return page.evaluate((fp) => {
    const out: Record<string, number> = { ...(window as unknown as { __timeline: Record<string, number> }).__timeline };
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const name = r.name.split('?')[0]!.split('/').at(-1)!;
      if (/\.(m?js|css)$/.test(name) || r.name.includes('/api/documents/')) out[`loaded ${name.slice(0, 40)}`] = r.responseEnd;
    }
    out['PAGE 1 PAINTED'] = fp;
    return out;
  }, firstPaint);
}

async function main(): Promise<void> {
  const file = arg('--file', '/api/documents/bench-10')!;
  const runs = Number(arg('--runs', '8'));
  const dpr = Number(arg('--dpr', '1'));
  const pages = argv
    .flatMap((a, i) => (argv[i - 1] === '--page' ? [a] : []))
    .map((p) => {
      const at = p.indexOf('=');
      return { name: p.slice(0, at), url: `${p.slice(at + 1)}${p.includes('?') ? '&' : '?'}file=${encodeURIComponent(file)}&scale=1` };
    });
  if (pages.length === 0) throw new Error('name at least one --page NAME=URL');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const all = new Map<string, Record<string, number[]>>(pages.map((p) => [p.name, {}]));
  try {
    for (let i = 0; i < runs + 1; i++) {
      // Each run opens every page once, starting with a different one each run; the first run warms the servers.
      for (let k = 0; k < pages.length; k++) {
        const { name, url } = pages[(i + k) % pages.length]!;
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: dpr });
        const page = await context.newPage();
        await page.addInitScript({ content: TIMELINE });
        const t = await openOnce(page, url);
        await context.close();
        if (i === 0) continue;
        process.stderr.write(`${name}: page 1 painted at ${Math.round(t['PAGE 1 PAINTED']!)} ms\n`);
        for (const [key, ms] of Object.entries(t)) (all.get(name)![key] ??= []).push(ms);
      }
    }
  } finally {
    await browser.close();
  }
  // Side by side, in the order of the first page's moments (the others' own after them).
  const med = (name: string, key: string) => median(all.get(name)![key] ?? []);
  const keys = [...new Set(pages.flatMap((p) => Object.keys(all.get(p.name)!)))];
  const order = (key: string) => pages.reduce((best, p, n) => (best !== Infinity ? best : (med(p.name, key) ?? Infinity) + n * 1e6), Infinity);
  keys.sort((a, b) => order(a) - order(b));
  const cell = (x: number | null) => (x === null ? '—' : String(Math.round(x))).padStart(10);
  process.stdout.write(`\n${file}, medians of ${runs} opens, dpr ${dpr} (ms since navigation)\n`);
  process.stdout.write(`${pages.map((p) => p.name.slice(0, 10).padStart(10)).join('')}  moment\n`);
  for (const key of keys) process.stdout.write(`${pages.map((p) => cell(med(p.name, key))).join('')}  ${key}\n`);
}

// Run as a script only (route-timeline.ts imports timelineScript).
if (process.argv[1]?.endsWith('open-timeline.ts')) await main();
