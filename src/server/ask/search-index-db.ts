import Database from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect, type RawBuilder } from 'kysely';
import type { CorpusStats } from '../../core/search/bm25.ts';
import { searchTerms } from '../../core/search/tokenize.ts';
import type { Box } from '../../core/model/types.ts';
import { reviewMigrations, type SqlDialect } from '../review/migrations.ts';
import { inTransaction } from '../review/repository.ts';
import type { ReviewDatabase } from '../review/schema.ts';
import type { Passage } from './extract-passages.ts';

// The ask index in the database engine (migration 0005), on SQLite and PostgreSQL alike: the engine finds candidate
// passages (FTS5 MATCH ordered by bm25(); PostgreSQL @@ ordered by ts_rank_cd) and says how common each query term
// is; our BM25 (src/core/search/bm25.ts) scores the candidates. Every replica on one database shares the index, and a
// restart finds it there. A document's rows are replaced whole, in one transaction, and only when its content hash
// changed: two replicas indexing the same document at once leave one copy (the second finds the hash already there).

/** What the answers need to know of an indexed document. */
export interface IndexedDocument {
  id: string;
  title: string;
  version?: string;
  mediaType: string;
}

/** An indexed document with the hash and file stamp it was indexed at. */
export interface IndexedEntry extends IndexedDocument {
  hash: string;
  stamp: string | null;
}

export interface DocumentToIndex extends IndexedDocument {
  hash: string;
  stamp: string;
  passages: readonly Passage[];
}

/** A passage the engine found, with its search terms (what BM25 scores) and its place in its document. */
export interface CandidatePassage {
  passage: Passage;
  ordinal: number;
  terms: string[];
}

export interface SearchIndexStore {
  /** Every indexed document, by id. */
  entries(): Promise<Map<string, IndexedEntry>>;
  /** Replaces the document's passages, unless this hash is indexed already (by another replica, meanwhile). */
  replace(doc: DocumentToIndex): Promise<'indexed' | 'unchanged'>;
  remove(ids: readonly string[]): Promise<void>;
  /** Passages holding any of `terms`, the engine's best first, at most `limit`. */
  candidates(terms: readonly string[], limit: number): Promise<CandidatePassage[]>;
  /** The whole index's passage count and length, and how many passages hold each of `terms`. */
  stats(terms: readonly string[]): Promise<CorpusStats>;
}

export interface DatabaseSearchIndexOptions {
  dialect: SqlDialect;
  /** SQLite: retries a write while another process holds the write lock (open-database.ts). */
  retryBusy?: <T>(attempt: () => Promise<T>) => Promise<T>;
  /** How a write transaction starts: `begin immediate` on SQLite (its write lock at once), `begin` on PostgreSQL. */
  begin?: string;
  now?: () => number;
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits at 11 columns. */
const BATCH = 200;

interface PassageRow {
  document_id: string;
  ordinal: number;
  quote: string;
  section: string | null;
  page: number | null;
  boxes: string | null;
  char_start: number | null;
  char_end: number | null;
  terms: string;
}

function passageOf(row: PassageRow): Passage {
  return {
    documentId: row.document_id,
    quote: row.quote,
    ...(row.section !== null && { section: row.section }),
    ...(row.page !== null && { page: Number(row.page) }),
    ...(row.boxes !== null && { boxes: JSON.parse(row.boxes) as Box[] }),
    ...(row.char_start !== null && { charStart: Number(row.char_start) }),
    ...(row.char_end !== null && { charEnd: Number(row.char_end) }),
  };
}

/** The FTS5 query for any of `terms`: each a quoted string (our terms hold no quote; doubled if one ever did). */
function ftsAnyOf(terms: readonly string[]): string {
  return terms.map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
}

/**
 * PostgreSQL's query for any of `terms`. plainto_tsquery, not to_tsquery: a term may hold a symbol that is a tsquery
 * operator ('|', '<'); plainto_tsquery reads it as text.
 */
function tsAnyOf(terms: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    terms.map((t) => sql`plainto_tsquery('simple', ${t})`),
    sql` || `,
  )})`;
}

const PASSAGE_COLUMNS = sql.raw('p.document_id, p.ordinal, p.quote, p.section, p.page, p.boxes, p.char_start, p.char_end, p.terms');

export function createDatabaseSearchIndex(db: Kysely<ReviewDatabase>, o: DatabaseSearchIndexOptions): SearchIndexStore {
  const retryBusy = o.retryBusy ?? (<T>(attempt: () => Promise<T>) => attempt());
  const begin = o.begin ?? (o.dialect === 'sqlite' ? 'begin immediate' : 'begin');
  const now = o.now ?? Date.now;
  return {
    async entries() {
      const rows = await db.selectFrom('indexed_documents').select(['id', 'content_hash', 'file_stamp', 'title', 'version', 'media_type']).execute();
      return new Map(
        rows.map((r) => [
          r.id,
          { id: r.id, hash: r.content_hash, stamp: r.file_stamp, title: r.title, ...(r.version !== null && { version: r.version }), mediaType: r.media_type },
        ]),
      );
    },

    async replace(doc) {
      const rows = doc.passages.map((p, ordinal) => {
        const terms = searchTerms(`${p.section ?? ''} ${p.quote}`);
        return {
          document_id: doc.id,
          ordinal,
          quote: p.quote,
          section: p.section ?? null,
          page: p.page ?? null,
          boxes: p.boxes ? JSON.stringify(p.boxes) : null,
          char_start: p.charStart ?? null,
          char_end: p.charEnd ?? null,
          terms: terms.join(' '),
          term_count: terms.length,
        };
      });
      const values = {
        id: doc.id,
        content_hash: doc.hash,
        file_stamp: doc.stamp,
        title: doc.title,
        version: doc.version ?? null,
        media_type: doc.mediaType,
        passage_count: rows.length,
        term_total: rows.reduce((s, r) => s + r.term_count, 0),
        indexed_at: now(),
      };
      return retryBusy(() =>
        inTransaction(db, begin, async (trx) => {
          // The upsert takes the document's row lock: a replica indexing the same document waits here, then finds
          // the hash it brings already stored and changes nothing.
          const claimed = await trx
            .insertInto('indexed_documents')
            .values(values)
            .onConflict((oc) =>
              oc
                .column('id')
                .doUpdateSet((eb) => ({
                  content_hash: eb.ref('excluded.content_hash'),
                  file_stamp: eb.ref('excluded.file_stamp'),
                  title: eb.ref('excluded.title'),
                  version: eb.ref('excluded.version'),
                  media_type: eb.ref('excluded.media_type'),
                  passage_count: eb.ref('excluded.passage_count'),
                  term_total: eb.ref('excluded.term_total'),
                  indexed_at: eb.ref('excluded.indexed_at'),
                }))
                .where('indexed_documents.content_hash', '<>', doc.hash),
            )
            .returning('id')
            .executeTakeFirst();
          if (!claimed) return 'unchanged' as const;
          await trx.deleteFrom('passages').where('document_id', '=', doc.id).execute();
          for (let i = 0; i < rows.length; i += BATCH)
            await trx
              .insertInto('passages')
              .values(rows.slice(i, i + BATCH))
              .execute();
          return 'indexed' as const;
        }),
      );
    },

    async remove(ids) {
      if (ids.length === 0) return;
      await retryBusy(() =>
        inTransaction(db, begin, async (trx) => {
          await trx.deleteFrom('passages').where('document_id', 'in', ids).execute();
          await trx.deleteFrom('indexed_documents').where('id', 'in', ids).execute();
        }),
      );
    },

    async candidates(terms, limit) {
      if (terms.length === 0) return [];
      const query =
        o.dialect === 'sqlite'
          ? sql<PassageRow>`select ${PASSAGE_COLUMNS} from passages_fts f join passages p on p.id = f.rowid
              where passages_fts match ${ftsAnyOf(terms)} order by bm25(passages_fts) limit ${limit}`
          : sql<PassageRow>`select ${PASSAGE_COLUMNS} from passages p, (select ${tsAnyOf(terms)} as q) as q
              where p.tsv @@ q.q order by ts_rank_cd(p.tsv, q.q) desc limit ${limit}`;
      const { rows } = await query.execute(db);
      return rows.map((r) => ({ passage: passageOf(r), ordinal: Number(r.ordinal), terms: r.terms === '' ? [] : r.terms.split(' ') }));
    },

    async stats(terms) {
      const totals = await db
        .selectFrom('indexed_documents')
        .select((eb) => [eb.fn.sum<number | string | null>('passage_count').as('n'), eb.fn.sum<number | string | null>('term_total').as('total')])
        .executeTakeFirst();
      const df = new Map<string, number>();
      const distinct = [...new Set(terms)];
      if (distinct.length > 0 && o.dialect === 'sqlite') {
        // fts5vocab 'row': per term, the number of passages that hold it, read from the FTS index itself.
        const { rows } = await sql<{ term: string; doc: number }>`select term, doc from passages_vocab where term in (${sql.join(distinct)})`.execute(db);
        for (const r of rows) df.set(r.term, Number(r.doc));
      } else if (distinct.length > 0) {
        // One count per term, each answered by the GIN index.
        const counts = distinct.map((t, i) => sql`(select count(*) from passages where tsv @@ plainto_tsquery('simple', ${t}))`.as(`d${i}`));
        const { rows } = await sql<Record<string, string | number>>`select ${sql.join(counts)}`.execute(db);
        distinct.forEach((t, i) => {
          const n = Number(rows[0]?.[`d${i}`] ?? 0);
          if (n > 0) df.set(t, n);
        });
      }
      return { n: Number(totals?.n ?? 0), totalLength: Number(totals?.total ?? 0), df };
    },
  };
}

/**
 * The index of a server without a database (tests, an app made without one): SQLite in memory, with the same
 * migrations and the same queries as the real thing. Opened on first use.
 */
export function createMemorySearchIndex(): SearchIndexStore {
  let opened: Promise<SearchIndexStore> | undefined;
  const open = () =>
    (opened ??= (async () => {
      const db = new Kysely<ReviewDatabase>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
      const { error } = await new Migrator({ db, provider: reviewMigrations('sqlite') }).migrateToLatest();
      if (error) throw error;
      return createDatabaseSearchIndex(db, { dialect: 'sqlite' });
    })());
  return {
    entries: async () => (await open()).entries(),
    replace: async (doc) => (await open()).replace(doc),
    remove: async (ids) => (await open()).remove(ids),
    candidates: async (terms, limit) => (await open()).candidates(terms, limit),
    stats: async (terms) => (await open()).stats(terms),
  };
}
