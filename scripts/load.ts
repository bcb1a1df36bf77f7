// Load figures of the reference server (docs/benchmarks.md, section bench:load). Not run in CI.
//
//   node --import tsx scripts/load.ts [--duration 20] [--rounds 3] [--connections 100] [--write] [--server-root DIR]
//     [--only WORD] [--answers N] [--memory | --gc | --heap-snapshots]
//
// To chase one finding cheaply: `--only ask --answers 100 --duration 10 --memory` runs the ask scenario alone over a
// small list and prints the server's heapUsed/heapTotal/external beside its RSS after every round.
// --server-root runs the server of another checkout (e.g. an older commit extracted with `git archive`, its
// node_modules linked) under the same conditions, to compare before and after a change.
//
// Starts `src/server/main.ts` as its own process on a loopback port over a temp data folder (the demo answers and
// documents, 100,000 small answers, one 1 MB PDF, one answer of 400 claims), then drives it with autocannon: an
// answer, pages of the list of 100,000, the PDF by 64 KB ranges (the 16 ranges in turn, as pdf.js fetches them), a
// review GET, review PUTs (round the claims of one answer, version after version), and POST /api/ask under the
// default per-client rate limit (one client: a few answers, then 429s). Each scenario runs `rounds` times; the
// server's RSS is read from /proc before a scenario and after every round, so a leak shows as growth across rounds.
// --write replaces the section in docs/benchmarks.md.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { claimIdsOf, reviewableAnswer } from '../src/testing/reviewable-answer.ts';
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
const onlyIndex = args.indexOf('--only');
/** `--only ask`: the scenarios whose name contains the word (a shorter run to chase one finding); never with --write. */
const ONLY = onlyIndex === -1 ? undefined : args[onlyIndex + 1];
if (ONLY !== undefined && (ONLY === '' || ONLY.startsWith('--'))) throw new Error("--only needs a word of a scenario's name, e.g. --only ask");
/**
 * `--memory`: the server runs with scripts/load-memory-probe.mjs; before a scenario and after each round it reports
 * heapUsed, heapTotal, external and RSS (stderr), so growth is placed in the JS heap or outside it. `--gc` collects
 * garbage first (what is still alive; it also changes how the heap grows), `--heap-snapshots` also writes a heap
 * snapshot each time (in the temp folder printed at the start; writing one raises RSS by itself).
 */
const GC = args.includes('--gc');
const MEMORY = args.includes('--memory') || GC || args.includes('--heap-snapshots');
const HEAP_SNAPSHOTS = args.includes('--heap-snapshots');
if (ONLY !== undefined && WRITE) throw new Error('--write rewrites the whole table: run every scenario');
const serverRootIndex = args.indexOf('--server-root');
const serverRoot = serverRootIndex === -1 ? repoRoot : path.resolve(args[serverRootIndex + 1] ?? '.');
const PDF_BYTES = 1024 * 1024;
/** `--answers N`: fewer small answers in the list (a faster start, a smaller heap to snapshot); 100,000 by default. */
const LIST_ANSWERS = Math.round(option('answers', 100_000));
const RANGE_BYTES = 64 * 1024;
const SAVE_CLAIMS = 400;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
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

// ---- the data folder -------------------------------------------------------------------------------------------
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-load-'));
cpSync(path.join(repoRoot, 'src/server/demo-data'), dataDir, { recursive: true });
// The bytes are not parsed by the document route: a PDF header and filler are enough to measure serving them.
const pdf = Buffer.alloc(PDF_BYTES, 0x20);
pdf.write('%PDF-1.7\n');
writeFileSync(path.join(dataDir, 'documents', 'load-1mb.pdf'), pdf);
mkdirSync(path.join(dataDir, 'answers'), { recursive: true });
for (let i = 0; i < LIST_ANSWERS; i++) {
  const id = `load-${String(i).padStart(6, '0')}`;
  writeFileSync(
    path.join(dataDir, 'answers', `${id}.json`),
    JSON.stringify({ id, question: `Load question ${i}?`, text: 'A short answer.', documents: [], sources: [] }),
  );
}
// An answer of 100 claims: the server takes saves only for claims its answers have.
const saveText = Array.from({ length: SAVE_CLAIMS }, (_, i) => `Claim number ${i} of the load answer is a sentence of its own.`).join(' ');
const saveAnswer = reviewableAnswer('load-saves', saveText);
writeFileSync(path.join(dataDir, 'answers', 'load-saves.json'), JSON.stringify(saveAnswer));
const claimIds = claimIdsOf(saveAnswer);

// Saves are measured without their per-client limit (autocannon is one client); questions with theirs.
const memoryDir = MEMORY ? mkdtempSync(path.join(os.tmpdir(), 'citelens-load-memory-')) : undefined;
const memoryFile = memoryDir && path.join(memoryDir, 'memory.jsonl');
if (memoryDir) process.stderr.write(`memory probe: ${memoryDir}\n`);
const server: AppServer = await startAppServer(
  serverRoot,
  {
    CITELENS_DATA: dataDir,
    CITELENS_DB: path.join(dataDir, 'reviews.sqlite'),
    CITELENS_ASK: 'on',
    CITELENS_RATE_SAVES: 'off',
    ...(memoryFile && {
      CITELENS_LOAD_MEMORY_FILE: memoryFile,
      CITELENS_LOAD_MEMORY_GC: GC ? '1' : '0',
      CITELENS_LOAD_HEAP_SNAPSHOTS: HEAP_SNAPSHOTS ? '1' : '0',
    }),
  },
  memoryFile ? [...(GC ? ['--expose-gc'] : []), '--import', pathToFileURL(path.join(repoRoot, 'scripts/load-memory-probe.mjs')).href] : [],
);

/** The server's memory as the probe reports it (after a forced collection with --gc); '' without --memory. */
async function serverMemory(): Promise<string> {
  if (!memoryFile) return '';
  const lines = () => (readFileSync(memoryFile, { encoding: 'utf8', flag: 'a+' }).trim() || '').split('\n').filter(Boolean);
  const before = lines().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 600 && lines().length === before; i++) await new Promise((r) => setTimeout(r, 100));
  const m = JSON.parse(lines().at(-1) ?? '{}') as Record<string, number>;
  return `; ${GC ? 'after GC' : 'memory'}: heapUsed ${m.heapUsed} MB (heapTotal ${m.heapTotal}), external ${m.external} MB (arrayBuffers ${m.arrayBuffers}), RSS ${m.rss} MB`;
}
const rssStart = rssMb(server.pid);
const question = JSON.stringify({ question: 'How long until unused vendor accounts are disabled?' });
// Warm up what a first request builds: the list's 100,000 summaries, the ask index (one question of the budget).
await fetch(`${server.base}/api/answers?limit=100`).then((r) => r.arrayBuffer());
await fetch(`${server.base}/api/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: question }).then((r) => r.arrayBuffer());

/**
 * Saves go round the claims (more claims than connections, so no two saves in flight share one), each with the
 * version its claim's last reply said: every save should land (200), none conflict. autocannon clears a request's
 * context before the next one, so the versions are kept here.
 */
let nextClaim = 0;
const versions = new Map<string, number>();
type SaveContext = { claim?: string };
const saveRequests: autocannon.Request[] = [
  {
    method: 'PUT',
    setupRequest: (req, ctx) => {
      const claim = claimIds[nextClaim++ % claimIds.length] as string;
      (ctx as SaveContext).claim = claim;
      const version = versions.get(claim) ?? 0;
      return {
        ...req,
        path: `/api/answers/load-saves/review/claims/${claim}`,
        headers: { 'Content-Type': 'application/json', 'If-Match': `"${version}"` },
        body: JSON.stringify({ decision: version % 2 ? 'verified' : 'rejected', note: `load ${version}` }),
      };
    },
    onResponse: (status, body, ctx) => {
      const claim = (ctx as SaveContext).claim;
      if (claim === undefined) return;
      const parsed = JSON.parse(body) as { version?: number; current?: { version: number } };
      const version = status === 200 ? parsed.version : parsed.current?.version;
      if (version !== undefined) versions.set(claim, version);
    },
  },
];

const scenarios: { name: string; url: string; requests?: autocannon.Request[] }[] = [
  { name: '`GET /api/answers/vendor-access`', url: `${server.base}/api/answers/vendor-access` },
  {
    name: `\`GET /api/answers?limit=100\` (the home page's first page of ${LIST_ANSWERS.toLocaleString('en')} answers)`,
    url: `${server.base}/api/answers?limit=100`,
  },
  { name: '`GET /api/answers?limit=100&after=load-050000` (a page in the middle)', url: `${server.base}/api/answers?limit=100&after=load-050000` },
  {
    name: '1 MB PDF by 64 KB ranges (`Range: bytes=…`, 16 ranges in turn)',
    url: `${server.base}/api/documents/load-1mb`,
    requests: Array.from({ length: PDF_BYTES / RANGE_BYTES }, (_, i) => ({
      method: 'GET' as const,
      headers: { Range: `bytes=${i * RANGE_BYTES}-${(i + 1) * RANGE_BYTES - 1}` },
    })),
  },
  { name: '`GET /api/answers/vendor-access/review`', url: `${server.base}/api/answers/vendor-access/review` },
  {
    name: `\`PUT …/review/claims/:claim\` (round the ${SAVE_CLAIMS} claims of one answer, version after version; \`CITELENS_RATE_SAVES=off\`)`,
    url: server.base,
    requests: saveRequests,
  },
  {
    name: '`POST /api/ask` under the default limit (30/min, burst 10, per client: autocannon is one client, so 429s)',
    url: `${server.base}/api/ask`,
    requests: [{ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: question }],
  },
];

const results: { name: string; rssBefore: number; rounds: Round[] }[] = [];
try {
  for (const s of scenarios.filter((x) => ONLY === undefined || x.name.toLowerCase().includes(ONLY.toLowerCase()))) {
    if (MEMORY) process.stderr.write(`${s.name} before${await serverMemory()}\n`);
    const rssBefore = rssMb(server.pid);
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const res = await round(s.url, s.requests);
      rounds.push({ ...res, rssAfter: rssMb(server.pid) });
      process.stderr.write(
        `${s.name} round ${r + 1}: ${res.rps.toFixed(0)} req/s, p99 ${res.p99} ms, non-2xx ${res.non2xx}, RSS ${rounds.at(-1)?.rssAfter.toFixed(0)} MB${await serverMemory()}\n`,
      );
    }
    results.push({ name: s.name, rssBefore, rounds });
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
      `| ${s.name} | ${i + 1} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} | ${i === 0 ? `${s.rssBefore.toFixed(0)} MB` : ''} | ${r.rssAfter.toFixed(0)} MB |`,
  ),
);
const section = [
  '<!-- bench:load -->',
  '## Server load (`scripts/load.ts`)',
  '',
  `autocannon, ${CONNECTIONS} connections, ${DURATION} s per round, ${ROUNDS} rounds per scenario, loopback, against`,
  `\`src/server/main.ts\` in its own process: the demo data plus ${LIST_ANSWERS.toLocaleString('en')} small answers, one 1 MB PDF and an answer of`,
  `${SAVE_CLAIMS} claims. RSS is the server process's before a scenario and after each round (${rssStart.toFixed(0)} MB after start, before the`,
  'list and the ask index were first built). Errors are connection errors and timeouts; non-2xx counts responses other than 200/206 (the ask',
  "scenario's are its 429s: the rate limit at work).",
  '',
  '| scenario | round | req/s | p50 | p99 | errors | non-2xx | RSS before | RSS after |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
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
