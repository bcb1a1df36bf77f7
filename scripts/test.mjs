// `npm test`: everything CI checks, in order: typecheck, lint, unit tests, build, then Playwright in a real Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium was not found at ${chromium}; the browser tests need it. Install it with:\n`);
  console.error('  sudo apt-get update && sudo apt-get install -y chromium\n');
  console.error('(or set CHROMIUM_PATH to a Chromium or Chrome binary).');
  process.exit(1);
}

const steps = [
  ['typecheck', ['npx', 'tsc', '-p', '.']],
  ['lint', ['npx', 'eslint', '.']],
  ['unit tests', ['npx', 'vitest', 'run']],
  ['build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  ['browser tests', ['npx', 'playwright', 'test']],
];

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n── ${name} ──`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
