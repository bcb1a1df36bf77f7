// How long a piece of work kept this process busy, for the tests that guard against quadratic or exponential work.
// CPU time (user + system) rather than the wall clock: on a loaded 2-core CI the wall clock also counts the time other
// processes held the cores (a 0.4 s adapter run read 8.9 s), while the work this process did stays about the same.
// Vitest runs each test file in its own process (the `forks` pool), so nothing else of the suite is counted.

function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Milliseconds of this process's CPU time that `run` took. */
export function cpuMs(run: () => unknown): number {
  const started = cpuNow();
  run();
  return cpuNow() - started;
}

/** Milliseconds of this process's CPU time that `run` took until its promise settled (work awaited elsewhere too). */
export async function cpuMsAsync(run: () => Promise<unknown>): Promise<number> {
  const started = cpuNow();
  await run();
  return cpuNow() - started;
}
