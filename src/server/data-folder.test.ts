// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { jsonDepthExceeds } from './data-folder.ts';

// What an attacker or a careless operator could do with the data folder: links out of it, a linked documents/
// directory, FIFOs, and every spelling of `../` in a URL. None may read a byte from outside.

const SECRET = 'TOP-SECRET-OUTSIDE';
let root: string;
let app: ReturnType<typeof createApp>;
let linkedDirApp: ReturnType<typeof createApp>;
const warnings: string[] = [];

function write(rel: string, content: string | Buffer) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-folder-'));
  // Outside the data folder, under names an id could reach.
  write('secret.pdf', `%PDF-1.7 ${SECRET}`);
  write('secret.json', JSON.stringify({ question: SECRET, text: SECRET }));
  write('secret.txt', SECRET);
  write('outside/secret.pdf', `%PDF-1.7 ${SECRET}`);
  write('outside/secret.meta.json', JSON.stringify({ version: SECRET }));
  write('dist/index.html', '<!doctype html><title>citelens</title>');

  write('data/documents/doc1.pdf', '%PDF-1.7 inside');
  write('data/answers/ok.json', JSON.stringify({ question: 'Fine?', text: 'yes', documents: [], sources: [] }));
  symlinkSync(path.join(root, 'secret.pdf'), path.join(root, 'data/documents/passwd.pdf'));
  symlinkSync(path.join(root, 'secret.txt'), path.join(root, 'data/documents/notes.txt'));
  symlinkSync(path.join(root, 'secret.json'), path.join(root, 'data/answers/leak.json'));
  symlinkSync(path.join(root, 'outside/secret.meta.json'), path.join(root, 'data/documents/doc1.meta.json'));
  // A link that stays inside is fine.
  symlinkSync(path.join(root, 'data/documents/doc1.pdf'), path.join(root, 'data/documents/alias.pdf'));
  execFileSync('mkfifo', [path.join(root, 'data/documents/fifo.pdf'), path.join(root, 'data/answers/fifo.json')]);

  // A data folder whose documents/ directory is itself a link out.
  mkdirSync(path.join(root, 'data2/answers'), { recursive: true });
  symlinkSync(path.join(root, 'outside'), path.join(root, 'data2/documents'));

  app = createApp({ dataDir: path.join(root, 'data'), distDir: path.join(root, 'dist'), warn: (m) => warnings.push(m), ask: false });
  linkedDirApp = createApp({ dataDir: path.join(root, 'data2'), warn: (m) => warnings.push(m), ask: false });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function body(res: Response): Promise<string> {
  return Buffer.from(await res.arrayBuffer()).toString('latin1');
}

describe('symlinks out of the data folder', () => {
  it('a document linked to a file outside is not served, and the operator is told', async () => {
    warnings.length = 0;
    const res = await app.request('/api/documents/passwd');
    expect(res.status).toBe(404);
    expect(await body(res)).not.toContain(SECRET);
    expect(warnings.join('\n')).toMatch(/refusing documents\/passwd\.pdf: .* outside the data folder/);
  });

  it('a Markdown or text document linked outside is refused too', async () => {
    const res = await app.request('/api/documents/notes');
    expect(res.status).toBe(404);
    expect(await body(res)).not.toContain(SECRET);
  });

  it('a documents/ directory that is a link out serves nothing from it', async () => {
    const res = await linkedDirApp.request('/api/documents/secret');
    // 403: its meta file (outside too) is refused first, and an unreadable meta file fails closed.
    expect([403, 404]).toContain(res.status);
    expect(res.headers.get('x-citelens-document-version')).toBeNull();
    expect(await body(res)).not.toContain(SECRET);
  });

  it('a linked meta.json neither leaks its version nor opens the document', async () => {
    const res = await app.request('/api/documents/doc1');
    expect(res.headers.get('x-citelens-document-version')).toBeNull();
    expect(await body(res)).not.toContain(SECRET);
  });

  it('an answer linked outside is listed as broken, with the reason, and never read', async () => {
    const list = await app.request('/api/answers');
    const text = await list.text();
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toContainEqual({ id: 'leak', broken: { reason: 'It is a link that leads outside the data folder' } });
    const res = await app.request('/api/answers/leak');
    expect(res.status).toBe(422);
    const json = await res.json();
    expect(json.error.code).toBe('invalid_answer');
    expect(JSON.stringify(json)).not.toContain(SECRET);
  });

  it('a link that stays inside the folder is served', async () => {
    const res = await app.request('/api/documents/alias');
    expect(res.status).toBe(200);
    expect(await body(res)).toBe('%PDF-1.7 inside');
  });

  it('a FIFO is refused at once, never waited on', async () => {
    const doc = await app.request('/api/documents/fifo');
    expect(doc.status).toBe(404);
    const answer = await app.request('/api/answers/fifo');
    expect(answer.status).toBe(422);
    expect((await answer.json()).error.message).toContain('not a regular file');
    const list = await (await app.request('/api/answers')).json();
    expect(list).toContainEqual({ id: 'fifo', broken: { reason: 'It is not a regular file' } });
  });
});

describe('traversal cannot leave the data folder', () => {
  const spellings = [
    '..%2F..%2Fsecret',
    '..%2Fsecret',
    '%2e%2e%2fsecret',
    '%2E%2E%2Fsecret',
    '..%5csecret',
    '..%5C..%5Csecret',
    '%252e%252e%252fsecret',
    'secret%00',
    '..%00%2fsecret',
    '%c0%ae%c0%ae%2fsecret',
    '%ef%bc%8e%ef%bc%8e%ef%bc%8fsecret',
    '..%e2%88%95secret',
    '..%c0%afsecret',
    '....%2f%2fsecret',
    '.%2e/secret',
    '..;/secret',
  ];
  const prefixes = ['/api/documents/', '/api/answers/', '/'];
  const cases = prefixes.flatMap((p) => spellings.map((s) => [`${p}${s}`] as const));
  cases.push(['/..%2Fsecret.json'], ['/%2e%2e/secret.json'], ['/assets/..%2f..%2fsecret.json'], ['/..%5csecret.json']);

  it.each(cases)('%s reads nothing outside', async (url) => {
    const res = await app.request(url);
    const text = await body(res);
    expect(text).not.toContain(SECRET);
    // A route-like path outside /api is the SPA's index.html (client-side routing); nothing else may answer 200.
    if (res.status === 200) expect(!url.startsWith('/api/') && text.includes('<title>citelens</title>'), url).toBe(true);
    else expect([400, 404], url).toContain(res.status);
  });
});

describe('jsonDepthExceeds', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[', b: '\\"[[[[' }), 2)).toBe(false);
  });
});
