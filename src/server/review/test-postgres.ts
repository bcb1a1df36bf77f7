import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// For tests: a throwaway PostgreSQL cluster in a temp folder, on a free port, with its unix socket in that folder
// too, stopped (pg_ctl stop -m immediate) and deleted afterwards. It never touches a system cluster. As root (CI,
// containers) it runs as the `postgres` user, because initdb refuses to run as root.

export interface TestPostgres {
  url: string;
  stop(): void;
  /** The cluster's processes: the postmaster and every backend it started (to freeze them with SIGSTOP). */
  pids(): number[];
}

/** The postmaster of `dataDir` and its children, read from postmaster.pid and /proc (no procps needed). */
function clusterPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // `pid (comm) state ppid …`: comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** The directory holding initdb/pg_ctl: PG_BIN, Debian's /usr/lib/postgresql/<newest>/bin, or the PATH. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) if (dir) candidates.push(dir);
  return candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

export const POSTGRES_MISSING =
  'PostgreSQL binaries (initdb, pg_ctl) were not found in PG_BIN, /usr/lib/postgresql/*/bin or the PATH. ' +
  "Install Debian's postgresql package (apt-get install -y postgresql) to run the PostgreSQL half of the review suite.";

/** A port nobody listens on now (tests: the throwaway cluster, the two-replica test's nginx). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startTestPostgres(bin: string): Promise<TestPostgres> {
  const root = mkdtempSync(path.join(tmpdir(), 'citelens-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const r = spawnSync(command, argv, { encoding: 'utf8', cwd: root, timeout: 60_000 });
    if (r.status !== 0) {
      const log = existsSync(logFile) ? `\n${readFileSync(logFile, 'utf8').slice(-2000)}` : '';
      throw new Error(`${tool} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stderr}${r.stdout}${log}`);
    }
  };

  let started = false;
  const stop = () => {
    process.removeListener('exit', stop);
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
      } catch (e) {
        process.stderr.write(`test-postgres: ${(e as Error).message}\n`);
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that dies before its afterAll hook must not leave a postgres running.
  process.once('exit', stop);

  try {
    // --no-sync and fsync=off: a throwaway cluster has nothing to keep, and this saves seconds on a busy disk.
    run('initdb', ['-D', dataDir, '--auth=trust', '--username=postgres', '--no-sync', '--no-instructions', '-E', 'UTF8', '--locale=C']);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      "-c listen_addresses='127.0.0.1'",
      `-c unix_socket_directories='${root}'`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    started = true;
    run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', options]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, pids: () => clusterPids(dataDir) };
  } catch (e) {
    stop();
    throw e;
  }
}
