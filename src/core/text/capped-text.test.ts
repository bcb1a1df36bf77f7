import { describe, expect, it } from 'vitest';
import { capText, windowAround } from './capped-text.ts';

describe('capText', () => {
  it('keeps a short text whole, and cuts a long one at a space near the limit', () => {
    expect(capText('short', 10)).toEqual({ text: 'short', hidden: 0 });
    const long = 'word '.repeat(300_000);
    const capped = capText(long, 600);
    expect(capped.text.length).toBeLessThanOrEqual(600);
    expect(capped.text.length).toBeGreaterThan(560);
    expect(capped.text.endsWith('word')).toBe(true);
    expect(capped.text.length + capped.hidden).toBe(long.length);
  });

  it('never splits a surrogate pair', () => {
    const emoji = '🙂'.repeat(1000);
    const capped = capText(emoji, 601);
    expect(capped.text.length % 2).toBe(0);
    expect([...capped.text].every((ch) => ch === '🙂')).toBe(true);
  });
});

describe('windowAround', () => {
  it('draws the part of a long text around its mark', () => {
    const text = `${'a'.repeat(10_000)}MARK${'b'.repeat(10_000)}`;
    const w = windowAround(text, 10_000, 10_004, 100);
    expect(text.slice(w.start, w.end)).toContain('MARK');
    expect(w.end - w.start).toBeLessThanOrEqual(100);
    expect(w.hidden).toBe(text.length - (w.end - w.start));
    expect(windowAround('short', 0, 2, 100)).toEqual({ start: 0, end: 5, hidden: 0 });
  });
});
