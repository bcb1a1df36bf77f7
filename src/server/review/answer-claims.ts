import path from 'node:path';
import { adaptAnswerData } from '../../node/answer-file.ts';
import { fillDocumentUrls, storedDocumentUrl } from '../../core/model/answer-file.ts';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import { readJsonInside, statInside } from '../data-folder.ts';

// Which claims an answer of the data folder has (issue 34, break 9: review saves were accepted for answers and claims
// that do not exist, an unbounded write on the open API). The claims are the answer model's own (core/model/claims.ts,
// the ids the review panel saves under), from the answer file read as the app reads it (canonical or wrapped). Kept
// per file version (inode, size, mtime), for the most recently used answers only.

const MAX_CACHED = 500;

export type AnswerClaims =
  | { kind: 'claims'; ids: ReadonlySet<string> }
  /** No such answer file (or one that cannot be read as an answer: nobody can review it in the app either). */
  | { kind: 'no-answer' };

export class AnswerClaimsIndex {
  private readonly cache = new Map<string, { stamp: string; claims: AnswerClaims }>();
  private readonly answersDir: string;

  constructor(private readonly dataDir: string) {
    this.answersDir = path.join(dataDir, 'answers');
  }

  async claimsOf(answerId: string): Promise<AnswerClaims> {
    const file = path.join(this.answersDir, `${answerId}.json`);
    const s = await statInside(this.dataDir, file);
    if (s.kind !== 'file') return { kind: 'no-answer' };
    const stamp = `${s.stats.ino}:${s.stats.size}:${s.stats.mtimeMs}`;
    const cached = this.cache.get(answerId);
    if (cached?.stamp === stamp) {
      this.cache.delete(answerId);
      this.cache.set(answerId, cached);
      return cached.claims;
    }
    const claims = await this.read(answerId, file);
    this.cache.set(answerId, { stamp, claims });
    while (this.cache.size > MAX_CACHED) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return claims;
  }

  private async read(answerId: string, file: string): Promise<AnswerClaims> {
    const read = await readJsonInside(this.dataDir, file);
    return read.kind === 'ok' ? claimsOfAnswer(answerId, read.value) : { kind: 'no-answer' };
  }
}

/** The claims of an answer read as the app reads it; an asked answer from the database goes through here too. */
export function claimsOfAnswer(answerId: string, value: unknown): AnswerClaims {
  // Documents without `url` are the server's, as GET /api/answers/:id serves them (core/model/answer-file.ts).
  const adapted = adaptAnswerData(fillDocumentUrls(value, storedDocumentUrl), `answers/${answerId}.json`);
  if (!adapted.ok) return { kind: 'no-answer' };
  return { kind: 'claims', ids: new Set(buildAnswerModel(adapted.answer).claims.map((c) => c.id)) };
}
