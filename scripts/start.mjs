#!/usr/bin/env node
// `npm start`: build the SPA if dist/ is missing or stale, then run the reference server.
//
// - The build's output goes to stderr, so stdout carries only the server's
//   `citelens ready at http://HOST:PORT/` line (scripts and tests wait for it).
// - The server runs as `node --import <tsx loader> src/server/main.ts` (Node >= 20.6), with the
//   environment passed through (HOST, PORT, CITELENS_DATA). SIGINT/SIGTERM/SIGHUP are forwarded and
//   the server's exit code becomes ours.
// - CITELENS_SKIP_BUILD=1 skips the freshness check and the build.

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (msg) => process.stderr.write(`start: ${msg}\n`);

/** Newest mtime (ms) of a file, or of all files under a folder; `skip` holds absolute paths to leave out. */
function newestMtime(target, skip = new Set()) {
  if (skip.has(target) || !existsSync(target)) return 0;
  const s = statSync(target);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.DS_Store') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), skip));
  }
  return newest;
}

function needsBuild() {
  const built = path.join(root, 'dist', 'index.html');
  if (!existsSync(built)) return 'dist/index.html is missing';
  const builtAt = statSync(built).mtimeMs;
  const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'];
  const skip = new Set([path.join(root, 'src', 'server')]);
  for (const input of inputs) {
    if (newestMtime(path.join(root, input), skip) > builtAt) return `${input} changed since the last build`;
  }
  return null;
}

let child = null;
let stopping = null;

function run(command, args, stdio) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, env: process.env, stdio });
    child.on('error', (err) => {
      log(`could not run ${command}: ${err.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve({ code, signal });
    });
  });
}

function exitCodeOf({ code, signal }) {
  if (code !== null && code !== undefined) return code;
  if (signal) return 128 + (constants.signals[signal] ?? 1);
  return 1;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = signal;
    if (child) child.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

async function main() {
  const reason = process.env.CITELENS_SKIP_BUILD === '1' ? null : needsBuild();
  if (reason) {
    log(`building the SPA (${reason})`);
    const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    const [cmd, args] = existsSync(viteBin) ? [process.execPath, [viteBin, 'build']] : ['npx', ['vite', 'build']];
    // Build output -> our stderr; stdout is reserved for the ready line.
    const result = await run(cmd, args, ['ignore', 2, 2]);
    if (stopping) process.exit(exitCodeOf(result));
    if (exitCodeOf(result) !== 0) {
      log('the build failed');
      process.exit(exitCodeOf(result));
    }
  }

  const tsxLoader = import.meta.resolve('tsx');
  const result = await run(process.execPath, ['--import', tsxLoader, path.join(root, 'src', 'server', 'main.ts')], 'inherit');
  process.exit(exitCodeOf(result));
}

main().catch((err) => {
  log(err?.stack ?? String(err));
  process.exit(1);
});
