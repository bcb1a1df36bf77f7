// `npm test`: everything CI checks: typecheck, lint and build side by side, then unit tests, then Playwright in a real Chromium.
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}; the browser tests need it. Install it with:\n`);
  console.error('  sudo apt-get update && sudo apt-get install -y chromium\n');
  console.error('(or set CHROMIUM_PATH to a Chromium or Chrome binary).');
  process.exit(1);
}

// Each check is single-threaded, so on CI's 2 cores the typecheck, the lint and the build run side by side (their output
// is printed whole when each ends); the unit tests and the browser tests then take both cores each, one after another.
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const stages = [
  [
    ['typecheck', ['npx', 'tsc', '-p', '.']],
    ['lint', ['npx', 'eslint', '.']],
    ['format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']],
    ['build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  ],
  [['unit tests', ['npx', 'vitest', 'run']]],
  [['browser tests', ['npx', 'playwright', 'test']]],
];

function runStep([name, [cmd, ...args]], alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`\n── ${name} ──`);
        process.stdout.write(Buffer.concat(out));
      }
      if (code === 0) console.log(`${name} passed in ${seconds} s`);
      else console.error(`\n${name} failed (exit ${code ?? signal}) after ${seconds} s.`);
      resolve(code === 0);
    });
  });
}

for (const stage of stages) {
  const alone = stage.length === 1;
  if (alone) console.log(`\n── ${stage[0][0]} ──`);
  const results = await Promise.all(stage.map((step) => runStep(step, alone)));
  if (results.includes(false)) process.exit(1);
}
