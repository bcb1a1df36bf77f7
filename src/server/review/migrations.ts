import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Versioned migrations, in code (no file globbing: they ship inside the server and run at start). Append new
// ones with the next number; never edit one that has shipped, since databases out there have already run it.

export type SqlDialect = 'sqlite' | 'postgres';

function migrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001-review-tables': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('review_claims')
          .addColumn('answer_id', 'text', (c) => c.notNull())
          .addColumn('claim_id', 'text', (c) => c.notNull())
          .addColumn('decision', 'text')
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('reviewer', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('review_claims_pk', ['answer_id', 'claim_id'])
          .addCheckConstraint(
            'review_claims_decision',
            // Spelled out, not built from REVIEW_DECISIONS: a migration must not change when the code does.
            sql`decision is null or decision in ('verified', 'rejected', 'follow-up')`,
          )
          .execute();
        // The only column type the two databases spell differently: an id that orders the events as written.
        await db.schema
          .createTable('review_events')
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('answer_id', 'text', (c) => c.notNull())
          .addColumn('claim_id', 'text', (c) => c.notNull())
          .addColumn('decision', 'text')
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('reviewer', 'text', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('review_events_answer').on('review_events').columns(['answer_id', 'id']).execute();
      },
    },
    // Issue 34, break 7: a save the client saw fail may have been committed (a frozen database that resumed). The
    // client's id for the save is kept with its event, once per claim, so the retry is recognised as that save.
    '0002-idempotency-key': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('review_events').addColumn('idempotency_key', 'text').execute();
        // NULLs are distinct in both databases: saves without a key are never matched to each other.
        await db.schema.createIndex('review_events_idempotency').on('review_events').columns(['answer_id', 'claim_id', 'idempotency_key']).unique().execute();
      },
    },
    // Issue 39: asked answers and their threads move out of the data folder (which became read-only input) into the
    // database every replica shares. The answer is kept whole as JSON; the thread fields beside it are what threads,
    // lists and the cap query. One turn number per thread: two replicas answering follow-ups at once cannot both
    // take turn 3 (the loser retries with the next one).
    '0003-asked-answers': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('asked_answers')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('thread_id', 'text', (c) => c.notNull())
          .addColumn('turn', 'integer', (c) => c.notNull())
          .addColumn('question', 'text', (c) => c.notNull())
          .addColumn('standalone_question', 'text')
          .addColumn('body', 'text', (c) => c.notNull())
          // Unix ms: past 2^31, so bigint in PostgreSQL (SQLite's integer is 64-bit already).
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('asked_answers_turn').on('asked_answers').columns(['thread_id', 'turn']).unique().execute();
        await db.schema.createIndex('asked_answers_created').on('asked_answers').columns(['created_at', 'id']).execute();
      },
    },
    // Issue 39: chat sessions and embed sessions leave process memory, so a restart keeps them and every replica
    // behind a proxy knows them. A chat session's turns are rows of their own (appended, never rewritten): two
    // replicas answering one session at once each add their turn instead of overwriting the other's list. An embed
    // session is kept by its token's SHA-256 only; `seq` orders a link's sessions (its oldest makes room first).
    '0004-sessions': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('chat_sessions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('subject', 'text', (c) => c.notNull())
          // Unix ms, as asked_answers.created_at.
          .addColumn('last_used', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('chat_sessions_last_used').on('chat_sessions').columns(['last_used']).execute();
        await db.schema
          .createTable('chat_turns')
          .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('question', 'text', (c) => c.notNull())
          .addColumn('standalone_question', 'text', (c) => c.notNull())
          .addColumn('answer_id', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('chat_turns_session').on('chat_turns').columns(['session_id', 'seq']).execute();
        await db.schema
          .createTable('embed_sessions')
          .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('token_digest', 'text', (c) => c.notNull().unique())
          .addColumn('link', 'text', (c) => c.notNull())
          .addColumn('answer', 'text', (c) => c.notNull())
          .addColumn('origin', 'text', (c) => c.notNull())
          // The document ids the session may read, a JSON array.
          .addColumn('documents', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('embed_sessions_link').on('embed_sessions').columns(['link', 'seq']).execute();
        await db.schema.createIndex('embed_sessions_origin').on('embed_sessions').columns(['origin']).execute();
        await db.schema.createIndex('embed_sessions_expiry').on('embed_sessions').columns(['expires_at']).execute();
      },
    },
    // Issue 39: the ask index leaves process memory for the database engine, so a restart answers without reading a
    // PDF and every replica shares one index. A document's rows are replaced whole, in one transaction, when its
    // content hash changes. `terms` is OUR tokenizer's output (src/core/search/tokenize.ts) joined by spaces: it
    // already folds case, diacritics, Persian/Arabic letter variants and digits, which no engine tokenizer does, so the
    // engines only split it on spaces. SQLite: an FTS5 table over `terms` (external content, kept by triggers), its
    // tokenizer told that letters, digits, marks and symbols are all word characters (so one term is one token), and
    // an fts5vocab table for document frequencies. PostgreSQL: a generated tsvector in the 'simple' configuration
    // (no stemming, no stop words: the terms are stemmed and filtered already) with a GIN index.
    '0005-search-index': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('indexed_documents')
          .addColumn('id', 'text', (c) => c.primaryKey())
          // SHA-256 of the bytes, the meta title and version: a new title is a new index entry too.
          .addColumn('content_hash', 'text', (c) => c.notNull())
          // ino:mtime:size of the file indexed: a server that sees the same stamp trusts the hash without reading.
          .addColumn('file_stamp', 'text')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('version', 'text')
          .addColumn('media_type', 'text', (c) => c.notNull())
          .addColumn('passage_count', 'integer', (c) => c.notNull())
          // The sum of its passages' term_count: BM25's corpus statistics are a read of these rows, not of every passage.
          .addColumn('term_total', 'bigint', (c) => c.notNull())
          // Unix ms, as asked_answers.created_at.
          .addColumn('indexed_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('passages')
          .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
          .addColumn('document_id', 'text', (c) => c.notNull())
          .addColumn('ordinal', 'integer', (c) => c.notNull())
          .addColumn('quote', 'text', (c) => c.notNull())
          .addColumn('section', 'text')
          .addColumn('page', 'integer')
          // JSON array of boxes (PDFs), null for text documents.
          .addColumn('boxes', 'text')
          .addColumn('char_start', 'integer')
          .addColumn('char_end', 'integer')
          .addColumn('terms', 'text', (c) => c.notNull())
          .addColumn('term_count', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('passages_document').on('passages').columns(['document_id', 'ordinal']).unique().execute();
        if (dialect === 'sqlite') {
          await sql`create virtual table passages_fts using fts5(terms, content='passages', content_rowid='id', tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M* S*'")`.execute(
            db,
          );
          await sql`create virtual table passages_vocab using fts5vocab(passages_fts, 'row')`.execute(db);
          await sql`create trigger passages_fts_insert after insert on passages begin insert into passages_fts(rowid, terms) values (new.id, new.terms); end`.execute(
            db,
          );
          await sql`create trigger passages_fts_delete after delete on passages begin insert into passages_fts(passages_fts, rowid, terms) values ('delete', old.id, old.terms); end`.execute(
            db,
          );
        } else {
          await sql`alter table passages add column tsv tsvector generated always as (to_tsvector('simple', terms)) stored`.execute(db);
          await sql`create index passages_tsv on passages using gin (tsv)`.execute(db);
        }
      },
    },
  };
}

export function reviewMigrations(dialect: SqlDialect): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
