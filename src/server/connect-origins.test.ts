// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createApp } from './app.ts';
import { ConfigError } from '../node/config-error.ts';
import { readSecurityEnv } from './security.ts';

// The CSP of every page the server sends: no inline script, WebAssembly allowed (pdf.js decodes JPX and ICC colour
// with it), and connect-src limited to this server plus the origins an operator lists (a cross-origin API, hosts of
// absolute document URLs). /embed keeps its own frame-ancestors.

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-csp-'));
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'data'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>citelens</title>');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe('Content-Security-Policy', () => {
  it('by default: scripts only from this origin (plus wasm), no inline script, connect-src this server and blob:', async () => {
    const app = createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist'), ask: false });
    for (const url of ['/', '/answers/x', '/index.html']) {
      const csp = directives((await app.request(url)).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
      expect(csp.get('img-src')).toBe("'self' data: blob:");
      expect(csp.get('connect-src')).toBe("'self' blob:");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline'[^;]*;.*script|'unsafe-eval'/);
  });

  it('CITELENS_CONNECT_ORIGINS adds exactly those origins to connect-src, on / and on /embed', async () => {
    const security = readSecurityEnv({
      CITELENS_CONNECT_ORIGINS: 'https://docs.example.com, https://API.example.com:8443',
      CITELENS_EMBED_ORIGINS: 'https://portal.example.com',
    });
    const app = createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist'), ask: false, security });
    const page = directives((await app.request('/')).headers.get('content-security-policy'));
    expect(page.get('connect-src')).toBe("'self' blob: https://docs.example.com https://api.example.com:8443");
    expect(page.get('frame-ancestors')).toBe("'none'");
    const embed = directives((await app.request('/embed')).headers.get('content-security-policy'));
    expect(embed.get('connect-src')).toBe("'self' blob: https://docs.example.com https://api.example.com:8443");
    expect(embed.get('frame-ancestors')).toBe('https://portal.example.com');
  });

  it('refuses a value that is not a list of origins, naming the variable', () => {
    expect(() => readSecurityEnv({ CITELENS_CONNECT_ORIGINS: 'https://*.example.com' })).toThrow(ConfigError);
    expect(() => readSecurityEnv({ CITELENS_CONNECT_ORIGINS: 'https://docs.example.com/files' })).toThrow(/CITELENS_CONNECT_ORIGINS/);
  });
});
