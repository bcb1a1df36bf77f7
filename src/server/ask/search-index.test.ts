// @vitest-environment node
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewStoreConfig, ServerDatabase } from '../review/open-database.ts';
import { POSTGRES_MISSING } from '../review/test-postgres.ts';
import { DocumentLibrary } from './document-index.ts';
import { retrieve } from './retrieve.ts';
import { openIndexDatabase, postgresBin, postgresEngine, sqliteEngine, type IndexEngine } from './test-index-engines.ts';

// Issue 39: the ask index lives in the database engine. On SQLite and on PostgreSQL alike: a document added, changed
// or removed is found, found anew or no longer found; a document whose file did not change is not read again; a
// Persian question finds its Persian passage; a second server on the same database answers without reading a file;
// two servers indexing one folder at once leave one copy of it.

const demoDocs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-data/documents');

function contract(engine: () => IndexEngine) {
  let folder: string;
  let config: ReviewStoreConfig;
  const opened: ServerDatabase[] = [];

  const open = async () => {
    const db = await openIndexDatabase(config);
    opened.push(db);
    return db;
  };
  /** A server's view of the folder: its library over the database, and the files it read. */
  const server = async () => {
    const db = await open();
    const reads: string[] = [];
    const indexed: string[] = [];
    const index = {
      ...db.searchIndex,
      replace: async (doc: Parameters<typeof db.searchIndex.replace>[0]) => {
        const outcome = await db.searchIndex.replace(doc);
        if (outcome === 'indexed') indexed.push(doc.id);
        return outcome;
      },
    };
    const library = new DocumentLibrary({ dataDir: folder, warn: () => undefined, index, onRead: (id) => reads.push(id) });
    const ask = async (question: string) => retrieve(db.searchIndex, await library.documents(), question);
    return { library, reads, indexed, ask };
  };
  const write = (name: string, text: string) => writeFileSync(path.join(folder, 'documents', name), text);
  const rows = async () => {
    const db = engine().inspect(config);
    try {
      const docs = await db.selectFrom('indexed_documents').select(['id', 'passage_count']).orderBy('id').execute();
      const passages = await db
        .selectFrom('passages')
        .select(['document_id', sql<number>`count(*)`.as('n')])
        .groupBy('document_id')
        .orderBy('document_id')
        .execute();
      return { docs: docs.map((d) => [d.id, Number(d.passage_count)]), passages: passages.map((p) => [p.document_id, Number(p.n)]) };
    } finally {
      await db.destroy();
    }
  };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'citelens-index-folder-'));
  });
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.review.close();
    rmSync(path.join(folder, 'documents'), { recursive: true, force: true });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const fresh = async () => {
    config = await engine().fresh();
    mkdirSync(path.join(folder, 'documents'), { recursive: true });
  };

  it('follows a document added, changed and removed, and does not read an unchanged one again', async () => {
    await fresh();
    write('depot.md', '# Depot notes\n\nParcels to the north depot are collected at 7 am.\n\nCouriers sign the depot log.\n');
    write('badges.txt', 'Visitors wear a red badge in the server room.\n');
    const s = await server();
    expect((await s.ask('When are parcels collected at the north depot?'))[0]?.passage.quote).toBe('Parcels to the north depot are collected at 7 am.');
    expect((await s.ask('What badge do visitors wear?'))[0]?.document.id).toBe('badges');
    expect(s.reads.sort()).toEqual(['badges', 'depot']);

    // nothing changed: a question reads no file at all
    s.reads.length = 0;
    await s.ask('When are parcels collected at the north depot?');
    expect(s.reads).toEqual([]);

    // changed: only that document is read again, and the answer follows it
    write('depot.md', '# Depot notes\n\nParcels to the north depot are collected at 9 am since March.\n');
    const changed = await s.ask('When are parcels collected at the north depot?');
    expect(s.reads).toEqual(['depot']);
    expect(changed.map((r) => r.passage.quote)).toEqual(['Parcels to the north depot are collected at 9 am since March.']);
    expect(await s.ask('Who signs the depot log?')).toEqual([]);

    // added
    write('keys.md', '# Keys\n\nEncryption keys are rotated every year.\n');
    expect((await s.ask('How often are encryption keys rotated?'))[0]?.document).toMatchObject({ id: 'keys', title: 'Keys', mediaType: 'text/markdown' });

    // removed: never found again, and its rows are gone
    unlinkSync(path.join(folder, 'documents', 'badges.txt'));
    expect(await s.ask('What badge do visitors wear?')).toEqual([]);
    expect(await rows()).toEqual({
      docs: [
        ['depot', 1],
        ['keys', 1],
      ],
      passages: [
        ['depot', 1],
        ['keys', 1],
      ],
    });
  }, 60_000);

  it('a document made forbidden leaves the index; one whose meta changes title is indexed under the new title', async () => {
    await fresh();
    write('depot.md', 'Parcels to the north depot are collected at 7 am.\n');
    const s = await server();
    expect((await s.ask('When are parcels collected?'))[0]?.document.title).toBe('depot');
    write('depot.meta.json', JSON.stringify({ title: 'Depot rules', version: '2' }));
    expect((await s.ask('When are parcels collected?'))[0]?.document).toMatchObject({ title: 'Depot rules', version: '2' });
    write('depot.meta.json', JSON.stringify({ title: 'Depot rules', access: 'forbidden' }));
    expect(await s.ask('When are parcels collected?')).toEqual([]);
    expect((await rows()).docs).toEqual([]);
  }, 60_000);

  it('a Persian question finds the Persian passage', async () => {
    await fresh();
    copyFileSync(path.join(demoDocs, 'vendor-policy-fa.md'), path.join(folder, 'documents', 'vendor-policy-fa.md'));
    write('depot.md', 'Parcels to the north depot are collected at 7 am.\n');
    const s = await server();
    // "After how many days is vendor access disabled?", written with Arabic yeh and kaf and without the ZWNJ the
    // document uses: the tokenizer folds them, the engine only splits on spaces
    const ranked = await s.ask('دسترسي تأمين كننده پس از چند روز غيرفعال می‌شود؟');
    expect(ranked[0]?.passage.quote).toBe('دسترسی تأمین‌کننده پس از ۹۰ روز بی‌فعالیتی به‌طور خودکار غیرفعال می‌شود.');
    expect(ranked[0]?.passage.section).toBe('دسترسی');
  }, 60_000);

  it('a word with a symbol in it (C++, $5) is searched as a word', async () => {
    await fresh();
    write('tools.md', 'The C++ toolchain costs $5 per seat.\n\nThe C compiler is free.\n');
    const s = await server();
    expect((await s.ask('What does the C++ toolchain cost?'))[0]?.passage.quote).toBe('The C++ toolchain costs $5 per seat.');
    // a question made only of symbols finds nothing, rather than failing
    expect(await s.ask('++ ||| <>')).toEqual([]);
  }, 60_000);

  it('a second server on the same database answers at once, without reading any document', async () => {
    await fresh();
    copyFileSync(path.join(demoDocs, 'vendor-security-policy.pdf'), path.join(folder, 'documents', 'vendor-security-policy.pdf'));
    write('depot.md', 'Parcels to the north depot are collected at 7 am.\n');
    const first = await server();
    const question = 'How long until unused vendor accounts are disabled?';
    const before = await first.ask(question);
    expect(before[0]?.passage).toMatchObject({ quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.', page: 3 });
    expect(first.reads.sort()).toEqual(['depot', 'vendor-security-policy']);

    const second = await server();
    expect(await second.ask(question)).toEqual(before);
    expect(second.reads).toEqual([]);
  }, 60_000);

  it('two servers indexing one folder at once leave one copy of each document', async () => {
    await fresh();
    copyFileSync(path.join(demoDocs, 'vendor-security-policy.pdf'), path.join(folder, 'documents', 'vendor-security-policy.pdf'));
    copyFileSync(path.join(demoDocs, 'onboarding-runbook.md'), path.join(folder, 'documents', 'onboarding-runbook.md'));
    write('depot.md', 'Parcels to the north depot are collected at 7 am.\n');
    // opened one after the other (two migrations at once on one SQLite file is not what this tests), then indexing
    // at the same time
    const a = await server();
    const b = await server();
    const [docsA, docsB] = await Promise.all([a.library.documents(), b.library.documents()]);
    expect(docsA).toEqual(docsB);
    const { docs, passages } = await rows();
    expect(docs.map(([id]) => id)).toEqual(['depot', 'onboarding-runbook', 'vendor-security-policy']);
    // one copy: each document's passages are the count its row says, once; and each was written once (a server that
    // found the hash already indexed by the other wrote nothing)
    expect(passages).toEqual(docs);
    expect([...a.indexed, ...b.indexed].sort()).toEqual(['depot', 'onboarding-runbook', 'vendor-security-policy']);
    expect(await a.ask('When are parcels collected at the north depot?')).toHaveLength(1);
  }, 90_000);
}

describe('the ask index on SQLite', () => {
  const engine = sqliteEngine();
  afterAll(() => engine.stop());
  contract(() => engine);

  it('better-sqlite3 has FTS5 compiled in', async () => {
    const config = await engine.fresh();
    const db = engine.inspect(config);
    try {
      const { rows } = await sql<{ on: number }>`select sqlite_compileoption_used('ENABLE_FTS5') as "on"`.execute(db);
      expect(rows[0]?.on).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});

const skipPostgres = postgresBin === null && !process.env.CI;
if (skipPostgres) process.stderr.write(`\nSKIPPING the PostgreSQL ask index tests: ${POSTGRES_MISSING}\n\n`);

describe.skipIf(skipPostgres)('the ask index on PostgreSQL', () => {
  let engine: IndexEngine | undefined;
  beforeAll(async () => {
    if (postgresBin === null) throw new Error(`CI is set, so the PostgreSQL tests must run, but: ${POSTGRES_MISSING}`);
    engine = await postgresEngine(postgresBin);
  }, 120_000);
  afterAll(() => engine?.stop());
  contract(() => {
    if (!engine) throw new Error('no PostgreSQL');
    return engine;
  });
});
