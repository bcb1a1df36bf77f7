import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A server of a test's own (src/server/main.ts as `npm start` runs it), over a data folder and database the test made,
// for what the shared e2e server cannot show: a restart, a database deleted under it, other settings. Port 0 lets
// the system pick a free one; a restart may ask for the same port again (the browser's storage belongs to the
// address).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface OwnServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it wrote to stderr so far (its log). */
  log(): string;
}

export function startServer(env: Record<string, string>, port = 0): Promise<OwnServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /ready at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        const p = Number(m[1]);
        resolve({ child, port: p, base: `http://127.0.0.1:${p}`, log: () => err });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}${err}`)));
  });
}

export function stopServer(running: OwnServer): Promise<void> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    running.child.kill('SIGTERM');
  });
}
