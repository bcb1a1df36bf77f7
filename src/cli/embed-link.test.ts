// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { makeFixture, PORTAL, SECRET } from '../server/embed/test-fixture.ts';
import { runCli } from '../testing/run-cli.ts';
import { runEmbedLink } from './embed-link.ts';

// Through the command line's `run` (as `citelens embed-link` runs it), with only the environment given here.
const cli = (args: string[], env: Record<string, string | undefined>) =>
  runCli(['embed-link', ...args], { ...process.env, CITELENS_EMBED_SECRET: undefined, CITELENS_EMBED_ORIGINS: undefined, ...env });

const fx = makeFixture();
afterAll(fx.cleanup);

describe('citelens embed-link', () => {
  it('prints one link the server accepts, framed by exactly that origin', async () => {
    const before = Math.floor(Date.now() / 1000);
    const r = await cli(['--answer', 'alpha', '--origin', PORTAL], { CITELENS_EMBED_SECRET: SECRET });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^\/embed\?answer=alpha&origin=https%3A%2F%2Fportal\.example\.com&exp=\d+&sig=[A-Za-z0-9_-]{43}\n$/);
    const exp = Number(new URL(r.stdout.trim(), 'http://x').searchParams.get('exp'));
    expect(exp - before).toBeGreaterThanOrEqual(600);
    expect(exp - before).toBeLessThanOrEqual(602);
    const res = await fx.app({ embedOrigins: [PORTAL], embedSecret: SECRET }).request(r.stdout.trim());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors ${PORTAL};`);
    const other = await fx.app({ embedOrigins: [PORTAL], embedSecret: `${SECRET}x` }).request(r.stdout.trim());
    expect(other.status).toBe(403);
  });

  it('exits 2 with a message when the secret is missing or short, printing nothing on stdout', async () => {
    const missing = await cli(['--answer', 'alpha', '--origin', PORTAL], {});
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/CITELENS_EMBED_SECRET is not set/);
    const short = await cli(['--answer', 'alpha', '--origin', PORTAL], { CITELENS_EMBED_SECRET: 'too-short-secret' });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 32 characters \(it has 16\)/);
    expect(short.stderr).not.toContain('too-short-secret');
  });

  it('exits 2 for bad usage', async () => {
    const env = { CITELENS_EMBED_SECRET: SECRET };
    for (const args of [
      [],
      ['--answer', 'alpha'],
      ['--origin', PORTAL],
      ['--answer', '../x', '--origin', PORTAL],
      ['--answer', 'alpha', '--origin', 'https://portal.example.com/page'],
      ['--answer', 'alpha', '--origin', PORTAL, '--ttl', '0'],
      ['--answer', 'alpha', '--origin', PORTAL, '--ttl', '1.5'],
      ['--answer', 'alpha', '--origin', PORTAL, '--base', 'ftp://x'],
      ['--answer', 'alpha', '--origin', PORTAL, '--secret', SECRET],
    ]) {
      const r = await cli(args, env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr, args.join(' ')).toMatch(/^citelens: /);
    }
  });

  it('honours --ttl and --base, and warns about an origin the local allowlist lacks', () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = runEmbedLink(
      ['--answer', 'a.1', '--origin', 'https://Other.example:443', '--ttl', '60', '--base', 'https://cite.example.com/tools/'],
      { CITELENS_EMBED_SECRET: SECRET, CITELENS_EMBED_ORIGINS: PORTAL },
      1_800_000_000_999,
      (s) => out.push(s),
      (s) => err.push(s),
    );
    expect(code).toBe(0);
    expect(out.join('')).toMatch(
      /^https:\/\/cite\.example\.com\/tools\/embed\?answer=a\.1&origin=https%3A%2F%2Fother\.example&exp=1800000060&sig=[\w-]{43}\n$/,
    );
    expect(err.join('')).toMatch(/warning: https:\/\/other\.example is not in CITELENS_EMBED_ORIGINS/);
  });
});
