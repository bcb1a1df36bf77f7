// citelens command line. `npm run --silent cli -- locate FILE.pdf (--quotes Q.json | --quote TEXT [--page N])
// [--password PW]`. stdout carries exactly one JSON array; everything else goes to stderr.
import { run } from './run.ts';

async function main(): Promise<void> {
  const realStdout = process.stdout.write.bind(process.stdout);
  // pdf.js (and anything else) must never print to stdout: route console output to stderr while running.
  const original = { log: console.log, info: console.info, warn: console.warn, debug: console.debug };
  const toErr = (...a: unknown[]) => process.stderr.write(a.map(String).join(' ') + '\n');
  console.log = console.info = console.warn = console.debug = toErr;
  let code: number;
  try {
    code = await run(
      process.argv.slice(2),
      (s) => void realStdout(s),
      (s) => void process.stderr.write(s),
    );
  } catch (e) {
    process.stderr.write(`citelens: ${(e as Error)?.stack ?? String(e)}\n`);
    code = 2;
  } finally {
    Object.assign(console, original);
  }
  process.exitCode = code;
}

await main();
