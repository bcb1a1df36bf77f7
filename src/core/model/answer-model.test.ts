import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildAnswerModel } from './answer-model.ts';
import type { Answer, Source } from './types.ts';

const src = (id: string, extra: Partial<Source> = {}): Source => ({ id, documentId: 'policy', ...extra });
const answer = (text: string, sources: Source[], extra: Partial<Answer> = {}): Answer => ({
  id: 'a1',
  text,
  documents: [{ id: 'policy', title: 'Policy', url: 'policy.pdf' }],
  sources,
  ...extra,
});

describe('buildAnswerModel', () => {
  it('lists citations in order of first appearance, a source cited twice once', () => {
    const text = 'Opened items are excluded [2]. Refunds take 30 days [1]. Again excluded [2][1]. Also [3].';
    const m = buildAnswerModel(answer(text, [src('S1'), src('S2'), src('S3')]));
    expect(m.citations.map((c) => [c.key, c.sourceId])).toEqual([
      ['2', 'S2'],
      ['1', 'S1'],
      ['3', 'S3'],
    ]);
    expect(text.slice(m.citations[0]!.firstStart, m.citations[0]!.firstStart + 1)).toBe('2');
    expect(m.claims).toHaveLength(4);
    expect(m.uncited).toEqual([]);
  });

  it('maps [n] through answer.citations when present, and S-IDs directly', () => {
    const a = answer('A [1]. B [S1]. C [2].', [src('S1'), src('S2')], { citations: [{ n: 1, sourceId: 'S2' }] });
    const m = buildAnswerModel(a);
    expect(m.citations.map((c) => c.sourceId)).toEqual(['S2', 'S1']);
    expect(m.invalidMarkers.map((x) => x.key)).toEqual(['2']);
    expect(m.claims[0]!.citations[0]!.sourceId).toBe('S2');
  });

  it('reports invalid markers with the span of their token', () => {
    const text = 'MFA [1, 7] is required. Logs [S9] too. Fine [۹].';
    const m = buildAnswerModel(answer(text, [src('S1')]));
    expect(m.invalidMarkers.map((x) => [x.key, text.slice(x.start, x.end)])).toEqual([
      ['7', '7'],
      ['S9', 'S9'],
      ['9', '۹'],
    ]);
    expect(m.citations.map((c) => c.sourceId)).toEqual(['S1']);
    // A sentence whose only marker is invalid is not "uncited" (it has a marker) but has no citations.
    expect(m.claims[1]).toMatchObject({ citations: [] });
    expect(m.uncited).toEqual([]);
  });

  it('lists uncited content sentences, not headings or questions', () => {
    const text = '# Refunds\n\nWhat is the policy? Refunds take 30 days [1]. Nobody checks.\n\n- Also unchecked';
    const m = buildAnswerModel(answer(text, [src('S1')]));
    expect(m.uncited.map((c) => c.text)).toEqual(['Nobody checks.', 'Also unchecked']);
    expect(m.claims.map((c) => c.text)).toEqual(['Refunds take 30 days [1].', 'Nobody checks.', 'Also unchecked']);
  });

  it('ignores markers inside code', () => {
    const m = buildAnswerModel(answer('Use `a[5]` here [1].\n\n```\nb[6]\n```', [src('S1')]));
    expect(m.invalidMarkers).toEqual([]);
    expect(m.citations).toHaveLength(1);
  });

  it('collapses sources with the same chunkId and quote, keeping the first and resolving the others to it', () => {
    const sources = [
      src('S1', { chunkId: 'c4', quote: 'Refunds within 30 days.' }),
      src('S2', { chunkId: 'c9', quote: 'Opened items excluded.' }),
      src('S3', { chunkId: 'c4', quote: 'Refunds within 30 days.' }),
      src('S4', { chunkId: 'c4', quote: 'Another quote from chunk 4.' }),
      src('S5', { chunkId: 'c4', quote: 'Refunds within 30 days.', documentId: 'other' }),
      src('S6', { quote: 'Refunds within 30 days.' }),
      src('S7', { quote: 'Refunds within 30 days.' }),
    ];
    const text = 'Refunds [3]. Excluded [S2]. Refunds again [S1]. Other [4]. Elsewhere [S5]. Loose [S6][S7].';
    const m = buildAnswerModel(answer(text, sources));
    expect(m.sources.map((s) => s.id)).toEqual(['S1', 'S2', 'S4', 'S5', 'S6', 'S7']);
    expect(m.sources[0]!.flags?.map((f) => f.code)).toEqual(['duplicate-collapsed']);
    expect(m.sources[0]!.flags?.[0]?.message).toContain('S3');
    expect(m.sources[1]!.flags).toBeUndefined();
    expect(m.resolve('3')?.id).toBe('S1');
    expect(m.resolve('S3')?.id).toBe('S1');
    expect(m.resolve('S1')?.id).toBe('S1');
    expect(m.resolve('S99')).toBeUndefined();
    // [3] and [S1] are the same passage: listed once, at its first appearance.
    expect(m.citations.map((c) => [c.key, c.sourceId])).toEqual([
      ['3', 'S1'],
      ['S2', 'S2'],
      ['4', 'S4'],
      ['S5', 'S5'],
      ['S6', 'S6'],
      ['S7', 'S7'],
    ]);
    expect(m.claims[0]!.citations[0]!.sourceId).toBe('S1');
    expect(m.invalidMarkers).toEqual([]);
    // The input is not mutated.
    expect(sources[0]!.flags).toBeUndefined();
  });

  it('keeps existing flags on a collapsed source', () => {
    const sources = [src('S1', { chunkId: 'c', quote: 'q', flags: [{ code: 'box-clamped', message: 'x' }] }), src('S2', { chunkId: 'c', quote: 'q' })];
    const m = buildAnswerModel(answer('A [1]. B [2].', sources));
    expect(m.sources[0]!.flags?.map((f) => f.code)).toEqual(['box-clamped', 'duplicate-collapsed']);
    expect(m.citations).toHaveLength(1);
  });

  it('uses explicit spans, mapping their sources through the collapse', () => {
    const text = 'Refunds are issued within 30 days [1]. Opened items are excluded.';
    const start = text.indexOf('Opened');
    const sources = [src('S1', { chunkId: 'c', quote: 'q' }), src('S2', { chunkId: 'c', quote: 'q' }), src('S3')];
    const m = buildAnswerModel(
      answer(text, sources, {
        spans: [
          { sourceId: 'S3', key: 'S3', answerStart: start, answerEnd: text.length - 1 },
          { sourceId: 'S2', key: '1', answerStart: 0, answerEnd: 7 },
          { sourceId: 'S404', key: 'x', answerStart: 0, answerEnd: 3 },
        ],
      }),
    );
    expect(m.uncited).toEqual([]);
    const [c1, c2] = m.claims;
    expect(c1!.citations.map((c) => [c.sourceId, text.slice(c.answerStart, c.answerEnd)])).toEqual([['S1', 'Refunds']]);
    expect(c2!.citations.map((c) => [c.sourceId, text.slice(c.answerStart, c.answerEnd)])).toEqual([['S3', 'Opened items are excluded']]);
    expect(m.citations.map((c) => c.sourceId)).toEqual(['S1', 'S3']);
  });

  it('reads Persian answers (persian_rag)', () => {
    const text = 'حافظ اهل شیراز بود [۱]. آرامگاهش کجاست؟ او شاعر بود. دیوان او مشهور است [۵].';
    const m = buildAnswerModel(answer(text, [src('S1')]), 'fa');
    expect(m.claims.map((c) => c.text)).toEqual(['حافظ اهل شیراز بود [۱].', 'او شاعر بود.', 'دیوان او مشهور است [۵].']);
    expect(m.uncited.map((c) => c.text)).toEqual(['او شاعر بود.']);
    expect(m.invalidMarkers.map((x) => [x.key, text.slice(x.start, x.end)])).toEqual([['5', '۵']]);
  });

  it('never throws, whatever the answer looks like', () => {
    const junk = fc.oneof(fc.anything(), fc.string(), fc.constant(null), fc.constant(undefined));
    fc.assert(
      fc.property(junk, junk, junk, junk, (text, sources, citations, spans) => {
        const m = buildAnswerModel({ id: 'x', text, documents: [], sources, citations, spans } as unknown as Answer);
        expect(Array.isArray(m.claims)).toBe(true);
        expect(m.resolve('1')).toSatisfy((s: unknown) => s === undefined || typeof s === 'object');
      }),
      { numRuns: 300 },
    );
    expect(() => buildAnswerModel(null as unknown as Answer)).not.toThrow();
    expect(() => buildAnswerModel(undefined as unknown as Answer)).not.toThrow();
  });

  it('keeps its invariants on arbitrary text with markers', () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.constantFrom('[1]', '[2]', '[3]', '[1, 9]', '[S2]', '[S8]', '[۲]', '【1】', '. ', '? ', '\n', '\n\n- ', '`[1]`'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 25 }), (parts) => {
        const text = parts.join('');
        const m = buildAnswerModel(answer(text, [src('S1', { chunkId: 'c', quote: 'q' }), src('S2'), src('S3', { chunkId: 'c', quote: 'q' })]));
        const ids = m.citations.map((c) => c.sourceId);
        expect(new Set(ids).size).toBe(ids.length);
        const starts = m.citations.map((c) => c.firstStart);
        expect([...starts].sort((a, b) => a - b)).toEqual(starts);
        for (const x of m.invalidMarkers) {
          expect(x.start).toBeGreaterThanOrEqual(0);
          expect(x.end).toBeLessThanOrEqual(text.length);
          expect(text.slice(x.start, x.end)).toMatch(/^(?:S\d+|\p{Nd}+(?:\s*[-–—]\s*\p{Nd}+)?)$/u);
        }
        for (const c of m.citations) expect(m.sources.some((s) => s.id === c.sourceId)).toBe(true);
        for (const u of m.uncited) expect(m.claims).toContain(u);
        expect(ids).not.toContain('S3');
      }),
      { numRuns: 500 },
    );
  });
});
