import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// Playwright drives Debian's Chromium (never a downloaded browser) against the built app, served by our own
// server over a data folder made for the tests (e2e/serve-e2e.ts: the demo data plus a few test-only files).
const port = Number(process.env.E2E_PORT ?? 4183);

export default defineConfig({
  testDir: 'e2e',
  // The answer view now also runs the review checks in the background (they share the pdf.js worker with the
  // viewer), so a page paints later on a busy 2-core machine than it did; the limits leave room for that.
  timeout: 45_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
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
