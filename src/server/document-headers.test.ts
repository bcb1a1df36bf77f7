// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeDocumentVersion } from '../api/document-version.ts';
import { createApp } from './app.ts';
import { parseApiTokens } from './auth.ts';
import { encodeHeaderText } from './document-headers.ts';

let root: string;
let app: ReturnType<typeof createApp>;
let locked: ReturnType<typeof createApp>;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-headers-'));
  const docs = path.join(root, 'documents');
  mkdirSync(docs, { recursive: true });
  mkdirSync(path.join(root, 'answers'));
  writeFileSync(path.join(docs, 'draft.pdf'), '%PDF-1.7 draft');
  writeFileSync(path.join(docs, 'draft.meta.json'), JSON.stringify({ version: '2026-03 — draft' }));
  writeFileSync(path.join(docs, 'plain.pdf'), '%PDF-1.7 plain');
  writeFileSync(path.join(docs, 'plain.meta.json'), JSON.stringify({ version: 'v3' }));
  app = createApp({ dataDir: root, ask: false });
  locked = createApp({ dataDir: root, ask: false, security: { apiTokens: parseApiTokens(`ann:${'a'.repeat(32)}`) } });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a version that is not Latin-1', () => {
  it('still serves the file, with the version percent-encoded, and the client reads it back', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await app.request('/api/documents/draft', { method });
      expect(res.status).toBe(200);
      const header = res.headers.get('x-citelens-document-version');
      expect(header).toBe('2026-03 %E2%80%94 draft');
      expect(decodeDocumentVersion(header)).toBe('2026-03 — draft');
      if (method === 'GET') expect(await res.text()).toBe('%PDF-1.7 draft');
    }
  });

  it('leaves a printable ASCII version as it is', async () => {
    const res = await app.request('/api/documents/plain', { method: 'HEAD' });
    expect(res.headers.get('x-citelens-document-version')).toBe('v3');
  });

  it.each(['v3', '2026-03 — draft', '50% off', 'Größe 日本語 🙂', 'line\nbreak', 'a\u0000b'])('round-trips %j', (v) => {
    const encoded = encodeHeaderText(v);
    expect(encoded).toMatch(/^[\x20-\x7e]*$/);
    expect(() => new Headers({ 'X-Citelens-Document-Version': encoded })).not.toThrow();
    expect(decodeDocumentVersion(encoded)).toBe(v.trim());
  });

  it('the client takes a raw value that is not percent-encoding as it is', () => {
    expect(decodeDocumentVersion('50%')).toBe('50%');
    expect(decodeDocumentVersion(null)).toBeUndefined();
  });
});

describe('a document is always an attachment, never shown by the browser', () => {
  // Chromium sends no Sec-Fetch-Dest to a plain-HTTP host other than localhost (issue 34, break 3): the disposition
  // must not depend on it. e2e/pdf-script.spec.ts opens a raw document URL on such a host and counts the dialogs.
  it.each<Record<string, string>>([{}, { 'Sec-Fetch-Dest': 'document' }, { 'Sec-Fetch-Dest': 'iframe' }, { 'Sec-Fetch-Dest': 'empty' }])(
    'with %j',
    async (headers) => {
      for (const method of ['GET', 'HEAD']) {
        const res = await app.request('/api/documents/draft', { method, headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-disposition')).toBe('attachment; filename="draft.pdf"');
        expect(res.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
        await res.arrayBuffer();
      }
    },
  );

  it('ranges (pdf.js) are attachments too, and still carry their bytes', async () => {
    const res = await app.request('/api/documents/draft', { headers: { 'Sec-Fetch-Dest': 'empty', Range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="draft.pdf"');
    expect(await res.text()).toBe('%PDF');
  });
});

describe('nosniff on every /api response', () => {
  it.each(['/api/answers', '/api/answers/none', '/api/answers/a%20b', '/api/nope', '/api/config', '/api/documents/draft'])(
    '%s, with and without API tokens (401s too)',
    async (url) => {
      for (const target of [app, locked]) {
        const res = await target.request(url);
        expect(res.headers.get('x-content-type-options'), `${url} ${res.status}`).toBe('nosniff');
        await res.arrayBuffer();
      }
    },
  );
});
