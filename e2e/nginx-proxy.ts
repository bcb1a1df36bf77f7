import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from '../src/server/review/test-postgres.ts';

// Debian's nginx in front of several citelens servers, for the two-replica test (issue 39): a config generated per
// run (the one docs/deploy.md shows), a prefix folder of its own (pid, logs, temp files), no daemon, stopped by the
// test. Round-robin, no sticky sessions, and no buffering, so server-sent events reach the browser as they are sent.

/** nginx's path: NGINX_BIN (when set, only it), Debian's /usr/sbin/nginx, or the PATH; null when there is none. */
export function findNginx(): string | null {
  if (process.env.NGINX_BIN) return existsSync(process.env.NGINX_BIN) ? process.env.NGINX_BIN : null;
  const candidates = ['/usr/sbin/nginx', ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'nginx'))];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

export const NGINX_MISSING =
  "nginx was not found (NGINX_BIN, else /usr/sbin/nginx or the PATH): install Debian's nginx (apt-get install -y nginx) to run the two-replica test.";

/**
 * The whole config. `upstreams` are `host:port` of the replicas; `prefix` holds the pid file, the error log and
 * nginx's temp folders. The `http` block is what a deployment needs (docs/deploy.md); the rest is this test's.
 */
export function nginxConfig(o: { listen: string; upstreams: readonly string[]; prefix: string }): string {
  const servers = o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n');
  const temp = (name: string) => path.join(o.prefix, 'temp', name);
  return `worker_processes 1;
pid ${path.join(o.prefix, 'nginx.pid')};
error_log ${path.join(o.prefix, 'error.log')} warn;
events { worker_connections 512; }

http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};

  # Round-robin (nginx's default), no sticky sessions: every request may go to any replica.
  upstream citelens {
${servers}
    keepalive 16;
  }

  server {
    listen ${o.listen};
    # The largest body citelens takes is 64 KiB (a question); PDFs only go out.
    client_max_body_size 1m;

    location / {
      proxy_pass http://citelens;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Our request log and nginx's name the same request.
      proxy_set_header X-Request-Id $request_id;
      # Server-sent events (the live review stream, streamed answers) pass through as they are written.
      proxy_buffering off;
      # The live review stream stays open for hours; it sends a comment every 20 s.
      proxy_read_timeout 1h;
      # A replica that refuses the connection (stopped, restarting): the request goes to the next one. nginx never
      # resends a POST that reached a replica, so a question is never asked twice behind the client's back.
      proxy_next_upstream error timeout http_502 http_503;
      # The test's only: which replica answered. Leave it out in production (it shows internal addresses).
      add_header X-Citelens-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface RunningNginx {
  base: string;
  child: ChildProcess;
  config: string;
  log(): string;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startNginx(bin: string, prefix: string, upstreams: readonly string[]): Promise<RunningNginx> {
  for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, 'temp', t), { recursive: true });
  const port = await freePort();
  const config = nginxConfig({ listen: `127.0.0.1:${port}`, upstreams, prefix });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(bin, ['-p', prefix, '-c', file, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (err += c.toString()));
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${err}`);
    if (await accepts(port)) return { base: `http://127.0.0.1:${port}`, child, config, log: () => err };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not listen on ${port}: ${err}`);
}

export function stopNginx(running: RunningNginx | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!running || running.child.exitCode !== null) return resolve();
    running.child.once('exit', () => resolve());
    // SIGTERM: nginx's fast shutdown (it closes the long-lived streams at once).
    running.child.kill('SIGTERM');
  });
}
