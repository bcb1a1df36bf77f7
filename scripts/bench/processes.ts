// The bench's child processes: builds, and the two servers (the app, and the reference on the same server code).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function run(cwd: string, cmd: string, args: string[], env: NodeJS.ProcessEnv, log: (m: string) => void): void {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', process.stderr, process.stderr], env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];

export async function startServer(
  cwd: string,
  script: string,
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  port: number,
  log: (m: string) => void,
): Promise<{ url: string }> {
  const listen = port || (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(listen) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errText = '';
  child.stderr!.on('data', (d: Buffer) => (errText += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start: ${errText}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}): ${errText}`));
    });
  });
  log(`${script} (pid ${child.pid}) at ${url}`);
  return { url };
}

export async function stopChildren(): Promise<void> {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(child.pid, 'SIGTERM');
    const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * A bench run's temp folder: an interrupted run (SIGINT, SIGTERM) still stops its servers and the browser `current`
 * names, and removes the folder; `end()` does the same when the run is over.
 */
export function benchRun(log: (m: string) => void, current: () => { close(): Promise<unknown> } | undefined): { tmp: string; end(): Promise<void> } {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'citelens-bench-'));
  const end = async () => {
    await current()
      ?.close()
      .catch(() => undefined);
    await stopChildren();
    rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping`);
      void end().then(() => process.exit(130));
    });
  }
  return { tmp, end };
}

/**
 * The app built into `dist` (unless `reuse`) and the pdf.js reference pages built into `<tmp>/ref`, with the very
 * pdf.js resource folders of the app's build. Returns the reference's folder.
 */
export function buildApps(root: string, dist: string, tmp: string, reuse: boolean, log: (m: string) => void): string {
  if (!reuse) run(root, 'npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {}, log);
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is not built`);
  const refDist = path.join(tmp, 'ref');
  run(root, 'npx', ['vite', 'build', '--config', 'scripts/bench/vite.bench.config.ts'], { BENCH_REF_OUT: refDist }, log);
  cpSync(path.join(dist, 'pdfjs'), path.join(refDist, 'pdfjs'), { recursive: true });
  return refDist;
}
