import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractClaims } from '../../core/model/claims.ts';
import { findNeedle, matchKey, plainClaimText, unlinkMarkdown } from './claim-text.ts';
import { cpuMs } from '../../testing/cpu-time.ts';

// The pattern unlinkMarkdown replaced (quadratic on a run of `[`), kept here as its specification.
const MARKDOWN_LINK = /!?\[([^\]\n]*)\]\([^)\n]*\)/g;

describe('unlinkMarkdown', () => {
  it('keeps the label of links and images', () => {
    expect(unlinkMarkdown('see [the zone](https://x.test/a) and ![map](m.png).')).toBe('see the zone and map.');
    expect(unlinkMarkdown('[a [b](c) [d]\n(e) [f](g\n)')).toBe('a [b [d]\n(e) [f](g\n)');
  });

  it('matches the old pattern on any text built of its characters', () => {
    const text = fc.array(fc.constantFrom('[', ']', '(', ')', '!', '\n', 'a', ' '), { maxLength: 40 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(unlinkMarkdown(t)).toBe(t.replace(MARKDOWN_LINK, '$1'));
      }),
      { numRuns: 20_000 },
    );
  });

  it('is linear on runs of `[` and `[](`', () => {
    const ms = cpuMs(() => {
      for (const piece of ['[', '[a', '[](', '[a](b']) unlinkMarkdown(piece.repeat(65_536));
    });
    // a few ms of CPU; the regex took 5.6 s on 64,000 `[`
    expect(ms).toBeLessThan(1000);
  });
});

describe('plainClaimText', () => {
  it('drops markers and markdown syntax, keeping the words a reader sees', () => {
    const text = '- **Vendor accounts** that sit unused for 30 days are disabled [2].\n- Connections use a [segregated zone](https://x.test/a) [1][3].';
    const claims = extractClaims(text);
    expect(claims.map((c) => plainClaimText(text, c))).toEqual([
      'Vendor accounts that sit unused for 30 days are disabled.',
      'Connections use a segregated zone.',
    ]);
  });
});

describe('findNeedle', () => {
  it('finds the n-th occurrence of a claim, by letters and digits only', () => {
    const hay = matchKey('Yes. Keys rotate yearly [1]. Yes. Logs are kept.');
    const yes = matchKey('Yes.');
    const first = findNeedle(hay, yes, 0)!;
    const second = findNeedle(hay, yes, 1)!;
    expect(second.start).toBeGreaterThan(first.start);
    expect(findNeedle(hay, yes, 5)).toEqual(second);
    expect(findNeedle(hay, matchKey('Keys rotate yearly'))).toEqual({ start: 3, end: 3 + 'keysrotateyearly'.length });
  });

  it('falls back to the span between its first and last words when the middle differs', () => {
    const hay = matchKey('Vendor connections must terminate in a zone behind a firewall that only allows approved ports.');
    const needle = matchKey('Vendor connections must terminate in a SEGREGATED zone behind a firewall that only allows approved ports.');
    expect(findNeedle(hay, needle)).toEqual({ start: 0, end: hay.length });
    expect(findNeedle(hay, matchKey('Nothing like this is in the answer at all'))).toBeNull();
    expect(findNeedle(hay, '')).toBeNull();
  });
});
