// Runs the command line in this process, as src/cli/main.ts does in its own: console output goes to stderr while it
// runs (pdf.js must never print to stdout), and the exit code is returned. A spawned `tsx` costs 3–10 s per case on
// CI's 2 cores; the few tests that need a real process (exit status, a FIFO that could block) still spawn one.
import { run } from '../cli/run.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const original = { log: console.log, info: console.info, warn: console.warn, debug: console.debug };
  const toErr = (...a: unknown[]) => void (stderr += a.map(String).join(' ') + '\n');
  console.log = console.info = console.warn = console.debug = toErr;
  try {
    const code = await run(
      args,
      (s) => void (stdout += s),
      (s) => void (stderr += s),
      env,
    );
    return { code, stdout, stderr };
  } finally {
    Object.assign(console, original);
  }
}
