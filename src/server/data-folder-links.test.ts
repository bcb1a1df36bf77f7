// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

// Issue 34, break 1: the document route refused a link out of the data folder, but the ask index followed it and
// quoted /etc/passwd in a stored answer. Every route that reads the folder goes through one opener now; here links
// of every kind are planted (a file, a folder, a chain of two, /proc/self/environ) and no route may read them.

const SECRET = 'Zanzibar quartz marmalade ledger';
const SECRET_SENTENCE = `The ${SECRET} holds every vault combination of the company.`;
let root: string;
let data: string;
let app: ReturnType<typeof createApp>;
let linkedFolderApp: ReturnType<typeof createApp>;
const warnings: string[] = [];

function write(rel: string, content: string) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-links-'));
  data = path.join(root, 'data');
  // Outside the data folder: text the ask index would happily quote.
  write('outside/secret.md', `# Vault ledger\n\n${SECRET_SENTENCE} Nobody outside the board may read the ${SECRET}.\n`);
  write('outside/secret.txt', `${SECRET_SENTENCE} Only the board reads the ${SECRET}.\n`);
  write('outside/secret.meta.json', JSON.stringify({ title: SECRET, version: SECRET }));
  write('outside/answer.json', JSON.stringify({ id: 'leak', question: SECRET, text: SECRET_SENTENCE, documents: [], sources: [] }));

  write('data/documents/inside.md', '# Courier notes\n\nParcels to the north depot are collected at seven in the morning.\n');
  write('data/answers/ok.json', JSON.stringify({ id: 'ok', question: 'Fine?', text: 'yes', documents: [], sources: [] }));
  const docs = path.join(data, 'documents');
  // a file link, as in the issue (documents/passwd2.txt -> /etc/passwd), here to our own secret
  symlinkSync(path.join(root, 'outside/secret.txt'), path.join(docs, 'passwd2.txt'));
  // a chain: chained.md -> hop (inside the folder) -> outside
  symlinkSync(path.join(root, 'outside/secret.md'), path.join(docs, 'hop.lnk'));
  symlinkSync(path.join(docs, 'hop.lnk'), path.join(docs, 'chained.md'));
  // the process's own environment
  symlinkSync('/proc/self/environ', path.join(docs, 'environ.txt'));
  // a meta file linked out (its title and version must not leak, and it must not open the document)
  symlinkSync(path.join(root, 'outside/secret.meta.json'), path.join(docs, 'inside.meta.json'));
  symlinkSync(path.join(root, 'outside/answer.json'), path.join(data, 'answers', 'leak.json'));
  // a data folder whose documents/ folder is a link out
  mkdirSync(path.join(root, 'data2', 'answers'), { recursive: true });
  symlinkSync(path.join(root, 'outside'), path.join(root, 'data2', 'documents'));

  const warn = (m: string) => warnings.push(m);
  app = createApp({ dataDir: data, warn, ask: { streamDelayMs: 0 } });
  linkedFolderApp = createApp({ dataDir: path.join(root, 'data2'), warn, ask: { streamDelayMs: 0 } });
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Words that only the process environment holds (PATH's value is in /proc/self/environ). */
const environmentWords = () =>
  readFileSync('/proc/self/environ', 'latin1')
    .split('\0')
    .filter((e) => e.startsWith('PATH='))
    .map((e) => e.slice(5));

async function ask(target: ReturnType<typeof createApp>, question: string): Promise<string> {
  const res = await target.request('/api/ask', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ question }) });
  expect(res.status).toBe(201);
  return res.text();
}

/** Words only the files outside hold (a question may name the ledger; only a leak quotes these). */
const LEAK_MARKERS = ['holds every vault combination', 'Nobody outside the board', 'Only the board reads', 'Vault ledger'];

function expectNoLeak(text: string) {
  for (const marker of LEAK_MARKERS) expect(text).not.toContain(marker);
  for (const word of environmentWords()) expect(text).not.toContain(word);
  expect(text).not.toContain('PATH=');
}

describe('links out of the data folder are read by no route', () => {
  it('asking never quotes a linked file, a chain of links or /proc/self/environ, and says why in the log', async () => {
    warnings.length = 0;
    const answer = await ask(app, 'Who may read the Zanzibar quartz marmalade ledger with the vault combination?');
    expectNoLeak(answer);
    const environ = await ask(app, 'PATH usr local bin sbin HOME HOSTNAME NODE environment');
    expectNoLeak(environ);
    const log = warnings.join('\n');
    expect(log).toMatch(/refusing documents\/passwd2\.txt for questions: it resolves to .*outside\/secret\.txt, outside the data folder/);
    expect(log).toMatch(/refusing documents\/chained\.md for questions: it resolves to .*outside\/secret\.md/);
    expect(log).toMatch(/refusing documents\/environ\.txt for questions: it resolves to \/proc\/\d+\/environ/);
    // the document inside is indexed and found
    expect(await ask(app, 'When are parcels to the north depot collected?')).toContain('north depot');
  });

  it('a documents/ folder that is a link out gives the index nothing', async () => {
    expectNoLeak(await ask(linkedFolderApp, 'Who may read the Zanzibar quartz marmalade ledger?'));
  });

  it('documents, meta, answers and threads behind links answer without a byte of them', async () => {
    for (const url of ['/api/documents/passwd2', '/api/documents/chained', '/api/documents/environ', '/api/documents/hop']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expectNoLeak(await res.text());
    }
    const inside = await app.request('/api/documents/inside');
    // the linked meta file is refused (fail closed: it might have said "forbidden"), and leaks no version
    expect(inside.headers.get('x-citelens-document-version')).toBeNull();
    expectNoLeak(await inside.text());
    for (const url of ['/api/answers', '/api/answers/leak', '/api/answers/leak/thread', '/api/answers/ok/thread']) {
      const res = await app.request(url);
      expectNoLeak(await res.text());
    }
    expect((await app.request('/api/answers/leak/thread')).status).toBe(404);
    const follow = await app.request('/api/ask', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'And then?', answerId: 'leak' }),
    });
    expect(follow.status).toBe(404);
    expectNoLeak(await follow.text());
  });
});
