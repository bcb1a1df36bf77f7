// The 10,000-claim answer in the browser (issue 9's bad-input matrix; docs/benchmarks.md, "Answer at scale"): how
// long until the answer shows, and what a marker click costs. Never part of `npm test` or CI.
//
//   npx vite build --outDir dist && node --import tsx scripts/bench-answer-scale.ts [--dist dist] [--runs 3]
//
// Serves the built app (`--dist`) with `src/server/main.ts` on a loopback port over a temp copy of the demo data plus
// the answer of e2e/scale-answer-fixture.ts, and drives Debian's Chromium (scripts/chromium.ts), a fresh context per
// run:
// - shown: navigation start → the first marker button of the answer is on screen, read at the next frame;
// - longest task while it opened (the `longtask` entries until then);
// - click: a marker button clicked (el.click() in the page) → the frame after it, i.e. React's work for the click, the
//   effects it runs and the next paint; 10 clicks on the first markers, the median and the worst;
// - last marker: the answer pane scrolled to its end, the last marker clicked, its passage highlighted in the viewer;
// - JS heap of the page after a forced GC (CDP), with the answer open;
// - main-thread busy time (CDP Performance.getMetrics: TaskDuration, and of it ScriptDuration and RecalcStyleDuration
//   + LayoutDuration) until the answer is shown, and per click over the 10 clicks (including what a click sets off
//   before the next one: the viewer painting the page). Time spent in tasks, so waits for the network or a worker are
//   not in it; a loaded machine still inflates it (a task descheduled mid-way counts), script time the least.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { SCALE_ANSWER_ID, scaleAnswer } from '../e2e/scale-answer-fixture.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startAppServer } from './app-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const DIST = arg('dist') ?? 'dist';
const RUNS = Math.min(Math.max(1, Number(arg('runs') ?? 3) || 3), 10);

function startServer(dataDir: string) {
  return startAppServer(repoRoot, { CITELENS_DATA: dataDir, CITELENS_DIST: DIST, CITELENS_DB: path.join(dataDir, 'reviews.sqlite') });
}

/** Clicks `selector` (the nth match) in the page and resolves with the time to the frame after it. */
function timedClick(page: Page, selector: string, nth: number): Promise<number> {
  return page.evaluate(
    ([sel, n]) =>
      new Promise<number>((resolve, reject) => {
        const el = document.querySelectorAll<HTMLElement>(sel)[n];
        if (!el) return reject(new Error(`no ${sel} #${n}`));
        const t0 = performance.now();
        el.click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
    [selector, nth] as const,
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(base: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cpu = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const m = new Map(metrics.map((x) => [x.name, x.value * 1000]));
      return {
        task: m.get('TaskDuration') ?? 0,
        script: m.get('ScriptDuration') ?? 0,
        style: (m.get('RecalcStyleDuration') ?? 0) + (m.get('LayoutDuration') ?? 0),
      };
    };
    const cpuStart = await cpu();
    await page.goto(`${base}/?answer=${SCALE_ANSWER_ID}`);
    const answerMarker = '[data-pane="answer"] button[data-marker]';
    await page.waitForSelector(answerMarker, { timeout: 120_000 });
    const shown = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
    const cpuShown = await cpu();
    const longest = await page.evaluate(() => (window as unknown as { __longest: number }).__longest);
    // Open the document once and let the background checks finish before timing clicks (they are not a click's cost).
    await page.locator(answerMarker).first().click({ timeout: 120_000 });
    await page.waitForSelector('[data-page-number] canvas', { timeout: 120_000 });
    await page.waitForTimeout(3000);
    const clicks: number[] = [];
    const cpuBefore = await cpu();
    for (let i = 0; i < 10; i++) clicks.push(await timedClick(page, answerMarker, i % 4));
    const cpuAfter = await cpu();
    const perClick = (k: 'task' | 'script' | 'style') => (cpuAfter[k] - cpuBefore[k]) / clicks.length;
    // The last marker: scroll the answer pane to its end, click it, its passage is highlighted.
    await page.evaluate(() => {
      const pane = document.querySelector('[data-pane="answer"]')!;
      pane.scrollTop = pane.scrollHeight;
    });
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      const pane = document.querySelector('[data-pane="answer"]')!;
      pane.scrollTop = pane.scrollHeight;
    });
    const count = await page.locator(answerMarker).count();
    const last = await timedClick(page, answerMarker, count - 1);
    await page.waitForSelector('[data-highlight][data-source-id="S1"]', { timeout: 60_000 });
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
    const markersInDom = await page.locator('[data-pane="answer"] [data-marker]').count();
    return {
      shown,
      longest,
      clickMedian: median(clicks),
      clickMax: Math.max(...clicks),
      last,
      heap,
      markersInDom,
      openCpu: { task: cpuShown.task - cpuStart.task, script: cpuShown.script - cpuStart.script },
      clickCpu: { task: perClick('task'), script: perClick('script'), style: perClick('style') },
    };
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-answer-scale-'));
try {
  cpSync(path.join(repoRoot, 'src/server/demo-data'), dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'answers', `${SCALE_ANSWER_ID}.json`), JSON.stringify(scaleAnswer()));
  const server = await startServer(dataDir);
  try {
    const f = (n: number) => `${Math.round(n)} ms`;
    console.log(
      'run | shown | main-thread busy to shown (script) | longest task | click median | click worst | busy per click (script / style+layout) | last marker click | heap | markers in DOM',
    );
    for (let i = 1; i <= RUNS; i++) {
      const r = await run(server.base);
      console.log(
        `${i} | ${f(r.shown)} | ${f(r.openCpu.task)} (${f(r.openCpu.script)}) | ${f(r.longest)} | ${f(r.clickMedian)} | ${f(r.clickMax)} | ${f(r.clickCpu.task)} (${f(r.clickCpu.script)} / ${f(r.clickCpu.style)}) | ${f(r.last)} | ${r.heap.toFixed(0)} MB | ${r.markersInDom}`,
      );
    }
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
