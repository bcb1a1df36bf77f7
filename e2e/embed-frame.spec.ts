import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from '@playwright/test';
import { signedQuery } from '../src/node/embed/signed-link.ts';
import { expect, test } from './fixtures.ts';

// The server side of embedding, in a real Chromium: two portal pages on their own origins frame citelens. The
// allowed one may frame /embed (also sandboxed, where the page's origin is opaque and every asset, worker and
// API call is a CORS request from `Origin: null`); the other one, and any framing of a non-embed page, is
// refused by frame-ancestors. Signed links are framed by exactly their own origin.

const here = path.dirname(fileURLToPath(import.meta.url));
const SECRET = 'e2e-embed-secret-with-32-characters!';

let allowedPortal: Server;
let otherPortal: Server;
let citelens: ChildProcess;
let base: string;
let allowedOrigin: string;
let otherOrigin: string;

/** A portal page whose only content is the iframe given in its `?frame=` and `?sandbox=` parameters. */
function portal(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://portal');
    const src = url.searchParams.get('frame') ?? '';
    const sandbox = url.searchParams.get('sandbox');
    const attr = sandbox === null ? '' : ` sandbox="${sandbox}"`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>portal</title><iframe${attr} src="${src.replace(/"/g, '&quot;')}" style="width:1300px;height:800px"></iframe>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const originOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

test.beforeAll(async () => {
  allowedPortal = await portal();
  otherPortal = await portal();
  allowedOrigin = originOf(allowedPortal);
  otherOrigin = originOf(otherPortal);
  // Both portals are 127.0.0.1 on different ports: different origins, so the allowlist tells them apart.
  citelens = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(here, '..'),
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      CITELENS_EMBED_ORIGINS: `${allowedOrigin},http://127.0.0.1:1`,
      CITELENS_EMBED_SECRET: SECRET,
      // Its own review database: never the repo's .citelens/ that other servers may be using.
      CITELENS_DB: path.join(mkdtempSync(path.join(os.tmpdir(), 'citelens-embed-e2e-')), 'reviews.sqlite'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    citelens.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /citelens ready at (\S+)/.exec(out);
      if (m?.[1]) resolve(m[1].replace(/\/$/, ''));
    });
    citelens.on('exit', (code) => reject(new Error(`citelens exited with ${code}`)));
  });
});

test.afterAll(async () => {
  citelens?.kill('SIGTERM');
  await Promise.all([allowedPortal, otherPortal].map((s) => new Promise((r) => s?.close(r))));
});

async function openInPortal(page: Page, portalOrigin: string, src: string, sandbox?: string): Promise<Frame> {
  const params = new URLSearchParams({ frame: src, ...(sandbox !== undefined && { sandbox }) });
  await page.goto(`${portalOrigin}/?${params}`);
  await expect.poll(() => page.frames().length).toBe(2);
  return page.frames()[1] as Frame;
}

/** Chromium replaces a frame refused by frame-ancestors with its own error document. */
async function expectRefused(page: Page, frame: Frame): Promise<void> {
  await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveCount(0);
}

test.describe('embedding citelens in a portal', () => {
  test('an allowed portal frames /embed in a sandbox without allow-same-origin: the answer and the cited page show', async ({ page }) => {
    // In an opaque origin pdf.js cannot start its worker from an http: URL; the viewer starts it from a blob: URL
    // instead (src/features/viewer/document/pdf-worker.ts), so pdf.js never falls back to parsing on the main thread.
    test.setTimeout(90_000);
    const fakeWorker: string[] = [];
    page.on('console', (msg) => {
      if (/fake worker/i.test(msg.text())) fakeWorker.push(msg.text());
    });
    const frame = await openInPortal(page, allowedOrigin, `${base}/embed?answer=vendor-access&cite=2`, 'allow-scripts');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');
    // The highlight needs the document (fetched with CORS from Origin: null), the pdf.js worker and the text layer.
    await expect(frame.locator('[data-highlight][data-source-id="S2"]').first()).toBeVisible({ timeout: 60_000 });
    expect(fakeWorker, 'pdf.js fell back to its main-thread "fake worker"').toEqual([]);
    expect(await frame.evaluate(() => window.origin)).toBe('null');
  });

  test.describe('refused frames', () => {
    test.use({ allowConsoleErrors: [/frame-ancestors|Refused to (frame|display)/] });

    test('a portal that is not in the allowlist cannot frame /embed', async ({ page }) => {
      const frame = await openInPortal(page, otherOrigin, `${base}/embed?answer=vendor-access`);
      await expectRefused(page, frame);
    });

    test('nobody can frame the app outside /embed, not even an allowed portal', async ({ page }) => {
      const frame = await openInPortal(page, allowedOrigin, `${base}/?answer=vendor-access`);
      await expectRefused(page, frame);
    });

    test('a signed link is framed only by the origin it was signed for', async ({ page }) => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      // Signed for the other allowed origin (port 1): the allowed portal on its own port may not frame it.
      const foreign = `${base}/embed?${signedQuery(SECRET, { answer: 'vendor-access', origin: 'http://127.0.0.1:1', exp })}`;
      await expectRefused(page, await openInPortal(page, allowedOrigin, foreign));
    });
  });

  test.describe('signed links', () => {
    // The refused link's 403 is logged by the browser as a failed resource.
    test.use({ allowConsoleErrors: [/status of 403 \(Forbidden\).*\/embed\?/] });

    test('a signed link for the portal opens the answer; an expired one says so inside the frame', async ({ page }) => {
      test.slow();
      const now = Math.floor(Date.now() / 1000);
      const good = `${base}/embed?${signedQuery(SECRET, { answer: 'vendor-access', origin: allowedOrigin, exp: now + 600 })}`;
      const frame = await openInPortal(page, allowedOrigin, good, 'allow-scripts');
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText('How must vendors protect access to our systems?');

      const expired = `${base}/embed?${signedQuery(SECRET, { answer: 'vendor-access', origin: allowedOrigin, exp: now - 1 })}`;
      const refused = await openInPortal(page, allowedOrigin, expired, 'allow-scripts');
      await expect(refused.getByRole('heading', { level: 1 })).toHaveText('This embed link has expired');
    });
  });
});
