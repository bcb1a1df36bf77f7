// The JavaScript each route loads before its first paint (issue 8, "Bundle"; docs/benchmarks.md, "JavaScript before
// the first paint"): a quicker, per-route form of the bench's M7. Never part of `npm test` or CI.
//
//   npx vite build --outDir dist && node --import tsx scripts/bench-bundle.ts [--dist dist] [--files]
//
// Serves the built app (`--dist`) with `src/server/main.ts` on a loopback port over the demo data and opens each
// route in a fresh context of Debian's Chromium (scripts/chromium.ts). A script counts when its response ended
// (Resource Timing `responseEnd`) before the route's first paint: the first contentful paint for the home page, page
// 1's canvas showing the page (the bench's probe) for an answer. The pdf.js worker is left out, as in M7. Sizes are the
// built files', raw and gzip-compressed (our server sends them uncompressed). `--files` lists the files too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { startAppServer } from './app-server.ts';
import { probesScript, type ProbeWindow } from './bench/probes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? undefined : args[i + 1];
};
const DIST = path.resolve(repoRoot, arg('dist') ?? 'dist');
const LIST_FILES = args.includes('--files');

interface Route {
  name: string;
  path: string;
  /** What "painted" means on it. */
  paint: 'contentful' | 'page-1-canvas';
}

const ROUTES: Route[] = [
  { name: 'home page', path: '/', paint: 'contentful' },
  { name: 'answer, canonical (vendor-access)', path: '/?answer=vendor-access', paint: 'page-1-canvas' },
  { name: 'answer, wrapped (demo-anthropic)', path: '/?answer=demo-anthropic', paint: 'page-1-canvas' },
];

interface Measured {
  files: { name: string; raw: number; gzip: number }[];
  paintMs: number;
}

async function measure(browser: Browser, base: string, route: Route): Promise<Measured> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: probesScript() });
    await page.goto(base + route.path, { waitUntil: 'commit' });
    const paintMs =
      route.paint === 'contentful'
        ? await page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                new PerformanceObserver((list) => {
                  const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
                  if (fcp) resolve(fcp.startTime);
                }).observe({ type: 'paint', buffered: true });
              }),
          )
        : ((await page
            .waitForFunction(() => (window as unknown as ProbeWindow).__probes?.firstCanvas ?? null, null, { timeout: 60_000, polling: 50 })
            .then((h) => h.jsonValue())) as number);
    const scripts = await page.evaluate(
      (before) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => /\.m?js(\?|$)/.test(e.name) && (e as PerformanceResourceTiming).responseEnd <= before)
          .map((e) => new URL(e.name).pathname),
      paintMs,
    );
    const files = scripts
      .filter((p) => !/pdf\.worker/i.test(p))
      .map((p) => {
        const bytes = readFileSync(path.join(DIST, decodeURIComponent(p)));
        return { name: p, raw: bytes.length, gzip: gzipSync(bytes).length };
      });
    return { files, paintMs };
  } finally {
    await context.close();
  }
}

const kB = (n: number) => (n / 1000).toFixed(1);

async function main() {
  const server = await startAppServer(repoRoot, { CITELENS_DIST: DIST });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const rows: string[] = ['| route | scripts | raw | gzip |', '|---|---:|---:|---:|'];
    for (const route of ROUTES) {
      const m = await measure(browser, server.base, route);
      const raw = m.files.reduce((a, f) => a + f.raw, 0);
      const gzip = m.files.reduce((a, f) => a + f.gzip, 0);
      rows.push(`| ${route.name} (\`${route.path}\`) | ${m.files.length} | ${kB(raw)} kB | ${kB(gzip)} kB |`);
      if (LIST_FILES) {
        process.stderr.write(`${route.name}: painted at ${Math.round(m.paintMs)} ms\n`);
        for (const f of m.files) process.stderr.write(`  ${f.name.padEnd(48)} ${kB(f.raw).padStart(8)} kB ${kB(f.gzip).padStart(7)} kB gzip\n`);
      }
    }
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
