import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// Playwright drives Debian's Chromium (never a downloaded browser) against the built app, served by our own
// server over a data folder made for the tests (e2e/serve-e2e.ts: the demo data plus a few test-only files).
const port = Number(process.env.E2E_PORT ?? 4183);

export default defineConfig({
  testDir: 'e2e',
  // The answer view also runs the review checks in the background (they share the pdf.js worker with the viewer),
  // and two workers share CI's 2 cores with the server: a first paint that takes 2 s alone took 15–20 s in a full
  // run (2026-11-30). The limits are about correctness, not speed (speed is `npm run bench`'s), so they are wide.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  // Two workers on CI's 2 cores. A test spends much of its time waiting (opening an answer and a citation costs
  // about 3.3 s of CPU, browser included, 2026-12-01), but a third worker made multi-document tests time out on a
  // loaded machine, so the suite keeps two until the app's own start-up work is smaller. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    // A trace records a screencast and DOM snapshots of every test, passed or not: that doubled the browser's CPU
    // (software compositing of each frame) and made the suite ~30 % slower on 2 cores. E2E_TRACE=1 turns it back on
    // to debug; a failure still leaves its screenshot and the page's aria snapshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx e2e/serve-e2e.ts',
    url: `http://127.0.0.1:${port}/api/answers`,
    env: { PORT: String(port), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
