import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAnswerModel } from '../core/model/answer-model.ts';
import { ApiError, answerFromJson } from './client.ts';

// Fuzzing the answer schema (issue: hardening): any JSON, and answer-shaped JSON with hostile values in every field,
// is either read as an answer the model can be built from, or refused with an ApiError that names what is wrong.
// Nothing else may escape (a TypeError from an adapter, a stack overflow).

const hostileString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('__proto__', 'constructor', 'javascript:alert(1)', '../../etc/passwd', '<script>x</script>', '[1]', '', ' ', '\u0000', 'S1', 'd1'),
);
const hostileValue = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }));
const box = fc.record(
  { page: fc.oneof(fc.integer({ min: -2, max: 5 }), hostileValue), x0: fc.oneof(fc.double(), hostileValue), y0: fc.double(), x1: fc.double(), y1: fc.double() },
  { requiredKeys: [] },
);
const source = fc.record(
  {
    id: fc.oneof(fc.constantFrom('S1', 'S2'), hostileValue),
    documentId: fc.oneof(fc.constant('d1'), hostileValue),
    page: fc.oneof(fc.integer({ min: -1, max: 1e6 }), hostileValue),
    pageEnd: hostileValue,
    quote: hostileValue,
    text: hostileValue,
    section: hostileValue,
    boxes: fc.oneof(fc.array(box, { maxLength: 3 }), hostileValue),
    coords: fc.oneof(
      fc.record({
        origin: fc.constantFrom('top-left', 'bottom-left', 'x'),
        units: fc.constantFrom('pt', 'fraction', 'px'),
        frame: fc.constantFrom('unrotated', 'displayed'),
      }),
      hostileValue,
    ),
  },
  { requiredKeys: [] },
);
const answerShaped = fc.record(
  {
    id: fc.oneof(fc.constant('a'), hostileValue),
    format: fc.oneof(fc.constantFrom(undefined, 'citelens/1', 'auto', 'openai', 'anthropic', 'gemini', 'cohere', 'nope'), hostileValue),
    text: fc.oneof(fc.constantFrom('A claim [1]. Another [S2] [2, 3].', ''), hostileValue),
    question: hostileValue,
    documents: fc.oneof(
      fc.array(fc.record({ id: fc.oneof(fc.constant('d1'), hostileValue), title: hostileValue, url: hostileValue }, { requiredKeys: [] }), { maxLength: 3 }),
      hostileValue,
    ),
    sources: fc.oneof(fc.array(source, { maxLength: 4 }), hostileValue),
    payload: hostileValue,
    confidence: hostileValue,
  },
  { requiredKeys: [] },
);

async function readOrRefuse(data: unknown): Promise<boolean> {
  try {
    const result = await answerFromJson(data, 'http://127.0.0.1/api/answers/a', 'Answer "a"');
    buildAnswerModel(result.answer);
    return true;
  } catch (e) {
    if (e instanceof ApiError) return e.message.length > 0;
    throw e;
  }
}

describe('fuzz: reading an answer file', () => {
  it('any JSON value is read or refused with an ApiError', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), readOrRefuse), { numRuns: 4_000 });
  });

  it('answer-shaped JSON with hostile fields is read or refused with an ApiError', async () => {
    await fc.assert(fc.asyncProperty(answerShaped, readOrRefuse), { numRuns: 6_000 });
  });

  it('a valid answer among the cases is read (the property is not vacuous)', async () => {
    expect(
      await readOrRefuse({
        id: 'a',
        text: 'A claim [1].',
        documents: [{ id: 'd1', title: 'D' }],
        sources: [{ id: 'S1', documentId: 'd1', page: 1, quote: 'q' }],
      }),
    ).toBe(true);
    await expect(answerFromJson({ id: 'a', text: 3 }, 'http://x/', 'A')).rejects.toThrow(ApiError);
  });
});
