import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adaptWrappedAnswer } from '../../api/adapt-answer.ts';
import { canonicalAnswerSchema, wrappedAnswerSchema } from '../../api/answer-schema.ts';

// Every payload recorded from a real API in ../shared/payloads (beside the repository; never copied into it) must
// be recognised by `auto` as its own family and give at least one source. Outside CI a missing ../shared skips
// these tests; in CI it is an error, so a broken checkout cannot pass silently.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(repoRoot, '../shared/payloads');
const present = existsSync(dir);
const files = present
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.wrapper.json'))
      .sort()
  : [];

/** The format families a file-name prefix may be read as (RubyLLM's normalized output has its own shape). */
const families: Record<string, string[]> = {
  rubyllm: ['rubyllm'],
};

describe('real payloads in ../shared/payloads', () => {
  if (!present) {
    if (process.env.CI) {
      it('../shared is present', () => {
        throw new Error(`../shared is missing in CI: expected recorded payloads at ${dir}`);
      });
    } else {
      it.skip('../shared/payloads is absent (outside CI these tests are skipped)', () => undefined);
    }
    return;
  }

  it('has payloads to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: auto detects its family and gives sources', (file) => {
    const raw: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const wrapper = wrappedAnswerSchema.parse(raw);
    const prefix = file.replace(/-\d+\.wrapper\.json$/, '');
    const result = adaptWrappedAnswer({ ...wrapper, format: 'auto' });
    expect(families[prefix] ?? [prefix]).toContain(result.format);
    expect(result.answer.sources.length).toBeGreaterThan(0);
    expect(canonicalAnswerSchema.safeParse(result.answer).success).toBe(true);
    // Every source is reachable: cited by a marker, a claim span, or the reasoning.
    const used = new Set([
      ...(result.answer.citations ?? []).map((c) => c.sourceId),
      ...(result.answer.spans ?? []).map((s) => s.sourceId),
      ...(result.answer.reasoning ?? []).flatMap((b) => (b.spans ?? []).map((s) => s.sourceId)),
    ]);
    for (const s of result.answer.sources) expect(used.has(s.id), `${s.id} is cited nowhere`).toBe(true);
  });
});
