import path from 'node:path';
import type { Answer } from '../../core/model/types.ts';
import { AnswerCatalog } from './answer-catalog.ts';
import { AnswerStoreError, FolderAnswers, newAnswerId } from './answer-store.ts';
import { createMemoryAskedAnswers, type AskedAnswerStore } from './asked-answers.ts';
import { DocumentLibrary } from './document-index.ts';
import type { Draft } from './draft.ts';
import { extractiveDraft, nothingFound } from './extractive-answer.ts';
import { standaloneQuestion } from './follow-up.ts';
import { llmDraft, type LlmConfig } from './llm-answer.ts';
import { retrieve } from './retrieve.ts';
import { AnswerRetention, type RetentionOptions } from './retention.ts';
import { createMemorySearchIndex, type SearchIndexStore } from './search-index-db.ts';

// One question in, one stored answer out: rewrite a follow-up, retrieve, answer (extractively, or with the model
// when one is configured), give it an id and its place in the thread, and store it in the database (never in the
// data folder, which is read-only input).

/** A canonical answer as stored and as `GET /api/answers/:id` returns it. */
export type StoredAnswer = Answer & { format: 'citelens/1' };

export class AnswerNotFoundError extends Error {
  constructor(readonly answerId: string) {
    super(`Answer "${answerId}" was not found.`);
    this.name = 'AnswerNotFoundError';
  }
}

export interface AskServiceOptions {
  dataDir: string;
  warn: (message: string) => void;
  /** Answer with a model (CITELENS_LLM_URL); without it the extractive answerer answers. */
  llm?: LlmConfig;
  now?: () => number;
  /** Where asked answers are stored (asked-answers-db.ts); absent: in memory, for this process only. */
  asked?: AskedAnswerStore;
  /** Told how long each question took to answer and store (seconds), and whether it was (the metrics). */
  observe?: (seconds: number, outcome: 'answered' | 'failed') => void;
  /** The asked answers' cap and retention (retention.ts); absent: every answer is kept. */
  retention?: Omit<RetentionOptions, 'warn' | 'now'>;
  /** The search index (the review database's, search-index-db.ts); absent: SQLite in memory, for this process only. */
  index?: SearchIndexStore;
}

export interface AskRequest {
  question: string;
  /** Follow up on this answer: the new one joins its thread. */
  answerId?: string;
  signal?: AbortSignal;
}

export class AskService {
  readonly library: DocumentLibrary;
  readonly store: AnswerCatalog;
  readonly retention: AnswerRetention | null;
  private readonly now: () => number;

  constructor(private readonly options: AskServiceOptions) {
    this.library = new DocumentLibrary({ dataDir: options.dataDir, warn: options.warn, index: options.index ?? createMemorySearchIndex() });
    const asked = options.asked ?? createMemoryAskedAnswers();
    this.store = new AnswerCatalog(new FolderAnswers(path.join(options.dataDir, 'answers')), asked);
    this.now = options.now ?? Date.now;
    this.retention = options.retention ? new AnswerRetention(asked, { ...options.retention, warn: options.warn, now: this.now }) : null;
  }

  async ask(request: AskRequest): Promise<StoredAnswer> {
    const started = performance.now();
    const observe = (outcome: 'answered' | 'failed') => this.options.observe?.((performance.now() - started) / 1000, outcome);
    try {
      const answer = await this.answer(request);
      observe('answered');
      return answer;
    } catch (e) {
      // A question the client gave up on is not a failure of the server.
      if (!request.signal?.aborted) observe('failed');
      throw e;
    }
  }

  private async answer({ question, answerId, signal }: AskRequest): Promise<StoredAnswer> {
    const q = question.trim();
    let root: string | undefined;
    let previous: string | undefined;
    if (answerId !== undefined) {
      const info = await this.store.info(answerId);
      if (!info) throw new AnswerNotFoundError(answerId);
      root = info.thread?.id ?? answerId;
      previous = info.standaloneQuestion ?? info.question;
    }
    const standalone = standaloneQuestion(q, previous);
    const documents = await this.library.documents(signal);
    const ranked = await retrieve(this.library.index, documents, standalone);
    let draft: Draft;
    if (ranked.length === 0) draft = nothingFound(documents.length);
    else if (this.options.llm) draft = await llmDraft(this.options.llm, standalone, ranked, signal);
    else draft = extractiveDraft(ranked, documents.length);
    signal?.throwIfAborted();

    const createdAt = this.now();
    const id = newAnswerId(createdAt);
    const stored = await this.store.inThread(root ?? id, async () => {
      // Another server on the same database may take the turn number between our read and our write: then the
      // next one, a few times (only a thread followed up on from several servers at the same moment needs it).
      for (let attempt = 0; attempt < 5; attempt++) {
        const turns = root !== undefined ? await this.store.thread(root) : [];
        const turn = root !== undefined ? Math.max(1, ...turns.map((t) => t.turn)) + 1 : 1;
        const answer: StoredAnswer & { thread: { id: string; turn: number } } = {
          format: 'citelens/1',
          id,
          question: q,
          ...(standalone !== q && { standaloneQuestion: standalone }),
          text: draft.text,
          documents: draft.documents,
          sources: draft.sources,
          ...(draft.citations && { citations: draft.citations }),
          ...(draft.invalidMarkers && { invalidMarkers: draft.invalidMarkers }),
          thread: { id: root ?? id, turn },
        };
        signal?.throwIfAborted();
        if ((await this.store.asked.insert(answer, createdAt)) === 'saved') return answer;
      }
      throw new AnswerStoreError(`cannot store answer ${id}: its thread's next turn was taken five times over`);
    });
    await this.retention?.afterSave();
    return stored;
  }
}
