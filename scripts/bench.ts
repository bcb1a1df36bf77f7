// `npm run bench`: the answer route (issue #37) against pdf.js's viewer at its default options. See HELP.
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { writeBenchSection } from './bench-docs.ts';
import { referenceJsSizes } from './bench/first-paint-js.ts';
import { Collector } from './bench/report.ts';
import { benchRun, buildApps, startServer } from './bench/processes.ts';
import { GENERATED, writeRouteData, type RouteDoc } from './bench/route-data.ts';
import { deepLink, measureLayout, openAndClick, scriptsBeforePaint, searchLink, type Click, type RouteEnv, type Viewer } from './bench/route-drive.ts';
import { pairClicks, routeSection, routeSeries, toRows, type RouteFigures } from './bench/route-report.ts';
import { textTable } from './bench/stats.ts';

const HELP = `npm run bench [-- options]

Times the answer route a reader opens (/?answer=A, /?answer=A&cite=N, then clicks on its markers) beside pdf.js's
own viewer at its default options, on the same PDFs (generated 10, 1,000 and 5,000 pages, and the corpus PDFs of
../shared/corpus), interleaved, medians of the passes; then the same under a 4x CPU throttle (CDP) as a table of its
own. Builds the app and the reference first. Prints the tables and rewrites the answer route's section of
docs/benchmarks.md. Never part of npm test or CI.

  --help            this text, and nothing else
  --quick           2 passes, 10 and 1,000 pages, no corpus, no 5,000-page search, 1 throttled pass (~4 min)
  --passes N        passes (default 5; the throttled table gets 5, or 1 with --quick)
  --no-throttle     leave out the throttled table
  --no-search       leave out the whole-document search
  --throttle-only   only the throttled table
  --dist DIR        the app's build folder (default: a temporary one)
  --skip-build      reuse --dist as it is
  --no-write        print only; leave docs/benchmarks.md alone
  --port P          the app on P, the reference on P+1 (default: free ports)
  --against DIR     an A/B of two builds: the "pdf.js viewer" column is citelens built in DIR (docs are not written)

The viewer-only diagnostic (/bench, served only with CITELENS_BENCH=1) is scripts/bench-viewer.ts.`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const QUICK = argv.includes('--quick');
const PASSES = Math.max(1, Number(arg('--passes')) || (QUICK ? 2 : 5));
const THROTTLE_ONLY = argv.includes('--throttle-only');
const THROTTLED_PASSES = argv.includes('--no-throttle') ? 0 : QUICK ? 1 : 5;
const SIZES = QUICK ? GENERATED.filter((n) => n <= 1000) : GENERATED;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);
const VIEWPORT = { width: 1280, height: 800 };
const viewersOf = (pass: number): Viewer[] => (pass % 2 ? ['reference', 'citelens'] : ['citelens', 'reference']);

async function measure(env: RouteEnv, c: Collector, docs: RouteDoc[], passes: number, t: string, started: number): Promise<void> {
  const attempt = async (key: string, v: Viewer, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      c.fail(key, v);
      log(`${key} ${v} FAILED: ${(e as Error).message.split('\n')[0]}`);
    }
  };
  for (let pass = 0; pass < passes; pass++) {
    for (const doc of docs) {
      const clicks: Partial<Record<Viewer, Click[]>> = {};
      for (const v of viewersOf(pass)) {
        log(`${t || 'x1:'} pass ${pass + 1}/${passes}, ${doc.label}, ${v} (${Math.round((Date.now() - started) / 1000)} s)`);
        await attempt(`${t}open-${doc.doc}`, v, async () => {
          const o = await openAndClick(env, v, doc, { heap: !t && doc.short });
          c.add(`${t}open-${doc.doc}`, v, o.firstPaint);
          c.add(`${t}open-longest-${doc.doc}`, v, o.longestOpening);
          c.add(`${t}click-longest-${doc.doc}`, v, o.longestClicks);
          if (o.heap) c.add(`heap-${doc.doc}`, v, o.heap.main + o.heap.workers);
          clicks[v] = o.clicks;
          log(
            `  open ${Math.round(o.firstPaint)} ms; clicks ${o.clicks.map((k) => `${k.page}${k.drawn ? 'd' : ''}:${k.shown === null ? 'timeout' : Math.round(k.shown)}`).join(' ')}`,
          );
        });
        await attempt(`${t}link-${doc.doc}`, v, async () => {
          const l = await deepLink(env, v, doc, 1);
          c.addOrFail(`${t}link-${doc.doc}`, v, l.shown);
          c.add(`${t}link-longest-${doc.doc}`, v, l.longest);
          log(`  link → p. ${doc.cites[0]!.page} ${l.shown === null ? 'timeout' : Math.round(l.shown)} ms`);
        });
      }
      pairClicks(c, doc.doc, clicks, t);
    }
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  let browser: Browser | undefined;
  const bench = benchRun(log, () => browser);
  const { tmp } = bench;
  try {
    const dist = path.resolve(root, arg('--dist') ?? path.join(tmp, 'app'));
    const refDist = buildApps(root, dist, tmp, argv.includes('--skip-build'), log);

    const dataDir = path.join(tmp, 'data');
    const cacheDir = path.join(root, 'node_modules/.cache/citelens-bench');
    const data = await writeRouteData(dataDir, { cacheDir, corpusDir: path.resolve(root, '../shared/corpus'), corpus: !QUICK, sizes: SIZES, log });
    const serverEnv = { CITELENS_DATA: dataDir, CITELENS_DB: path.join(tmp, 'reviews.sqlite'), CITELENS_ASK: 'off' };
    const port = Number(arg('--port')) || 0;
    const ready = /ready at (http:\/\/\S+\/)/;
    const app = await startServer(root, 'src/server/main.ts', { ...serverEnv, CITELENS_DIST: dist }, ready, port, log);
    const against = arg('--against');
    const ref = against
      ? await startServer(
          root,
          'src/server/main.ts',
          { ...serverEnv, CITELENS_DIST: path.resolve(root, against), CITELENS_DB: path.join(tmp, 'reviews-b.sqlite') },
          ready,
          port ? port + 1 : 0,
          log,
        )
      : await startServer(root, 'scripts/bench/ref-server.ts', { ...serverEnv, BENCH_REF_DIST: refDist }, ready, port ? port + 1 : 0, log);
    const loadStart = os.loadavg()[0]!;
    // The machine may be shared: the load is sampled through the run too, not only at its two ends.
    const loadSamples: number[] = [];
    const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), 15_000);
    sampler.unref(); // a failed run still exits
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const errors: string[] = [];
    const env: RouteEnv = { browser, app: app.url, ref: ref.url, viewport: VIEWPORT, throttle: 1, errors, layout: new Map(), againstApp: !!against };
    const c = new Collector();

    // Warm-up (discarded): the servers' first requests, the OS file cache. Then citelens's document pane, per document.
    for (const doc of data.docs) {
      env.layout.set(doc.doc, await measureLayout(env, doc));
      log(`layout ${doc.doc}: ${JSON.stringify(env.layout.get(doc.doc))}`);
    }
    await openAndClick(env, 'reference', data.docs[0]!, { heap: false }).catch(() => undefined);

    if (!THROTTLE_ONLY) {
      await measure(env, c, data.docs, PASSES, '', started);
      for (const s of argv.includes('--no-search') ? [] : data.search) {
        // Whole-document search at 5,000 pages takes ~10 s a side: 3 passes there.
        const passes = s.pages > 1000 ? Math.min(PASSES, 3) : PASSES;
        for (let pass = 0; pass < passes; pass++) {
          for (const v of viewersOf(pass)) {
            log(`search ${s.pages} p., pass ${pass + 1}/${passes}, ${v}`);
            try {
              const r = await searchLink(env, v, s);
              c.addOrFail(`search-${s.answer}`, v, r.shown);
              c.add(`search-longest-${s.answer}`, v, r.longest);
              log(`  ${r.shown === null ? 'timeout' : Math.round(r.shown)} ms`);
            } catch (e) {
              c.fail(`search-${s.answer}`, v);
              log(`search ${v} FAILED: ${(e as Error).message.split('\n')[0]}`);
            }
          }
        }
      }
    }
    let js: RouteFigures['js'] = null;
    if (!THROTTLE_ONLY && !against) {
      const doc = data.docs[0]!;
      const gz = (dir: string, url: string) => gzipSync(readFileSync(path.join(dir, decodeURIComponent(new URL(url).pathname)))).length;
      const mine = await scriptsBeforePaint(env, 'citelens', doc);
      const theirs = await scriptsBeforePaint(env, 'reference', doc);
      const budget = referenceJsSizes(root);
      js = {
        citelensGzip: mine.reduce((a, x) => a + gz(dist, x.url), 0),
        citelensWire: mine.reduce((a, x) => a + x.encoded, 0),
        referenceGzip: theirs.reduce((a, x) => a + gz(refDist, x.url), 0),
        referenceWire: theirs.reduce((a, x) => a + x.encoded, 0),
        ...budget,
      };
      log(`scripts before page 1: ${mine.map((x) => new URL(x.url).pathname).join(' ')}`);
    }
    const throttledDocs = data.docs.filter((d) => d.doc === 'bench-10' || d.doc === 'bench-1000' || d.doc === 'corpus-1');
    if (THROTTLED_PASSES > 0) {
      env.throttle = 4;
      await measure(env, c, throttledDocs, THROTTLED_PASSES, 'x4:', started);
    }

    const figures: RouteFigures = { docs: data.docs, search: data.search, js };
    const rows = THROTTLE_ONLY ? [] : toRows(routeSeries(c, figures, false));
    const throttledRows = THROTTLED_PASSES ? toRows(routeSeries(c, figures, true)) : [];
    clearInterval(sampler);
    const loadEnd = os.loadavg()[0]!;
    const cpu = os.cpus();
    const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, Chromium ${browser.version()} (headless)`;
    const during = loadSamples.length ? `, ${Math.min(...loadSamples).toFixed(1)}–${Math.max(...loadSamples).toFixed(1)} during (every 15 s)` : '';
    const load = `1-min load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end${during}`;
    const date = new Date().toISOString().slice(0, 10);
    const minutes = ((Date.now() - started) / 60000).toFixed(1);
    const git = (...a: string[]) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
    const code = `commit ${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain', '--', 'src', 'scripts', 'index.html', 'vite.config.ts') ? ' plus uncommitted changes' : ''}`;
    if (errors.length) log(`page errors:\n  ${[...new Set(errors)].slice(0, 20).join('\n  ')}`);
    process.stdout.write(`\n${textTable(rows)}\n\n4x CPU throttle:\n${textTable(throttledRows)}\n\n${machine}; ${load}; ${minutes} min\n`);
    if (!argv.includes('--no-write') && !THROTTLE_ONLY && !against) {
      const shown = argv.filter((a, i) => !['--dist', '--port', '--skip-build', '--no-write'].includes(a) && !['--dist', '--port'].includes(argv[i - 1] ?? ''));
      const command = `npm run bench${shown.length ? ` -- ${shown.join(' ')}` : ''}`;
      writeBenchSection(
        'route',
        routeSection({
          command,
          date,
          code,
          machine,
          load,
          minutes,
          passes: PASSES,
          rows,
          throttledRows,
          throttledPasses: THROTTLED_PASSES,
          note: process.env.BENCH_NOTE,
        }),
      );
      log('updated docs/benchmarks.md');
    }
  } finally {
    await bench.end();
  }
}

await main().catch((e: unknown) => {
  process.stderr.write(`bench: ${(e as Error).stack ?? String(e)}\n`);
  process.exitCode = 1;
});
