// @vitest-environment node
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

// Markdown and plain-text documents of the data folder: served as text with nosniff, and declared as such on the
// answer's document references, since `/api/documents/<id>` names no type.

let root: string;
let app: ReturnType<typeof createApp>;

function write(rel: string, content: string) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-text-docs-'));
  write(
    'answers/mixed.json',
    JSON.stringify({
      id: 'mixed',
      text: 'A [1] B [2] C [3] D [4]',
      documents: [
        { id: 'runbook', title: 'Runbook' },
        { id: 'notes', title: 'Notes', url: '/api/documents/notes' },
        { id: 'policy', title: 'Policy' },
        { id: 'declared', title: 'Declared', mediaType: 'text/plain' },
        { id: 'elsewhere', title: 'Elsewhere', url: 'https://example.com/runbook' },
      ],
      sources: [],
    }),
  );
  write('documents/runbook.md', '# Setup\n\nÜber 🚀\n');
  write('documents/notes.txt', 'plain');
  write('documents/policy.pdf', '%PDF-1.7');
  write('documents/declared.md', '# D');
  write('documents/elsewhere.md', '# E');
  app = createApp({ dataDir: root });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('text documents', () => {
  it('declares the media type of stored Markdown and text documents on the answer', async () => {
    const res = await app.request('/api/answers/mixed');
    const body = (await res.json()) as { documents: Array<{ id: string; url: string; mediaType?: string }> };
    const byId = Object.fromEntries(body.documents.map((d) => [d.id, d]));
    expect(byId.runbook).toMatchObject({ url: '/api/documents/runbook', mediaType: 'text/markdown' });
    expect(byId.notes).toMatchObject({ mediaType: 'text/plain' });
    // A PDF stays without a type, a declared type is kept, a foreign URL is not ours to describe.
    expect(byId.policy!.mediaType).toBeUndefined();
    expect(byId.declared!.mediaType).toBe('text/plain');
    expect(byId.elsewhere!.mediaType).toBeUndefined();
  });

  it('serves Markdown and text as UTF-8 text that the browser may not sniff', async () => {
    const md = await app.request('/api/documents/runbook');
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(md.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await md.text()).toBe('# Setup\n\nÜber 🚀\n');
    const txt = await app.request('/api/documents/notes');
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
