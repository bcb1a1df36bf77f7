// The bench's child processes: builds, and the two servers (the app, and the reference on the same server code).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

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
