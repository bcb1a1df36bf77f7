// Helpers for the adapter tests in src/core/adapters (imported by *.test.ts only; src/core holds no test code).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { canonicalAnswerSchema, wrappedAnswerSchema, type WrappedAnswer } from '../api/answer-schema.ts';
import { adaptWrappedAnswer, type AdaptedAnswer } from '../api/adapt-answer.ts';
import type { Answer } from '../core/model/types.ts';

const adaptersDir = fileURLToPath(new URL('../core/adapters/', import.meta.url));

/**
 * The file of a fixture: `<provider>/fixtures/<name>.json`, named `provider/name` or by its name alone (fixture
 * names are unique across providers).
 */
export function fixturePath(name: string): string {
  if (name.includes('/')) {
    const [provider, file] = name.split('/') as [string, string];
    return `${adaptersDir}${provider}/fixtures/${file}.json`;
  }
  for (const provider of readdirSync(adaptersDir)) {
    const file = `${adaptersDir}${provider}/fixtures/${name}.json`;
    if (existsSync(file)) return file;
  }
  throw new Error(`no adapter fixture named ${name}`);
}

export function loadFixture(name: string): WrappedAnswer {
  const json: unknown = JSON.parse(readFileSync(fixturePath(name), 'utf8'));
  return wrappedAnswerSchema.parse(json);
}

/** Adapts a fixture (or a wrapper) and asserts the result is a canonical answer. */
export function adaptFixture(fixture: string | WrappedAnswer): AdaptedAnswer {
  const wrapper = typeof fixture === 'string' ? loadFixture(fixture) : fixture;
  const result = adaptWrappedAnswer(wrapper);
  const parsed = canonicalAnswerSchema.safeParse(result.answer);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  return result;
}

/** The claim texts of every span of `sourceId`, as the viewer will slice them. */
export function spanTexts(answer: Answer, sourceId: string): string[] {
  return (answer.spans ?? []).filter((s) => s.sourceId === sourceId).map((s) => answer.text.slice(s.answerStart, s.answerEnd));
}

/** Asserts every span lies in the text, is followed by the markers of its key, and the key maps to its source. */
export function expectSpansConsistent(answer: Answer): void {
  for (const span of answer.spans ?? []) {
    expect(span.answerStart).toBeGreaterThanOrEqual(0);
    expect(span.answerEnd).toBeGreaterThanOrEqual(span.answerStart);
    expect(span.answerEnd).toBeLessThanOrEqual(answer.text.length);
    expect(answer.sources.some((s) => s.id === span.sourceId)).toBe(true);
  }
}

/** The markers written right after `end`: `[1][2]` → ['1', '2']. */
export function markersAt(text: string, end: number): string[] {
  const m = /^(?:\[\d+\])+/.exec(text.slice(end));
  return m ? [...m[0].matchAll(/\[(\d+)\]/g)].map((x) => x[1]!) : [];
}

/** What a reviewer sees of each source: its document's title, its web address, its quote and page (absent ones left out). */
export function sourceSummary(answer: Answer): Array<Record<string, unknown>> {
  return answer.sources.map((s) => {
    const doc = answer.documents.find((d) => d.id === s.documentId);
    const out: Record<string, unknown> = { id: s.id, title: doc?.title, url: s.url ?? doc?.url };
    if (s.quote !== undefined) out.quote = s.quote;
    if (s.page !== undefined) out.page = s.page;
    if (s.pageEnd !== undefined) out.pageEnd = s.pageEnd;
    if (s.text !== undefined) out.text = s.text;
    if (s.flags !== undefined) out.flags = s.flags.map((f) => f.code);
    return out;
  });
}

/** Every claim span as `[marker key, the claim's words]`, in text order. */
export function claimSpans(answer: Answer): Array<[string, string]> {
  return (answer.spans ?? []).map((s) => [s.key, answer.text.slice(s.answerStart, s.answerEnd)]);
}

/**
 * What a claim may add after the cited words: the rest of the last word, one more word, the sentence's punctuation.
 * Read run by run (each run greedy, as no later run needs what an earlier one took), not as one pattern: three
 * adjacent runs that all take `'` and `’` backtracked cubically on a long run of apostrophes.
 */
function isSentenceTail(tail: string): boolean {
  let at = 0;
  const take = (run: RegExp): boolean => {
    run.lastIndex = at;
    const m = run.exec(tail);
    if (m) at += m[0].length;
    return m !== null;
  };
  take(/[\p{L}\p{N}'’-]*/uy);
  const beforeWord = at;
  if (take(/[ \t]+/uy) && take(/[\p{L}\p{N}]/uy)) take(/[\p{L}\p{N}'’-]*/uy);
  else at = beforeWord;
  take(/[)"'”’»\]]*/uy);
  take(/[.!?…。！？]*/uy);
  take(/[)"'”’»]*/uy);
  return at === tail.length;
}
const LEADING_BULLET = /^(?:[-*+•]|\d{1,3}[.)]|#{1,6}|>)[ \t]+/;

/**
 * Whether `claim` is the claim span of the cited words `cited`: those words (trimmed, without a list bullet that
 * opens their line), completed to their sentence's end when they stop just short of it (docs/citation-formats.md,
 * "Claim spans"). Nothing else may be added or lost.
 */
export function isClaimOf(claim: string, cited: string): boolean {
  const words = cited.trim();
  return [words, words.replace(LEADING_BULLET, '')].some((w) => w !== '' && claim.startsWith(w) && isSentenceTail(claim.slice(w.length)));
}
