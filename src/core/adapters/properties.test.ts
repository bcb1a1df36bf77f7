import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalAnswerSchema } from '../../api/answer-schema.ts';
import { adaptWrappedAnswer, FormatDetectionError } from '../../api/adapt-answer.ts';
import type { Answer } from '../model/types.ts';
import { isClaimOf } from '../../testing/adapter-fixtures.ts';
import { AdapterError } from './errors.ts';
import { runAdapter } from './registry.ts';
import { adapterFormats, type AdapterInput, type Format } from './types.ts';

// Property tests: on arbitrary JSON every adapter either produces a canonical answer or throws AdapterError;
// on generated well-formed payloads every claim span selects exactly the cited words of the provider's text.

const documents = [
  { id: 'doc-a', title: 'Doc A', url: '/api/documents/doc-a' },
  { id: 'doc-b', title: 'Doc B', url: '/api/documents/doc-b' },
];

function checkAnswer(answer: Answer): void {
  const parsed = canonicalAnswerSchema.safeParse(answer);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
  for (const s of answer.spans ?? []) {
    expect(s.answerStart).toBeGreaterThanOrEqual(0);
    expect(s.answerStart).toBeLessThanOrEqual(s.answerEnd);
    expect(s.answerEnd).toBeLessThanOrEqual(answer.text.length);
    expect(answer.sources.some((x) => x.id === s.sourceId)).toBe(true);
  }
}

function runOrAdapterError(format: Format, input: AdapterInput): Answer | undefined {
  try {
    const { answer } = runAdapter(format, input);
    checkAnswer(answer);
    return answer;
  } catch (e) {
    if (e instanceof AdapterError) {
      expect(e.format).toBe(format);
      expect(e.issues.length).toBeGreaterThan(0);
      return undefined;
    }
    throw e;
  }
}

describe('adapters on arbitrary JSON', () => {
  for (const format of adapterFormats) {
    it(`${format}: a canonical answer or an AdapterError, never anything else`, () => {
      fc.assert(
        fc.property(fc.jsonValue(), (payload) => {
          runOrAdapterError(format, { id: 'x', documents, payload });
        }),
        { numRuns: 300 },
      );
    });
  }

  it('auto: a canonical answer, an AdapterError or a detection failure', () => {
    const citationLike = fc.dictionary(
      fc.constantFrom('n', 'source', 'index', 'quote', 'chunkId', 'documentId', 'citation_id', 'marker', 'cited_text', 'start_index', 'text', 'pages', 'bbox'),
      fc.jsonValue(),
    );
    const payload = fc.oneof(
      fc.jsonValue(),
      fc.record({ text: fc.string(), citations: fc.array(citationLike, { maxLength: 3 }) }, { requiredKeys: [] }),
      fc.record({ answer: fc.string(), citations: fc.array(citationLike, { maxLength: 3 }), uncited: fc.jsonValue() }, { requiredKeys: [] }),
      fc.record({ content: fc.oneof(fc.string(), fc.array(fc.jsonValue())), citations: fc.array(citationLike) }, { requiredKeys: [] }),
      fc.record({ candidates: fc.array(fc.jsonValue(), { maxLength: 2 }), output: fc.array(fc.jsonValue()) }, { requiredKeys: [] }),
      // Envelopes of Bedrock, xAI, Mistral, Dify, RAGFlow, Azure OpenAI and OpenRouter.
      fc.record(
        {
          output: fc.oneof(fc.jsonValue(), fc.record({ message: fc.jsonValue(), text: fc.string() }, { requiredKeys: [] })),
          outputs: fc.array(
            fc.record({ type: fc.constantFrom('message.output', 'x'), message: fc.jsonValue(), content: fc.jsonValue() }, { requiredKeys: [] }),
            { maxLength: 2 },
          ),
          choices: fc.array(
            fc.record({
              message: fc.record(
                { content: fc.jsonValue(), context: fc.jsonValue(), reference: fc.jsonValue(), annotations: fc.jsonValue() },
                { requiredKeys: [] },
              ),
            }),
            { maxLength: 2 },
          ),
          metadata: fc.record({ retriever_resources: fc.jsonValue() }, { requiredKeys: [] }),
          data: fc.record({ answer: fc.string(), reference: fc.jsonValue() }, { requiredKeys: [] }),
          provider: fc.string(),
          model: fc.constantFrom('grok-4', 'openai/gpt-4o'),
          citations: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(payload, (p) => {
        try {
          checkAnswer(adaptWrappedAnswer({ id: 'x', format: 'auto', documents, payload: p }).answer);
        } catch (e) {
          if (!(e instanceof AdapterError) && !(e instanceof FormatDetectionError)) throw e;
        }
      }),
      { numRuns: 500 },
    );
  });
});

// Text made of characters that stress offset units (astral emoji, CJK, Persian, combining accent) but without
// `[`, `(` or backticks, so the only markers in the result are the ones the adapter wrote.
const piece = fc.constantFrom('a', 'b', 'Z', ' ', '.', '🔒', '😀', '要', '点', 'ش', '۲', 'é', 'e\u0301', '\n', '—');
const textArb = fc
  .array(piece, { minLength: 1, maxLength: 40 })
  .map((p) => p.join(''))
  .filter((t) => t.trim() !== '');

/** A text and some code-point ranges of it. */
const textWithRanges = textArb.chain((text) => {
  const cps = [...text].length;
  const range = fc.tuple(fc.integer({ min: 0, max: cps }), fc.integer({ min: 0, max: cps })).map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
  return fc.tuple(fc.constant(text), fc.array(fc.tuple(range, fc.constantFrom(0, 1)), { minLength: 1, maxLength: 5 }));
});

const cpSlice = (text: string, start: number, end: number) => [...text].slice(start, end).join('');
const utf8 = (s: string) => new TextEncoder().encode(s).length;
const stripMarkers = (s: string) => s.replace(/\[\d+\]/g, '');

/** Every span, markers removed, is the claim of the provider span it came from (its words, to its sentence's end). */
function expectExactSpans(answer: Answer, expected: Map<string, Set<string>>): void {
  for (const span of answer.spans ?? []) {
    const got = stripMarkers(answer.text.slice(span.answerStart, span.answerEnd));
    const cited = [...(expected.get(span.sourceId) ?? [])];
    expect(
      cited.some((words) => isClaimOf(got, words)),
      `span ${JSON.stringify(got)} of ${span.sourceId} (cited ${JSON.stringify(cited)})`,
    ).toBe(true);
    expect(answer.text.startsWith(`[${span.key}]`, span.answerEnd) || /^(\[\d+\])+/.test(answer.text.slice(span.answerEnd))).toBe(true);
  }
}

function collect(map: Map<string, Set<string>>, sourceId: string | undefined, value: string): void {
  if (!sourceId) return;
  const set = map.get(sourceId) ?? new Set<string>();
  set.add(value.trim());
  map.set(sourceId, set);
}

describe('claim spans on generated payloads', () => {
  it('rubyllm: code-point spans land on the cited words', () => {
    fc.assert(
      fc.property(textWithRanges, ([content, ranges]) => {
        const citations = ranges.map(([[s, e], d], i) => ({ title: documents[d]!.title, cited_text: `q${i}`, start_index: s, end_index: e }));
        const answer = runOrAdapterError('rubyllm', { id: 'x', documents, payload: { content, citations } });
        expect(answer).toBeDefined();
        const expected = new Map<string, Set<string>>();
        ranges.forEach(([[s, e]], i) => collect(expected, answer!.sources.find((x) => x.quote === `q${i}`)?.id, cpSlice(content, s, e)));
        expectExactSpans(answer!, expected);
        expect(stripMarkers(answer!.text)).toBe(content);
      }),
      { numRuns: 300 },
    );
  });

  it('gemini: UTF-8 byte segments land on the cited words', () => {
    fc.assert(
      fc.property(textWithRanges, ([text, ranges]) => {
        const cps = [...text];
        const bytes = (cp: number) => utf8(cps.slice(0, cp).join(''));
        const payload = {
          candidates: [
            {
              content: { parts: [{ text }] },
              groundingMetadata: {
                groundingChunks: ranges.map((_, i) => ({ retrievedContext: { title: 'Doc A', text: `chunk ${i}` } })),
                groundingSupports: ranges.map(([[s, e]], i) => ({ segment: { startIndex: bytes(s), endIndex: bytes(e) }, groundingChunkIndices: [i] })),
              },
            },
          ],
        };
        const answer = runOrAdapterError('gemini', { id: 'x', documents, payload });
        expect(answer).toBeDefined();
        const expected = new Map<string, Set<string>>();
        ranges.forEach(([[s, e]], i) => collect(expected, answer!.sources.find((x) => x.text === `chunk ${i}`)?.id, cpSlice(text, s, e)));
        expectExactSpans(answer!, expected);
        expect(answer!.sources.every((x) => x.flags === undefined)).toBe(true);
        expect(stripMarkers(answer!.text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('persian-rag: code-point claim spans are exact and the text is unchanged', () => {
    fc.assert(
      fc.property(textWithRanges, ([answerText, ranges]) => {
        const citations = ranges.map(([[s, e], d], i) => ({ marker: i + 1, document_id: documents[d]!.id, quote: `q${i}`, answer_start: s, answer_end: e }));
        const answer = runOrAdapterError('persian-rag', { id: 'x', documents, payload: { answer: answerText, citations } });
        expect(answer!.text).toBe(answerText);
        for (const span of answer!.spans ?? []) {
          const i = Number(span.key) - 1;
          const [[s, e]] = ranges[i]!;
          expect(answer!.text.slice(span.answerStart, span.answerEnd)).toBe(cpSlice(answerText, s, e));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('anthropic: every cited block becomes a span followed by its marker', () => {
    const blocks = fc.array(fc.tuple(textArb, fc.option(fc.constantFrom(0, 1), { nil: undefined })), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(blocks, (bs) => {
        const content = bs.map(([text, d], i) =>
          d === undefined
            ? { type: 'text', text }
            : {
                type: 'text',
                text,
                citations: [{ type: 'page_location', cited_text: `q${i}`, document_index: d, document_title: null, start_page_number: 1, end_page_number: 2 }],
              },
        );
        const answer = runOrAdapterError('anthropic', { id: 'x', documents, payload: { content } });
        const expected = new Map<string, Set<string>>();
        bs.forEach(([text, d], i) => d !== undefined && collect(expected, answer!.sources.find((x) => x.quote === `q${i}`)?.id, text));
        expectExactSpans(answer!, expected);
        expect(stripMarkers(answer!.text)).toBe(bs.map(([t]) => t).join(''));
      }),
      { numRuns: 300 },
    );
  });
});

describe('claim spans and replaced links on generated payloads (Bedrock, OpenRouter, xAI)', () => {
  const utf16 = (text: string, cp: number) => cpSlice(text, 0, cp).length;

  it('bedrock: Knowledge Base spans (UTF-16, end inclusive) land on the cited words', () => {
    fc.assert(
      fc.property(textWithRanges, ([text, ranges]) => {
        const citations = ranges
          .filter(([[s, e]]) => e > s)
          .map(([[s, e]], i) => ({
            generatedResponsePart: { textResponsePart: { span: { start: utf16(text, s), end: utf16(text, e) - 1 } } },
            retrievedReferences: [{ content: { text: `chunk ${i}` }, location: { type: 'S3', s3Location: { uri: 's3://b/doc-a.pdf' } } }],
          }));
        const answer = runOrAdapterError('bedrock', { id: 'x', documents, payload: { output: { text }, citations } });
        const expected = new Map<string, Set<string>>();
        ranges
          .filter(([[s, e]]) => e > s)
          .forEach(([[s, e]], i) => collect(expected, answer!.sources.find((x) => x.text === `chunk ${i}`)?.id, cpSlice(text, s, e)));
        expectExactSpans(answer!, expected);
        expect(answer!.sources.every((x) => x.flags === undefined)).toBe(true);
        expect(stripMarkers(answer!.text)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('openrouter: code-point claim ranges land on the cited words', () => {
    fc.assert(
      fc.property(textWithRanges, ([content, ranges]) => {
        const annotations = ranges.map(([[s, e]], i) => ({
          type: 'url_citation',
          url_citation: { url: documents[i % 2]!.url, content: `page ${i}`, start_index: s, end_index: e },
        }));
        const answer = runOrAdapterError('openrouter', { id: 'x', documents, payload: { id: 'gen-1', choices: [{ message: { content, annotations } }] } });
        const expected = new Map<string, Set<string>>();
        ranges.forEach(([[s, e]], i) => collect(expected, answer!.sources.find((x) => x.text === `page ${i}`)?.id, cpSlice(content, s, e)));
        expectExactSpans(answer!, expected);
        expect(stripMarkers(answer!.text)).toBe(content);
      }),
      { numRuns: 300 },
    );
  });

  it('xai: every located link is replaced by its marker, and nothing else changes', () => {
    const pieces = fc.array(fc.tuple(textArb, fc.constantFrom(0, 1)), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(pieces, (ps) => {
        let content = '';
        const citations = ps.map(([t, d], i) => {
          content += t;
          const link = `[[${i + 1}]](${documents[d]!.url})`;
          const start = [...content].length;
          content += link;
          return { id: String(i + 1), start_index: start, end_index: start + [...link].length, web_citation: { url: documents[d]!.url } };
        });
        const answer = runOrAdapterError('xai', { id: 'x', documents, payload: { outputs: [{ message: { content, citations } }] } });
        expect(stripMarkers(answer!.text)).toBe(ps.map(([t]) => t).join(''));
        // The i-th marker opens the document the i-th link pointed at.
        const docsCited = [...answer!.text.matchAll(/\[(\d+)\]/g)].map((m) => {
          const sourceId = answer!.citations?.find((c) => c.n === Number(m[1]))?.sourceId;
          return answer!.sources.find((x) => x.id === sourceId)?.documentId;
        });
        expect(docsCited).toEqual(ps.map(([, d]) => documents[d]!.id));
        expect(answer!.sources.every((x) => x.flags === undefined)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
