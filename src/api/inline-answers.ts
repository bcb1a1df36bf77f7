import { fillDocumentUrls } from '../core/model/answer-file.ts';
import { answerFromJson, apiUrl, type AnswerResult } from './client.ts';

// Answers handed over in memory (an embedding portal's `citelens:load { answer }`, docs/embed.md). Each gets a
// synthetic id that answerQuery() serves from here, so the answer view, the review panel and every other reader of
// the React Query cache treat it like a fetched answer, with no server round trip, and a refetch can never ask the
// server for an id it does not hold.

/** The prefix of synthetic ids: valid in a link (docs/urls.md), and never one of the server's own ids in practice. */
export const INLINE_PREFIX = 'inline-';

const inline = new Map<string, AnswerResult>();
let counter = 0;

/**
 * Reads an answer object (canonical or wrapped) with the same code as a fetched one and keeps it under a new id.
 * Throws ApiError (invalid-shape, unsupported-format) like fetchAnswer when it cannot be read.
 */
export async function addInlineAnswer(data: unknown): Promise<{ id: string; result: AnswerResult }> {
  // Relative document URLs resolve as they would for an answer stored on this server.
  const read = await answerFromJson(withDocumentUrls(data), apiUrl('/answers/'), 'The answer sent by the portal');
  counter += 1;
  const id = `${INLINE_PREFIX}${counter}`;
  // The answer takes the synthetic id too: its review is keyed by answer id, and decisions on an answer the server
  // does not hold must stay local, never land on a stored answer that happens to share the payload's id.
  const result: AnswerResult = { ...read, answer: { ...read.answer, id } };
  inline.set(id, result);
  return { id, result };
}

/** A document without `url` is one of this server's, as for a stored answer (the server fills it in: docs/api.md). */
const withDocumentUrls = (data: unknown) => fillDocumentUrls(data, (id) => `../documents/${encodeURIComponent(id)}`);

/**
 * Keeps an answer read elsewhere (local files: src/features/local-files) under an id of the caller's, so it is served
 * and reviewed like a portal's answer. The answer's own id must already be `id`.
 */
export function holdAnswer(id: string, result: AnswerResult): void {
  inline.set(id, result);
}

export function releaseAnswer(id: string): void {
  inline.delete(id);
}

export function inlineAnswer(id: string): AnswerResult | undefined {
  return inline.get(id);
}

export function isInlineAnswerId(id: string): boolean {
  return inline.has(id);
}
