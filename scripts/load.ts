// Load figures of the reference server (docs/benchmarks.md, section bench:load). Not run in CI.
//
//   node --import tsx scripts/load.ts [--duration 20] [--rounds 3] [--connections 100] [--write] [--server-root DIR]
//
// --server-root runs the server of another checkout (e.g. an older commit extracted with `git archive`, its
// node_modules linked) under the same conditions, to compare before and after a change.
//
// Starts `src/server/main.ts` as its own process on a loopback port over a temp data folder (one answer, one 1 MB
// PDF), then drives it with autocannon: GET /api/answers/:id, and the PDF by 64 KB ranges (the 16 ranges in turn,
// as pdf.js fetches them). Each scenario runs `rounds` times (a bounded loop); the server's RSS is read from
// /proc after every round, so a leak shows as growth across rounds. --write replaces the section in
// docs/benchmarks.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, cpSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startAppServer, type AppServer } from './app-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const v = i === -1 ? fallback : Number(args[i + 1]);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
};
const DURATION = option('duration', 20);
const ROUNDS = Math.min(option('rounds', 3), 10);
const CONNECTIONS = option('connections', 100);
const WRITE = args.includes('--write');
const serverRootIndex = args.indexOf('--server-root');
const serverRoot = serverRootIndex === -1 ? repoRoot : path.resolve(args[serverRootIndex + 1] ?? '.');
const PDF_BYTES = 1024 * 1024;
const LIST_ANSWERS = 5000;
const RANGE_BYTES = 64 * 1024;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

function startServer(dataDir: string): Promise<AppServer> {
  return startAppServer(serverRoot, { CITELENS_DATA: dataDir, CITELENS_DB: path.join(dataDir, 'reviews.sqlite') });
}

interface Round {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
  rssAfter: number;
}

async function round(url: string, requests?: autocannon.Request[]): Promise<Omit<Round, 'rssAfter'>> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...(requests && { requests }) });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-load-'));
mkdirSync(path.join(dataDir, 'documents'), { recursive: true });
cpSync(path.join(repoRoot, 'src/server/demo-data/answers'), path.join(dataDir, 'answers'), { recursive: true });
// The bytes are not parsed by the server: a PDF header and filler are enough to measure serving them.
const pdf = Buffer.alloc(PDF_BYTES, 0x20);
pdf.write('%PDF-1.7\n');
writeFileSync(path.join(dataDir, 'documents', 'load-1mb.pdf'), pdf);
// The answer list over 5,000 answers (issue 9: it used to read and parse every file on every request).
const template = JSON.parse(readFileSync(path.join(dataDir, 'answers', 'vendor-access.json'), 'utf8')) as { id: string; question: string };
for (let i = 0; i < LIST_ANSWERS; i++) {
  writeFileSync(path.join(dataDir, 'answers', `load-${i}.json`), JSON.stringify({ ...template, id: `load-${i}`, question: `${template.question} (${i})` }));
}

const server = await startServer(dataDir);
const rssStart = rssMb(server.pid);
const scenarios: { name: string; url: string; requests?: autocannon.Request[] }[] = [
  { name: '`GET /api/answers/vendor-access`', url: `${server.base}/api/answers/vendor-access` },
  { name: `\`GET /api/answers\` (the whole list, as the home page asks: ${LIST_ANSWERS.toLocaleString('en')} answers, 0.5 MB of JSON)`, url: `${server.base}/api/answers` },
  { name: `\`GET /api/answers?limit=100\` (a page of that list)`, url: `${server.base}/api/answers?limit=100` },
  {
    name: '1 MB PDF by 64 KB ranges (`Range: bytes=…`, 16 ranges in turn)',
    url: `${server.base}/api/documents/load-1mb`,
    requests: Array.from({ length: PDF_BYTES / RANGE_BYTES }, (_, i) => ({
      method: 'GET' as const,
      headers: { Range: `bytes=${i * RANGE_BYTES}-${(i + 1) * RANGE_BYTES - 1}` },
    })),
  },
];
const results: { name: string; rounds: Round[] }[] = [];
try {
  for (const s of scenarios) {
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const res = await round(s.url, s.requests);
      rounds.push({ ...res, rssAfter: rssMb(server.pid) });
      process.stderr.write(`${s.name} round ${r + 1}: ${res.rps.toFixed(0)} req/s, p99 ${res.p99} ms, RSS ${rounds.at(-1)?.rssAfter.toFixed(0)} MB\n`);
    }
    results.push({ name: s.name, rounds });
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const load = os.loadavg().map((l) => l.toFixed(1));
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const rows = results.flatMap((s) =>
  s.rounds.map(
    (r, i) =>
      `| ${s.name} | ${i + 1} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} | ${r.rssAfter.toFixed(0)} MB |`,
  ),
);
const section = [
  '<!-- bench:load -->',
  '## Server load (`scripts/load.ts`)',
  '',
  `autocannon, ${CONNECTIONS} connections, ${DURATION} s per round, ${ROUNDS} rounds per scenario, loopback, against`,
  `\`src/server/main.ts\` in its own process (the demo answers plus ${LIST_ANSWERS.toLocaleString('en')} copies of one, one 1 MB PDF, \`CITELENS_ASK=off\`). RSS is the server`,
  `process's after each round (${rssStart.toFixed(0)} MB after start). Errors are connection errors and timeouts;`,
  'non-2xx counts responses other than 200/206.',
  '',
  '| scenario | round | req/s | p50 | p99 | errors | non-2xx | server RSS |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  `Generated by \`node --import tsx scripts/load.ts --write\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${os.cpus().length} cores (${cpu}),`,
  `Node ${process.version}; load average ${load.join(' / ')} (1/5/15 min) at the end: autocannon runs on the same cores`,
  'as the server, and other jobs shared the machine, so absolute figures are noisy.',
  '<!-- /bench:load -->',
].join('\n');
process.stdout.write(`${section}\n`);

if (WRITE) {
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const re = /<!-- bench:load -->[\s\S]*?<!-- \/bench:load -->/;
  writeFileSync(file, re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`);
  process.stderr.write(`wrote ${path.relative(repoRoot, file)}\n`);
}
