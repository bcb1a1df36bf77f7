// @vitest-environment node
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { firstHeading } from './answer-list.ts';

// GET /api/answers as an operator sees it: broken files are listed with their reason (and logged once, not on
// every request), big and deeply nested files are refused without being parsed, a BOM is no reason to vanish,
// and a long list comes in pages.

let root: string;
let answers: string;
let app: ReturnType<typeof createApp>;
const warnings: string[] = [];

function answer(id: string, content: string | Buffer) {
  writeFileSync(path.join(answers, `${id}.json`), content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'citelens-list-'));
  answers = path.join(root, 'answers');
  mkdirSync(answers, { recursive: true });
  answer('bom', `\uFEFF${JSON.stringify({ question: 'Saved by Notepad?', text: '', documents: [], sources: [] })}`);
  answer('bad-json', '{ "question": "half');
  answer('deep', `{"question":"deep","text":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  // 25 MB: over the cap. Mostly spaces, so the test writes it fast; the server must not read it.
  answer('huge', Buffer.concat([Buffer.from('{"question":"huge","text":"'), Buffer.alloc(25 * 1024 * 1024, 0x61), Buffer.from('"}')]));
  for (let i = 0; i < 7; i++) answer(`page-${i}`, JSON.stringify({ question: `Question ${i}` }));
  app = createApp({ dataDir: root, warn: (m) => warnings.push(m), ask: false });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

async function list(query = ''): Promise<{ id: string; question?: string; broken?: { reason: string } }[]> {
  const res = await app.request(`/api/answers${query}`);
  expect(res.status).toBe(200);
  return res.json();
}

describe('GET /api/answers', () => {
  it('lists a file with a UTF-8 byte order mark like any other', async () => {
    expect(await list()).toContainEqual({ id: 'bom', question: 'Saved by Notepad?', title: 'Saved by Notepad?' });
    const res = await app.request('/api/answers/bom');
    expect(res.status).toBe(200);
    expect((await res.json()).question).toBe('Saved by Notepad?');
  });

  it('lists malformed, oversized and too deeply nested files as broken, each with its reason', async () => {
    const items = await list();
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get('bad-json')).toEqual({ id: 'bad-json', broken: { reason: expect.stringMatching(/^It is not valid JSON/) } });
    expect(byId.get('huge')).toEqual({ id: 'huge', broken: { reason: 'It is too large (25.0 MB; at most 16.0 MB)' } });
    expect(byId.get('deep')).toEqual({ id: 'deep', broken: { reason: 'It nests deeper than 256 levels' } });
  });

  it('logs a broken file once, not on every request (summaries are cached until the file changes)', async () => {
    warnings.length = 0;
    await list();
    await list();
    expect(warnings.filter((w) => w.includes('bad-json'))).toEqual([]);
    answer('bad-json', '{ "question": "still half');
    utimesSync(path.join(answers, 'bad-json.json'), new Date(), new Date(Date.now() + 5000));
    // Edited in place: seen by the next look at the files, within a second.
    await expect.poll(async () => (await list(), warnings.filter((w) => w.includes('bad-json')).length), { timeout: 5000 }).toBe(1);
    await list();
    expect(warnings.filter((w) => w.includes('bad-json'))).toHaveLength(1);
  });

  it('sees an answer replaced by rename, or edited in place, within a second', async () => {
    writeFileSync(path.join(answers, '.page-0.tmp'), JSON.stringify({ question: 'Replaced question' }));
    renameSync(path.join(answers, '.page-0.tmp'), path.join(answers, 'page-0.json'));
    await expect.poll(async () => (await list()).find((i) => i.id === 'page-0')?.question, { timeout: 5000 }).toBe('Replaced question');
    answer('page-0', JSON.stringify({ question: 'Edited question' }));
    utimesSync(path.join(answers, 'page-0.json'), new Date(), new Date(Date.now() + 10_000));
    await expect.poll(async () => (await list()).find((i) => i.id === 'page-0')?.question, { timeout: 5000 }).toBe('Edited question');
  });

  it('answers 304 to a client that has this version of the page, and a new ETag once an answer is added', async () => {
    const first = await app.request('/api/answers?limit=2');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await app.request('/api/answers?limit=2', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    answer('aa-new', JSON.stringify({ question: 'New' }));
    const after = await app.request('/api/answers?limit=2', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    rmSync(path.join(answers, 'aa-new.json'));
  });

  it('sees an answer added or removed at once, though an unchanged list is sent from what was made before', async () => {
    const before = await list();
    expect(await list()).toEqual(before);
    answer('zz-added', JSON.stringify({ question: 'Added later' }));
    const added = await list();
    expect(added.map((i) => i.id)).toContain('zz-added');
    rmSync(path.join(answers, 'zz-added.json'));
    expect((await list()).map((i) => i.id)).toEqual(before.map((i) => i.id));
  });

  it('pages with ?limit and ?after, with the total and a link to the next page', async () => {
    const all = await list();
    const first = await app.request('/api/answers?limit=3');
    expect(first.headers.get('x-total-count')).toBe(String(all.length));
    const firstItems = await first.json();
    expect(firstItems).toEqual(all.slice(0, 3));
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBe(`/api/answers?limit=3&after=${all[2]!.id}`);
    const seen = [...firstItems];
    let url: string | undefined = next;
    while (url) {
      const res = await app.request(url);
      seen.push(...(await res.json()));
      url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
    }
    expect(seen).toEqual(all);
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'after=..%2Fx'])('refuses ?%s with a 400 that says why', async (q) => {
    const res = await app.request(`/api/answers?${q}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('bad_request');
  });
});

describe('GET /api/answers/:id of a file that cannot be read', () => {
  it.each([
    ['bad-json', 'invalid_json', /not valid JSON/],
    ['huge', 'invalid_answer', /too large \(25\.0 MB; at most 16\.0 MB\)/],
    ['deep', 'invalid_answer', /nests deeper than 256 levels/],
  ])('%s: 422 %s, not a 500 "internal"', async (id, code, message) => {
    const res = await app.request(`/api/answers/${id}`);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message).toMatch(message);
  });
});

describe('firstHeading', () => {
  it('takes the first ATX heading without its closing hashes', () => {
    expect(firstHeading('intro\n\n## Heading A ##\n\nbody')).toBe('Heading A');
    expect(firstHeading('no heading')).toBeUndefined();
  });

  it('is linear on a long line of hashes (the old lazy regex was quadratic)', () => {
    const text = `# ${'#'.repeat(200_000)}x${' '.repeat(200_000)}`;
    expect(firstHeading(text)).toBe(`${'#'.repeat(200_000)}x`);
  });
});
