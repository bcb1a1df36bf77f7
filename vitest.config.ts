import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/register-catalogs.ts'],
    // Wide: a limit here catches a hang, not slowness (the property tests run thousands of cases on a loaded CI core).
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores, which on CI's 2 cores means one: the suite ran serially.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
