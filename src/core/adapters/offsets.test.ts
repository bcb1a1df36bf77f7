import { describe, expect, it } from 'vitest';
import { insertMarkers } from './markers.ts';
import { offsetMapper, resolveSpan } from './offsets.ts';

describe('offsetMapper', () => {
  const text = '🔒a要é';
  it('maps code points to UTF-16', () => {
    const m = offsetMapper(text, 'codepoint');
    expect(m.length).toBe(4);
    expect([0, 1, 2, 3, 4].map((o) => m.toUtf16(o, 'start'))).toEqual([0, 2, 3, 4, 5]);
    expect(m.toUtf16(5, 'end')).toBeUndefined();
    expect(m.toUtf16(-1, 'start')).toBeUndefined();
  });
  it('maps UTF-8 bytes to UTF-16, snapping a split character outwards', () => {
    const m = offsetMapper(text, 'utf8');
    expect(m.length).toBe(4 + 1 + 3 + 2);
    expect([0, 4, 5, 8, 10].map((o) => m.toUtf16(o, 'start'))).toEqual([0, 2, 3, 4, 5]);
    expect(m.toUtf16(6, 'start')).toBe(3);
    expect(m.toUtf16(6, 'end')).toBe(4);
  });
  it('repairs offsets in the wrong unit when the span text is known', () => {
    const r = resolveSpan(text, offsetMapper(text, 'codepoint'), 2, 3, 'a'); // 'a' is code point 1
    expect(r).toMatchObject({ ok: true, start: 2, end: 3 });
    expect(r.ok && r.repaired).toBeTruthy();
  });
});

describe('insertMarkers', () => {
  it('writes one marker per source at each span end, trims whitespace, and keeps nested spans exact', () => {
    const base = 'Alpha beta. Gamma (delta) ';
    const m = insertMarkers(base, [
      { start: 0, end: 12, sourceId: 'S1', n: 1 },
      { start: 6, end: 11, sourceId: 'S2', n: 2 },
      { start: 12, end: 17, sourceId: 'S2', n: 2 },
      { start: 0, end: 26, sourceId: 'S3', n: 3 },
    ]);
    expect(m.text).toBe('Alpha beta.[1][2] Gamma[2] (delta)[3] ');
    expect(m.spans.map((s) => [s.key, m.text.slice(s.answerStart, s.answerEnd)])).toEqual([
      ['1', 'Alpha beta.'],
      ['3', 'Alpha beta.[1][2] Gamma[2] (delta)'],
      ['2', 'beta.'],
      ['2', 'Gamma'],
    ]);
  });
  it('keeps a marker from turning into a Markdown link', () => {
    expect(insertMarkers('See(x)', [{ start: 0, end: 3, sourceId: 'S1', n: 1 }]).text).toBe('See[1] (x)');
  });
});
