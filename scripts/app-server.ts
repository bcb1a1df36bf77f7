// Starts our own server (src/server/main.ts) on a free loopback port for a script (the load test, the answer bench)
// and resolves once it says it is ready.
import { spawn } from 'node:child_process';

export interface AppServer {
  base: string;
  pid: number;
  /** Resolves when the process is gone: a data folder may only be removed after that (requests still read it). */
  stop(): Promise<void>;
}

/** `nodeArgs`: flags for the server's Node before the script (the load test's `--memory`: `--expose-gc`, a probe). */
export async function startAppServer(cwd: string, env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = []): Promise<AppServer> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', CITELENS_ASK: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /citelens ready at (\S+)/.exec(out);
      if (m) resolve((m[1] as string).replace(/\/$/, ''));
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  });
  return {
    base,
    pid: child.pid as number,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
