#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch: restarts when its source changes) on
// http://127.0.0.1:4174, plus the vite dev server. vite.config.ts proxies /api to
// http://127.0.0.1:4174 — keep API_PORT and that proxy target in step.
//
// The environment passes through (CITELENS_DATA picks the data folder; PORT/HOST are set for the
// API server only, so they do not move it off 4174). Extra arguments go to vite
// (e.g. `npm run dev -- --port 5174 --host`). When either process exits, the other is stopped.

import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const API_PORT = 4174;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
const viteBin = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');

const children = new Set();
let exitCode = null;

function start(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  children.add(child);
  child.on('error', (err) => process.stderr.write(`dev: could not start ${name}: ${err.message}\n`));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (exitCode === null) {
      exitCode = code ?? (signal ? 128 + (constants.signals[signal] ?? 1) : 1);
      process.stderr.write(`dev: ${name} exited (${signal ?? code}); stopping\n`);
      for (const other of children) other.kill('SIGTERM');
    }
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (exitCode === null) exitCode = 0;
    for (const child of children) child.kill(signal);
  });
}

start('api server', [tsxCli, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(API_PORT),
});
start('vite', [viteBin, ...process.argv.slice(2)], process.env);
