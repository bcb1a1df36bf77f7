// The viewer-only diagnostic, not a target (`npm run bench` times the answer route: scripts/bench.ts). citelens's
// /bench page against pdf.js's own viewer components on the same PDFs, in headless Debian Chromium, against a
// production build, both driven through `window.__bench` v1 (src/app/bench/bench-api.ts).
//
//   npx tsx scripts/bench-viewer.ts                     build, measure (5 passes, dpr 1 and 2), print the table, update docs/benchmarks.md
//   npx tsx scripts/bench-viewer.ts --quick          1 pass, no corpus, steady state at dpr 1 only (about 3 minutes after the build)
//   npx tsx scripts/bench-viewer.ts --passes 3       other pass count
//   npx tsx scripts/bench-viewer.ts --dist dist-x --skip-build     reuse a build
//   npx tsx scripts/bench-viewer.ts --no-write       print only, leave docs/benchmarks.md alone
//   npx tsx scripts/bench-viewer.ts --port 4303      the app on 4303, the reference on 4304 (default: free ports)
//   npx tsx scripts/bench-viewer.ts --scroll-memory  only: both viewers scrolled through 5,000 pages, memory read every 500 (printed)
//
// Never part of `npm test` or CI (no test file imports it). Progress goes to stderr, the table to stdout.
// Documents: scripts/bench/documents.ts (generated, cached in node_modules/.cache/citelens-bench; ../shared/corpus
// read in place). Measurements: scripts/bench/drive.ts; figures and tables: scripts/bench/stats.ts; the report:
// scripts/bench/report.ts.

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { writeBenchSection } from './bench-docs.ts';
import { corpusPdfs, pageLine, textPdfFile } from './bench/documents.ts';
import { indexing, jumps, openViewer, scrollThrough, settledSoFar, steadyState, type Env, type Viewer } from './bench/drive.ts';
import { heapCycles, scrollMemory, type MemorySample } from './bench/memory.ts';
import { firstPaintJs, referenceJsSizes } from './bench/first-paint-js.ts';
import { Collector, reportSection, scrollMemoryTable, seriesOf } from './bench/report.ts';
import { PairedJumps } from './bench/paired-jumps.ts';
import { benchRun, buildApps, startServer } from './bench/processes.ts';
import { jumpPattern, markdownTable, textTable, toRow } from './bench/stats.ts';
import type { BenchJumpResult } from '../src/app/bench/bench-api.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

const argv = process.argv.slice(2);
const arg = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const QUICK = argv.includes('--quick');
const PASSES = Math.max(1, Number(arg('--passes')) || (QUICK ? 1 : 5));
const SKIP_BUILD = argv.includes('--skip-build');
const SCROLL_MEMORY = argv.includes('--scroll-memory');
const WRITE_DOCS = !argv.includes('--no-write');
const PORT = Number(arg('--port')) || 0;
const DPRS = [1, 2];
const VIEWPORT = { width: 1280, height: 800 };
const SIZES = [10, 1000, 5000] as const;
const TIMEOUT = 60_000;
const OPENS_10 = 3;
// The corpus files get three more passes: a short file gives at most four jumps a pass, and its pages take from 15 to
// 450 ms to draw (tracemonkey), so with 5 passes the medians turned on which pages a pass drew (M1 on tracemonkey
// read 0.84–1.40× over four runs; 1.00× over 10 passes). One pass is ~9 s a file; twice the passes took the full run
// to 18 minutes on a slow day, too near its 20.
const CORPUS_PASSES = PASSES + 3;
const CACHE = path.join(root, 'node_modules/.cache/citelens-bench');

async function prepareData(dataDir: string): Promise<{ corpus: { id: string; name: string; pages: number }[]; bytes: Record<number, number> }> {
  const docs = path.join(dataDir, 'documents');
  const answers = path.join(dataDir, 'answers');
  mkdirSync(docs, { recursive: true });
  mkdirSync(answers, { recursive: true });
  const bytes: Record<number, number> = {};
  for (const n of SIZES) {
    const file = await textPdfFile(CACHE, n, log);
    copyFileSync(file, path.join(docs, `bench-${n}.pdf`));
    bytes[n] = statSync(file).size;
  }
  // The app's own route, for M7: an answer citing the 10-page document.
  writeFileSync(
    path.join(answers, 'bench-10.json'),
    JSON.stringify({
      format: 'citelens/1',
      id: 'bench-10',
      question: 'Benchmark',
      text: 'Page one says what it is [1].',
      documents: [{ id: 'bench-10', title: 'Benchmark, 10 pages' }],
      sources: [{ id: 'S1', documentId: 'bench-10', page: 1, quote: pageLine(1, 10) }],
    }),
  );
  const corpus = QUICK ? [] : corpusPdfs(path.resolve(root, '../shared/corpus'), 6);
  return {
    corpus: corpus.map((c, i) => {
      const id = `corpus-${i + 1}`;
      copyFileSync(c.file, path.join(docs, `${id}.pdf`));
      return { id, name: c.name, pages: c.pages };
    }),
    bytes,
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  let browser: Browser | undefined;
  const bench = benchRun(log, () => browser);
  const { tmp } = bench;
  try {
    const dist = path.resolve(root, arg('--dist') ?? path.join(tmp, 'app'));
    const refDist = buildApps(root, dist, tmp, SKIP_BUILD, log);

    const dataDir = path.join(tmp, 'data');
    const data = await prepareData(dataDir);
    const ready = /ready at (http:\/\/\S+\/)/;
    const serverEnv = { CITELENS_DATA: dataDir, CITELENS_DB: path.join(tmp, 'reviews.sqlite'), CITELENS_ASK: 'off' };
    // /bench is served only when asked for.
    const app = await startServer(root, 'src/server/main.ts', { ...serverEnv, CITELENS_DIST: dist, CITELENS_BENCH: '1' }, ready, PORT, log);
    const ref = await startServer(root, 'scripts/bench/ref-server.ts', { ...serverEnv, BENCH_REF_DIST: refDist }, ready, PORT ? PORT + 1 : 0, log);
    const loadStart = os.loadavg()[0]!;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const c = new Collector();
    const paired = new PairedJumps();
    const errors: string[] = [];
    const file = (id: string) => `/api/documents/${id}`;
    const viewersOf = (pass: number): Viewer[] => (pass % 2 ? ['reference', 'citelens'] : ['citelens', 'reference']);
    const attempt = async (key: string, v: Viewer, fn: () => Promise<void>) => {
      const t = Date.now();
      try {
        await fn();
        log(`  ${key} ${v}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
      } catch (e) {
        c.fail(key, v);
        log(`${key} ${v} FAILED: ${(e as Error).message.split('\n')[0]}`);
      }
    };

    // Warm-up, discarded: the servers' first requests, the OS file cache, Chromium's code caches.
    for (const v of ['citelens', 'reference'] as const) {
      const env: Env = { browser, citelens: app.url, reference: ref.url, dpr: 1, viewport: VIEWPORT, scale: 0, errors };
      await attempt('warm-up', v, async () => (await openViewer(env, v, file('bench-10'), TIMEOUT)).context.close());
    }
    c.clear('warm-up');

    if (SCROLL_MEMORY) {
      const env: Env = { browser, citelens: app.url, reference: ref.url, dpr: 1, viewport: VIEWPORT, scale: 0, errors };
      const runs = [] as { viewer: Viewer; samples: MemorySample[] }[];
      for (const v of ['citelens', 'reference'] as const) {
        log(`scrolling ${v} through 5,000 pages`);
        runs.push({ viewer: v, samples: await scrollMemory(env, v, file('bench-5000'), 10, TIMEOUT) });
      }
      process.stdout.write(`\n${scrollMemoryTable(runs)}\n`);
      if (errors.length) log(`page errors:\n  ${[...new Set(errors)].slice(0, 20).join('\n  ')}`);
      return;
    }

    for (const dpr of DPRS) {
      const env: Env = { browser, citelens: app.url, reference: ref.url, dpr, viewport: VIEWPORT, scale: 0, errors };
      for (let pass = 0; pass < PASSES; pass++) {
        for (const v of viewersOf(pass)) {
          log(`dpr ${dpr}, pass ${pass + 1}/${PASSES}, ${v} (${Math.round((Date.now() - started) / 1000)} s)`);
          // Three opens a pass: one is ~0.5 s, and on 2 cores a single open moves by ±20 %.
          for (let k = 0; k < OPENS_10; k++) {
            await attempt(`open-10@${dpr}`, v, async () => {
              const o = await openViewer(env, v, file('bench-10'), TIMEOUT);
              c.add(`open-10@${dpr}`, v, o.firstPaint);
              c.add(`ready-10@${dpr}`, v, o.readyAt);
              await o.context.close();
            });
          }
          for (const n of [1000, 5000] as const) {
            await attempt(`open-${n}@${dpr}`, v, async () => {
              const o = await openViewer(env, v, file(`bench-${n}`), TIMEOUT);
              try {
                c.add(`open-${n}@${dpr}`, v, o.firstPaint);
                c.add(`ready-${n}@${dpr}`, v, o.readyAt);
                c.add(`open-longest-${n}@${dpr}`, v, o.open.longest);
                c.add(`open-tbt-${n}@${dpr}`, v, o.open.tbt);
                log(`  opened ${n} p. in ${Math.round(o.firstPaint)} ms`);
                const j = await jumps(o.page, jumpPattern(n, pass), 10_000);
                log(
                  `  jumps: ${j.results.map((r) => `${r.page}:${r.paintMs === null ? 'timeout' : Math.round(r.paintMs)}/${r.textMs === null ? 'timeout' : Math.round(r.textMs)}${r.cached ? 'c' : ''}`).join(' ')}`,
                );
                paired.record(`${n}@${dpr}`, v, j.results);
                // citelens's viewer has no hook that says every page's size is known: its row reads "—".
                const settled = await settledSoFar(o.page);
                if (settled !== null) c.add(`settled-${n}@${dpr}`, v, settled);
                c.add(`jump-longest-${n}@${dpr}`, v, j.blocking.longest);
                c.add(`jump-tbt-${n}@${dpr}`, v, j.blocking.tbt);
                if (n !== 1000) return;
                const s = await scrollThrough(o.page, 200 + pass * 10, 100, 5000);
                c.add(`scroll-p95@${dpr}`, v, s.frameP95);
                c.add(`scroll-blank@${dpr}`, v, s.blankShare);
                log(`  scroll: p95 ${Math.round(s.frameP95)} ms, blank ${Math.round(s.blankShare * 100)} %, ${s.frames} frames`);
                if (QUICK && dpr !== 1) return;
                const st = await steadyState(browser!, o.page, n);
                for (const [phase, f] of [
                  ['steady', st.after],
                  ['closed', st.closed],
                ] as const) {
                  for (const [k, val] of Object.entries(f)) c.add(`${phase}-${k}@${dpr}`, v, val);
                  c.add(`${phase}-heapTotal@${dpr}`, v, f.heapMain + f.heapWorkers);
                }
                c.add(`text-per-page@${dpr}`, v, st.textPerPage);
                c.add(`text-max-per-page@${dpr}`, v, st.maxTextPerPage);
              } finally {
                await o.context.close();
              }
            });
          }
        }
        paired.flush(c);
      }
      if (dpr !== 1) continue;
      // The heap before any document is opened, and after each of two open → scroll → jumps → close cycles. Three
      // passes at most: the heaps read after a GC vary by a few % between sessions, and a session takes ~12 s a viewer.
      for (let pass = 0; pass < Math.min(PASSES, 3); pass++) {
        for (const v of viewersOf(pass)) {
          await attempt('heap-cycles', v, async () => {
            const h = await heapCycles(env, v, file('bench-1000'), 1000, 2);
            const [first, second] = h.closed as [number, number];
            c.add('heap-before', v, h.before);
            c.add('heap-closed-first', v, first);
            c.add('heap-closed-second', v, second);
            c.add('heap-return-first', v, first / h.before);
            c.add('heap-return-second', v, second / first);
            log(
              `  heap ${(h.before / 1048576).toFixed(1)} MB before opening, ${h.closed.map((x) => (x / 1048576).toFixed(1)).join(' / ')} MB after each closing`,
            );
          });
        }
      }
      for (let pass = 0; pass < PASSES; pass++) {
        for (const v of viewersOf(pass)) {
          await attempt('index', v, async () => {
            const o = await openViewer(env, v, file('bench-1000'), TIMEOUT);
            try {
              const r = await indexing(o.page, pageLine(1000, 1000), 1000);
              c.addOrFail('index-speed', v, r.pagesPerSecond);
              c.add('index-longest', v, r.blocking.longest);
              c.add('index-tbt', v, r.blocking.tbt);
            } finally {
              await o.context.close();
            }
          });
        }
      }
      for (const doc of data.corpus) {
        for (let pass = 0; pass < CORPUS_PASSES; pass++) {
          const pattern = jumpPattern(doc.pages, pass);
          let referenceJumps: BenchJumpResult[] | null = null;
          for (const v of viewersOf(pass)) {
            await attempt(`corpus-${doc.id}`, v, async () => {
              const o = await openViewer(env, v, file(doc.id), TIMEOUT);
              try {
                c.add(`open-${doc.id}`, v, o.firstPaint);
                c.add(`ready-${doc.id}`, v, o.readyAt);
                const { results } = await jumps(o.page, pattern, 10_000);
                paired.record(doc.id, v, results);
                if (v === 'reference') referenceJumps = results;
              } finally {
                await o.context.close();
              }
            });
          }
          // The same jumps when an answer cites those pages: citelens prepares them in the background during the 2 s
          // after the first paint (openViewer's wait, a reader reading). Set beside the reference's jumps of this pass,
          // which a citation click in pdf.js's viewer would be. Fewer passes: the full run stays under its 20 minutes.
          if (pass < PASSES && referenceJumps) {
            const asReference = referenceJumps;
            await attempt(`corpus-cited-${doc.id}`, 'citelens', async () => {
              const o = await openViewer(env, 'citelens', file(doc.id), TIMEOUT, pattern);
              try {
                paired.record(`cited-${doc.id}`, 'citelens', (await jumps(o.page, pattern, 10_000)).results);
                paired.record(`cited-${doc.id}`, 'reference', asReference);
              } finally {
                await o.context.close();
              }
            });
          }
          paired.flush(c);
        }
      }
    }

    log('JavaScript before first paint (M7)');
    const js = await firstPaintJs(browser, {
      bench: `${app.url}bench?file=${encodeURIComponent(file('bench-10'))}&scale=1`,
      app: `${app.url}?answer=bench-10&doc=bench-10`,
      reference: `${ref.url}?file=${encodeURIComponent(file('bench-10'))}&scale=1`,
      appDist: dist,
      refDist,
      viewport: VIEWPORT,
    });
    const budget = referenceJsSizes(root);

    const series = seriesOf(c, { dprs: DPRS, corpus: data.corpus, js, budget });
    const rows = series.map(toRow);
    const loadEnd = os.loadavg()[0]!;
    const cpu = os.cpus();
    const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, Chromium ${browser.version()} (headless, --disable-gpu)`;
    const load = `1-min load average ${loadStart.toFixed(1)} at the start, ${loadEnd.toFixed(1)} at the end`;
    const minutes = ((Date.now() - started) / 60000).toFixed(1);
    const git = (...a: string[]) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
    const code = `commit ${git('rev-parse', '--short', 'HEAD') || 'unknown'}${git('status', '--porcelain', '--', 'src', 'scripts', 'index.html', 'vite.config.ts') ? ' plus uncommitted changes' : ''}`;
    if (errors.length) log(`page errors:\n  ${[...new Set(errors)].slice(0, 20).join('\n  ')}`);
    process.stdout.write(`\n${textTable(rows)}\n\n${machine}; ${load}; ${minutes} min\n`);
    if (WRITE_DOCS) {
      // The options that change what is measured; where the build and the servers lived does not.
      const shown = argv.filter((a, i) => !['--dist', '--port', '--skip-build', '--no-write'].includes(a) && !['--dist', '--port'].includes(argv[i - 1] ?? ''));
      const command = `npx tsx scripts/bench-viewer.ts${shown.length ? ` ${shown.join(' ')}` : ''}`;
      writeBenchSection(
        'viewer',
        reportSection({
          command,
          code,
          machine,
          load,
          minutes,
          passes: PASSES,
          corpusPasses: CORPUS_PASSES,
          quick: QUICK,
          bytes: data.bytes,
          table: markdownTable(rows),
          rows,
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
