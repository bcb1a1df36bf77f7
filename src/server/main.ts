import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readJudgeEnv } from './judge/config.ts';
import { createJudge, type Judge } from './judge/judge-answer.ts';
import { readAskEnv, type AskConfig } from './ask/config.ts';
import { ConfigError } from '../node/config-error.ts';
import { readLimitsEnv, type ServerLimits } from './limits.ts';
import { readOpsEnv, type OpsConfig } from './ops/config.ts';
import { createMetrics, indexSizeOf } from './ops/metrics.ts';
import { shutDown } from './ops/shutdown.ts';
import type { ReviewRepository } from './review/repository.ts';
import { describeStore, openReviewBus, openServerDatabase, reviewStoreFromEnv, ReviewStoreError, type ServerDatabase } from './review/open-database.ts';
import type { ReviewBus } from './review/review-bus.ts';
import { StorageUnwritableError } from './review/storage-check.ts';
import { readSecurityEnv, securityWarnings, type SecurityOptions } from './security.ts';

// Entry point: `node --import tsx src/server/main.ts` (what `npm start` runs after building the SPA).
// Env: HOST (127.0.0.1), PORT (4173), CITELENS_DATA (the built-in demo data). Serves ../../dist.
// Embedding and access: CITELENS_EMBED_ORIGINS, CITELENS_API_TOKENS, CITELENS_EMBED_SECRET (docs/embed.md);
// an unusable value stops the server with exit code 2 before it listens.
// Reviewers' decisions: CITELENS_DB (SQLite file, default .citelens/reviews.sqlite under the working directory) or
// CITELENS_DATABASE_URL (postgres://…); a database that cannot be opened stops the server with exit code 1, one that
// opens but cannot be written (a read-only file, a full disk) with exit code 2. Asked answers are stored there too:
// the data folder is read-only input, never written. Limits: CITELENS_RATE_*, CITELENS_EMBED_SESSIONS_*, CITELENS_ASK_MAX_* (limits.ts).
// Operations (docs/deploy.md): /healthz, /readyz, one JSON line per request on stderr, /metrics with
// CITELENS_METRICS=1, and on SIGTERM a graceful shutdown within CITELENS_SHUTDOWN_GRACE_MS (ops/).
// Prints exactly `citelens ready at http://HOST:PORT/` on stdout once listening; logs go to stderr.

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

const host = process.env.HOST || '127.0.0.1';
const portText = process.env.PORT || '4173';
const port = Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`citelens: invalid PORT "${portText}"\n`);
  process.exit(2);
}
const dataDir = path.resolve(process.env.CITELENS_DATA || path.join(here, 'demo-data'));
// CITELENS_DIST: another build folder (tests that build in parallel each use their own).
const distDir = path.resolve(repoRoot, process.env.CITELENS_DIST || 'dist');

if (!existsSync(dataDir)) process.stderr.write(`citelens: warning: data folder ${dataDir} does not exist\n`);
if (!existsSync(path.join(distDir, 'index.html'))) {
  process.stderr.write(`citelens: warning: ${distDir}/index.html is missing; only /api is served (run \`npm run build\`)\n`);
}

let security: SecurityOptions;
let limits: ServerLimits;
let ops: OpsConfig;
try {
  security = readSecurityEnv(process.env);
  limits = readLimitsEnv(process.env);
  ops = readOpsEnv(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(`citelens: ${e.message}\n`);
  process.exit(2);
}
for (const w of securityWarnings(security)) process.stderr.write(`citelens: warning: ${w}\n`);

// Asking questions: CITELENS_ASK=off, CITELENS_LLM_URL / _MODEL / _API_KEY / _TIMEOUT_MS (docs/api.md).
let ask: AskConfig | false;
try {
  ask = readAskEnv(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(`citelens: ${e.message}\n`);
  process.exit(2);
}
if (ask === false) process.stderr.write('citelens: asking questions is off (CITELENS_ASK=off)\n');
else if (ask.llm) {
  // never print credentials someone put in the URL
  const where = new URL(ask.llm.url);
  process.stderr.write(`citelens: questions are answered by ${ask.llm.model} at ${where.origin}${where.pathname}\n`);
}

// The model judge: CITELENS_JUDGE_URL / _MODEL / _API_KEY / _TIMEOUT_MS, else the ask answerer's model; CITELENS_JUDGE=off.
let judge: Judge | undefined;
try {
  const judgeConfig = readJudgeEnv(process.env);
  if (judgeConfig) {
    judge = createJudge(judgeConfig);
    const where = new URL(judgeConfig.url);
    process.stderr.write(`citelens: support verdicts are checked by ${judgeConfig.model} at ${where.origin}${where.pathname}\n`);
  }
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
  process.stderr.write(`citelens: ${e.message}\n`);
  process.exit(2);
}

let database: ServerDatabase;
let review: ReviewRepository;
let reviewBus: ReviewBus;
try {
  const store = reviewStoreFromEnv(process.env, process.cwd());
  database = await openServerDatabase(store);
  review = database.review;
  reviewBus = await openReviewBus(store, review);
  process.stderr.write(`citelens: review decisions in ${describeStore(store)}\n`);
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`citelens: ${e.message}\n`);
    process.exit(2);
  }
  if (e instanceof StorageUnwritableError) {
    process.stderr.write(`citelens: ${e.message}\n`);
    process.exit(2);
  }
  if (!(e instanceof ReviewStoreError)) throw e;
  process.stderr.write(`citelens: ${e.message}\n`);
  process.exit(1);
}

// CITELENS_BENCH=1: serve /bench, the viewer-only benchmark page (docs/benchmarks.md); never on by default.
const bench = process.env.CITELENS_BENCH === '1';
let draining = false;
const app = createApp({
  dataDir,
  distDir,
  security,
  review,
  reviewBus,
  ask,
  limits,
  asked: database.asked,
  sessions: database.sessions,
  searchIndex: database.searchIndex,
  indexAtStart: true,
  ops: {
    readiness: () => database.readiness(),
    draining: () => draining,
    ...(ops.requestLog && { requestLog: (line: string) => process.stderr.write(line) }),
    ...(ops.metrics && {
      metrics: createMetrics({ indexSize: indexSizeOf(database.searchIndex) }),
    }),
  },
  ...(judge && { judge }),
  bench,
});
if (ops.metrics) process.stderr.write('citelens: Prometheus metrics at /metrics (CITELENS_METRICS=1)\n');

const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  const shownHost = host.includes(':') ? `[${host}]` : host;
  process.stdout.write(`citelens ready at http://${shownHost}:${info.port}/\n`);
  process.stderr.write(`citelens: data from ${dataDir}\n`);
});

server.on('error', (err: NodeJS.ErrnoException) => {
  process.stderr.write(`citelens: cannot listen on ${host}:${port}: ${err.message}\n`);
  process.exit(1);
});

let closing = false;
function shutdown(signal: NodeJS.Signals): void {
  if (closing) return;
  closing = true;
  process.stderr.write(`citelens: ${signal} received, shutting down (open requests have ${ops.shutdownGraceMs} ms)\n`);
  void shutDown({
    server: server as Server,
    drain: () => (draining = true),
    endStreams: () => reviewBus.close(),
    closeDatabase: () => review.close(),
    graceMs: ops.shutdownGraceMs,
    log: (line) => process.stderr.write(line),
  }).then((code) => process.exit(code));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
