import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readJudgeEnv } from './judge/config.ts';
import { createJudge, type Judge } from './judge/judge-answer.ts';
import { readAskEnv, type AskConfig } from './ask/config.ts';
import { ConfigError } from '../node/config-error.ts';
import { readLimitsEnv, type ServerLimits } from './limits.ts';
import type { ReviewRepository } from './review/repository.ts';
import { describeStore, openReviewBus, openReviewRepository, reviewStoreFromEnv, ReviewStoreError } from './review/open-database.ts';
import type { ReviewBus } from './review/review-bus.ts';
import { checkFolderWritable, StorageUnwritableError } from './review/storage-check.ts';
import { readSecurityEnv, securityWarnings, type SecurityOptions } from './security.ts';

// Entry point: `node --import tsx src/server/main.ts` (what `npm start` runs after building the SPA).
// Env: HOST (127.0.0.1), PORT (4173), CITELENS_DATA (the built-in demo data). Serves ../../dist.
// Embedding and access: CITELENS_EMBED_ORIGINS, CITELENS_API_TOKENS, CITELENS_EMBED_SECRET (docs/embed.md);
// an unusable value stops the server with exit code 2 before it listens.
// Reviewers' decisions: CITELENS_DB (SQLite file, default .citelens/reviews.sqlite under the working directory) or
// CITELENS_DATABASE_URL (postgres://…); a database that cannot be opened stops the server with exit code 1, one that
// opens but cannot be written (a read-only file, a full disk) with exit code 2, as does an answers folder that cannot
// be written while questions are on. Limits: CITELENS_RATE_*, CITELENS_EMBED_SESSIONS_*, CITELENS_ASK_MAX_* (limits.ts).
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
try {
  security = readSecurityEnv(process.env);
  limits = readLimitsEnv(process.env);
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
else {
  // Asked answers are stored in answers/: a folder that cannot take them would fail every question later.
  try {
    checkFolderWritable(path.join(dataDir, 'answers'), 'the answers folder, where asked answers are stored');
  } catch (e) {
    if (!(e instanceof StorageUnwritableError)) throw e;
    process.stderr.write(`citelens: ${e.message}; make it writable, or set CITELENS_ASK=off to serve the folder read-only\n`);
    process.exit(2);
  }
  if (ask.llm) {
    // never print credentials someone put in the URL
    const where = new URL(ask.llm.url);
    process.stderr.write(`citelens: questions are answered by ${ask.llm.model} at ${where.origin}${where.pathname}\n`);
  }
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

let review: ReviewRepository;
let reviewBus: ReviewBus;
try {
  const store = reviewStoreFromEnv(process.env, process.cwd());
  review = await openReviewRepository(store);
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

const app = createApp({ dataDir, distDir, security, review, reviewBus, ask, limits, ...(judge && { judge }) });

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
  process.stderr.write(`citelens: ${signal} received, shutting down\n`);
  const force = setTimeout(() => {
    process.stderr.write('citelens: connections did not close in time, exiting\n');
    process.exit(0);
  }, 5000);
  force.unref();
  // The review event streams never end by themselves: end them, or close() would wait for them until forced.
  void reviewBus.close();
  // Pending saves finish before the database closes: close() waits for open requests.
  server.close(() => {
    review.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`citelens: closing the review database failed: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  });
  // Keep-alive sockets would hold close() open; idle ones can go now.
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
