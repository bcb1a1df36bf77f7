// @vitest-environment node
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './test-server.ts';
import { findPostgresBin, POSTGRES_MISSING, startTestPostgres, type TestPostgres } from './review/test-postgres.ts';

// Issue 39: the data folder is read-only input and asked answers live in the database. The real server (main.ts, as
// `npm start` runs it) over a copy of the demo data: a question and a follow-up are asked, the server is stopped and
// started again, the thread is still there, and not one file under the data folder was added, removed or changed.

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = path.join(here, 'demo-data');

/** Every file under `dir` with its content hash: what "the folder did not change" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else out[path.relative(dir, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

async function ask(url: string, body: object): Promise<{ id: string; thread: { id: string; turn: number } }> {
  const res = await fetch(`${url}/api/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { answer: { id: string; thread: { id: string; turn: number } } }).answer;
}

function restartContract(database: () => Record<string, string>) {
  let work: string;
  let dataDir: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'citelens-state-'));
    dataDir = path.join(work, 'data');
    cpSync(demo, dataDir, { recursive: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('an asked thread survives a restart, and no file under the data folder changes', async () => {
    const before = snapshot(dataDir);
    const env = { CITELENS_DATA: dataDir, ...database() };
    const first = await startServerProcess(env, work);
    let root: string;
    let followUp: string;
    try {
      const a = await ask(first.url, { question: 'How long until unused vendor accounts are disabled?' });
      const b = await ask(first.url, { question: 'And who reviews them?', answerId: a.id });
      expect(b.thread).toEqual({ id: a.id, turn: 2 });
      root = a.id;
      followUp = b.id;
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(snapshot(dataDir)).toEqual(before);

    const second = await startServerProcess(env, work);
    try {
      const thread = (await (await fetch(`${second.url}/api/answers/${followUp}/thread`)).json()) as {
        id: string;
        turns: { answerId: string; turn: number }[];
      };
      expect(thread).toMatchObject({
        id: root,
        turns: [
          { answerId: root, turn: 1 },
          { answerId: followUp, turn: 2 },
        ],
      });
      const got = await fetch(`${second.url}/api/answers/${followUp}`);
      expect(got.status).toBe(200);
      expect(await got.json()).toMatchObject({ id: followUp, question: 'And who reviews them?', thread: { id: root, turn: 2 } });
      const list = (await (await fetch(`${second.url}/api/answers`)).json()) as { id: string }[];
      expect(list.map((x) => x.id)).toEqual(expect.arrayContaining([root, followUp, 'vendor-access']));
      // a follow-up after the restart takes the next turn
      expect((await ask(second.url, { question: 'And how often?', answerId: followUp })).thread).toEqual({ id: root, turn: 3 });
      // a decision on an asked answer is accepted: its claims are read from the database
      const review = await fetch(`${second.url}/api/answers/${root}/review`);
      expect(review.status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(snapshot(dataDir)).toEqual(before);
  }, 180_000);
}

describe('server state on SQLite (the default: .citelens/reviews.sqlite under the working folder)', () => {
  restartContract(() => ({}));
});

const pgBin = findPostgresBin();
const skipPostgres = pgBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL server state test: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('server state on PostgreSQL', () => {
  let cluster: TestPostgres | undefined;
  beforeAll(async () => {
    if (pgBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    cluster = await startTestPostgres(pgBin);
  }, 60_000);
  afterAll(() => cluster?.stop());
  restartContract(() => ({ CITELENS_DATABASE_URL: cluster!.url }));
});
