import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spanSegments } from './span-segments.ts';
import type { CitationSpan } from './types.ts';

const span = (key: string, answerStart: number, answerEnd: number): CitationSpan => ({ sourceId: `S${key}`, key, answerStart, answerEnd });

describe('spanSegments', () => {
  it('marks the cited words and closes each span where it ends', () => {
    const text = 'The vendor policy asks for TLS 1.2 or higher in transit.';
    const segs = spanSegments(text, [span('1', 27, 44)]);
    expect(segs.map((s) => [s.text, s.cited, s.closes.map((c) => c.key)])).toEqual([
      ['The vendor policy asks for ', false, []],
      ['TLS 1.2 or higher', true, ['1']],
      [' in transit.', false, []],
    ]);
  });

  it('keeps overlapping spans apart, each closing once', () => {
    const segs = spanSegments('abcdefgh', [span('1', 0, 5), span('2', 3, 8), span('3', 3, 8)]);
    expect(segs.map((s) => [s.text, s.cited, s.closes.map((c) => c.key)])).toEqual([
      ['abc', true, []],
      ['de', true, ['1']],
      ['fgh', true, ['2', '3']],
    ]);
  });

  it('clamps spans to the text and ignores empty or reversed ones', () => {
    const segs = spanSegments('short', [span('1', 2, 99), span('2', 4, 1), span('3', Number.NaN, 3)]);
    expect(segs.map((s) => s.text).join('')).toBe('short');
    expect(segs.flatMap((s) => s.closes.map((c) => c.key))).toEqual(['3', '1']);
  });

  it('always joins back to the text, and closes every usable span exactly once', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.tuple(fc.integer({ min: -5, max: 50 }), fc.integer({ min: -5, max: 50 })), { maxLength: 8 }),
        (text, ranges) => {
          const spans = ranges.map(([a, b], i) => span(String(i), a, b));
          const segs = spanSegments(text, spans);
          expect(segs.map((s) => s.text).join('')).toBe(text);
          const usable = spans.filter((s) => Math.min(Math.max(s.answerStart, 0), text.length) < Math.min(Math.max(s.answerEnd, 0), text.length));
          expect(segs.flatMap((s) => s.closes).sort((a, b) => Number(a.key) - Number(b.key))).toEqual(usable);
          for (const s of segs) {
            const covered = usable.some((u) => Math.max(u.answerStart, 0) <= s.start && Math.min(u.answerEnd, text.length) >= s.end);
            expect(s.cited).toBe(covered);
          }
        },
      ),
    );
  });
});
