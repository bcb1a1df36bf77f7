import type { Generated } from 'kysely';

// The review tables as Kysely sees them: one typed query builder for SQLite and PostgreSQL alike.
// Times are ISO 8601 UTC strings (`2026-11-30T17:00:00.000Z`) in both databases, so the two behave the same and
// a record reads back exactly as it was written.

/** The current decision per claim: one row per (answer, claim), `version` counts its saves. */
export interface ReviewClaimsTable {
  answer_id: string;
  claim_id: string;
  decision: string | null;
  note: string;
  version: number;
  reviewer: string;
  updated_at: string;
}

/** Every save, appended in the same transaction as the write: an overwrite never loses the earlier decision. */
export interface ReviewEventsTable {
  id: Generated<number>;
  answer_id: string;
  claim_id: string;
  decision: string | null;
  note: string;
  version: number;
  reviewer: string;
  at: string;
  /** The client's id for the save (Idempotency-Key), null when it sent none. Migration 0002. */
  idempotency_key: string | null;
}

/** Answers asked of this server (issue 39, migration 0003): the answer whole, as JSON, and its thread fields. */
export interface AskedAnswersTable {
  id: string;
  /** The thread's first answer: this answer's own id, or the answer it follows up on (maybe one of the data folder). */
  thread_id: string;
  turn: number;
  question: string;
  standalone_question: string | null;
  body: string;
  /** Unix ms. PostgreSQL's bigint reads back as a string. */
  created_at: number | string;
}

/** `POST /api/chat` sessions (migration 0004). */
export interface ChatSessionsTable {
  id: string;
  /** Whose session it is: the API token's subject, '' on an open API. */
  subject: string;
  /** Unix ms; bigint reads back as a string in PostgreSQL. */
  last_used: number | string;
}

/** A chat session's turns, appended in order (migration 0004). */
export interface ChatTurnsTable {
  seq: Generated<number>;
  session_id: string;
  question: string;
  standalone_question: string;
  answer_id: string;
}

/** Embed sessions (migration 0004): kept by the token's SHA-256, never the token. */
export interface EmbedSessionsTable {
  seq: Generated<number>;
  token_digest: string;
  /** The signed link's signature it was exchanged for. */
  link: string;
  answer: string;
  origin: string;
  /** JSON array of document ids. */
  documents: string;
  /** Unix ms. */
  expires_at: number | string;
}

/** The ask index's documents (migration 0005): one row per document indexed, with the hash it was indexed at. */
export interface IndexedDocumentsTable {
  id: string;
  content_hash: string;
  file_stamp: string | null;
  title: string;
  version: string | null;
  media_type: string;
  passage_count: number;
  /** Sum of the passages' term_count; bigint reads back as a string in PostgreSQL. */
  term_total: number | string;
  /** Unix ms; bigint reads back as a string in PostgreSQL. */
  indexed_at: number | string;
}

/** The ask index's passages (migration 0005): sentences, with where they are and their search terms. */
export interface PassagesTable {
  /** bigserial in PostgreSQL: reads back as a string. */
  id: Generated<number | string>;
  document_id: string;
  ordinal: number;
  quote: string;
  section: string | null;
  page: number | null;
  /** JSON array of boxes. */
  boxes: string | null;
  char_start: number | null;
  char_end: number | null;
  /** searchTerms() of the section and the quote, joined by spaces. */
  terms: string;
  term_count: number;
}

export interface ReviewDatabase {
  review_claims: ReviewClaimsTable;
  review_events: ReviewEventsTable;
  asked_answers: AskedAnswersTable;
  chat_sessions: ChatSessionsTable;
  chat_turns: ChatTurnsTable;
  embed_sessions: EmbedSessionsTable;
  indexed_documents: IndexedDocumentsTable;
  passages: PassagesTable;
}
