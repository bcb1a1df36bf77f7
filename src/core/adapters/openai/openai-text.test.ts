import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enclosingLink, inlineLinkRange, sentenceBefore } from './openai-text.ts';

describe('OpenAI text surgery', () => {
  it("recognises OpenAI's inline link, with or without parentheses, and nothing else", () => {
    const text = 'It rains. ([bbc.com](https://bbc.com/w?a=(1))) Next.';
    const start = text.indexOf('([');
    const end = text.indexOf(' Next');
    expect(inlineLinkRange(text, start, end)).toEqual({ start: text.indexOf(' (['), end });
    expect(inlineLinkRange('See [a](https://a) now', 4, 18)).toEqual({ start: 3, end: 18 });
    expect(inlineLinkRange('It rains in London.', 0, 19)).toBeUndefined();
    expect(inlineLinkRange('x ([a](https://a) y', 2, 17)).toBeUndefined();
  });

  it('finds the Markdown link around a sandbox path', () => {
    const text = 'Get [the file](sandbox:/mnt/data/a.txt) now';
    const start = text.indexOf('sandbox');
    expect(enclosingLink(text, start, start + 'sandbox:/mnt/data/a.txt'.length)).toEqual({ start: 4, end: 39 });
    expect(enclosingLink('plain sandbox:/x', 6, 16)).toBeUndefined();
  });

  it('the sentence before a point ends there and starts after the previous sentence, line or floor', () => {
    const text = 'Intro. Ruby 3.4.7 is out, e.g. now!  \n- Item two';
    expect(text.slice(...range(sentenceBefore(text, 37, 0)))).toBe('Ruby 3.4.7 is out, e.g. now!');
    expect(text.slice(...range(sentenceBefore(text, text.length, 0)))).toBe('Item two');
    expect(text.slice(...range(sentenceBefore(text, 17, 0)))).toBe('Ruby 3.4.7');
    expect(text.slice(...range(sentenceBefore(text, 17, 12)))).toBe('3.4.7');
  });

  it('a sentence span always lies between the floor and the point', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(), fc.nat(), (text, a, b) => {
        const end = a % (text.length + 1);
        const floor = Math.min(b % (text.length + 1), end);
        const s = sentenceBefore(text, end, floor);
        expect(s.start).toBeGreaterThanOrEqual(floor);
        expect(s.start).toBeLessThanOrEqual(s.end);
        expect(s.end).toBeLessThanOrEqual(end);
      }),
    );
  });
});

function range(r: { start: number; end: number }): [number, number] {
  return [r.start, r.end];
}
