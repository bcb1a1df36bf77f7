import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findInPage, findRects } from './find-all.ts';
import { prepareFind, type FindOptions } from './find-query.ts';
import { flowText, syntheticPage } from './synthetic.ts';
import { indexPage } from './text-index.ts';

const PLAIN: FindOptions = { matchCase: false, wholeWords: false };
const find = (lines: Parameters<typeof syntheticPage>[1], query: string, options: FindOptions = PLAIN) => {
  const page = indexPage(syntheticPage(1, lines));
  const q = prepareFind(query, options);
  return { page, matches: q ? findInPage(page, q) : [] };
};

describe('findInPage', () => {
  it('finds a word hyphenated across a line break, with a box on each line', () => {
    const { page, matches } = find(
      [
        { text: 'The retention poli-', x: 72, y: 700 },
        { text: 'cy applies to every policy holder.', x: 72, y: 686 },
      ],
      'policy',
    );
    expect(matches).toHaveLength(2);
    const rects = findRects(page, matches[0]!);
    expect(rects).toHaveLength(2);
    expect(rects[0]!.y0).toBeLessThan(rects[1]!.y0); // first on the upper line, then the next one
  });

  it('folds ligatures and diacritics both ways', () => {
    expect(find([{ text: 'The ﬁnal résumé', x: 72, y: 700 }], 'final resume').matches).toHaveLength(1);
    expect(find([{ text: 'The final resume', x: 72, y: 700 }], 'ﬁnal').matches).toHaveLength(1);
  });

  it('finds right-to-left words in their logical order', () => {
    const page = syntheticPage(1, [{ text: 'מדיניות שמירת מידע', x: 300, y: 700 }]);
    page.runs[0]!.dir = 'rtl';
    const indexed = indexPage(page);
    const q = prepareFind('שמירת', PLAIN)!;
    const [match] = findInPage(indexed, q);
    expect(match).toBeDefined();
    // the middle word of a right-to-left run is drawn in the middle of the run, not at its mirror position
    const [box] = findRects(indexed, match!);
    const run = findRects(indexed, { page: 1, k0: 0, k1: indexed.key.length })[0]!;
    expect(box!.x0).toBeGreaterThan(run.x0 + 1);
    expect(box!.x1).toBeLessThan(run.x1 - 1);
  });

  it('with Match case, tells "Policy" from "policy" (ligatures included)', () => {
    const lines = [{ text: 'Policy and policy and POLICY', x: 72, y: 700 }];
    expect(find(lines, 'policy').matches).toHaveLength(3);
    expect(find(lines, 'policy', { matchCase: true, wholeWords: false }).matches).toHaveLength(1);
    expect(find(lines, 'Policy', { matchCase: true, wholeWords: false }).matches.map((m) => m.k0)).toEqual([0]);
    expect(find([{ text: 'ﬁle', x: 72, y: 700 }], 'fi', { matchCase: true, wholeWords: false }).matches).toHaveLength(1);
    expect(find([{ text: 'ﬁle', x: 72, y: 700 }], 'Fi', { matchCase: true, wholeWords: false }).matches).toHaveLength(0);
  });

  it('with Whole words, skips matches inside longer words', () => {
    const lines = [{ text: 'data, metadata and data-set', x: 72, y: 700 }];
    expect(find(lines, 'data').matches).toHaveLength(3);
    expect(find(lines, 'data', { matchCase: false, wholeWords: true }).matches).toHaveLength(1);
  });

  it('a whole-word search does not take two words for one, and still finds a phrase across its words', () => {
    // The key has no spaces: "a a" spells the key of "aa" (fast-check found it: ["a","a","aa","a"], query "aa").
    const lines = [{ text: 'a a aa a', x: 72, y: 700 }];
    expect(find(lines, 'aa', { matchCase: false, wholeWords: true }).matches).toHaveLength(1);
    expect(find(lines, 'a a', { matchCase: false, wholeWords: true }).matches).toHaveLength(1);
    expect(find(lines, 'aa', PLAIN).matches).toHaveLength(2);
    expect(find([{ text: 'the supply chain and supplychain', x: 72, y: 700 }], 'supply chain', { matchCase: false, wholeWords: true }).matches).toHaveLength(1);
  });

  it('finds nothing for an empty or punctuation-only query', () => {
    expect(prepareFind('  ', PLAIN)).toBeNull();
    expect(prepareFind('.,;', PLAIN)).toBeNull();
  });
});

// ---- properties ----------------------------------------------------------------------------------------------------

const word = fc.stringMatching(/^[a-z]{1,6}$/);
const casedWord = fc.stringMatching(/^[a-zA-Z]{1,6}$/);

describe('findInPage properties', () => {
  it('every match spells the query, matches are in order and never overlap', () => {
    fc.assert(
      fc.property(fc.array(casedWord, { minLength: 1, maxLength: 60 }), casedWord, fc.boolean(), fc.boolean(), (words, query, matchCase, wholeWords) => {
        const page = indexPage(syntheticPage(1, flowText(words.join(' '), { perLine: 30 })));
        const q = prepareFind(query, { matchCase, wholeWords })!;
        const matches = findInPage(page, q);
        let last = -1;
        for (const m of matches) {
          expect(page.key.slice(m.k0, m.k1)).toBe(q.key);
          expect(m.k0).toBeGreaterThanOrEqual(last);
          last = m.k1;
        }
      }),
    );
  });

  it('a whole-word search finds exactly the words equal to the query, wherever the lines break', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 80 }), fc.nat(), fc.integer({ min: 8, max: 40 }), (words, pick, perLine) => {
        const query = words[pick % words.length]!;
        const page = indexPage(syntheticPage(1, flowText(words.join(' '), { perLine })));
        const matches = findInPage(page, prepareFind(query, { matchCase: false, wholeWords: true })!);
        expect(matches).toHaveLength(words.filter((w) => w === query).length);
      }),
    );
  });

  it('options only ever narrow the plain search', () => {
    fc.assert(
      fc.property(fc.array(casedWord, { minLength: 1, maxLength: 60 }), casedWord, (words, query) => {
        const page = indexPage(syntheticPage(1, flowText(words.join(' '))));
        const starts = (o: FindOptions) => findInPage(page, prepareFind(query, o)!).map((m) => m.k0);
        const plainKey = prepareFind(query, PLAIN)!.key;
        const plainCount = starts(PLAIN).length;
        for (const o of [
          { matchCase: true, wholeWords: false },
          { matchCase: false, wholeWords: true },
          { matchCase: true, wholeWords: true },
        ]) {
          // Matches do not overlap, so a narrowed search may land on an occurrence the plain one stepped over
          // ("tT" in "ttTa": plain takes "tt" at 0, Match case takes "tT" at 1; fast-check found it). What holds:
          // each narrowed match is an occurrence of the plain key, and there are never more of them than plain
          // matches (the leftmost-first plain search takes the most non-overlapping occurrences there are).
          const narrowed = starts(o);
          for (const s of narrowed) expect(page.key.startsWith(plainKey, s)).toBe(true);
          expect(narrowed.length).toBeLessThanOrEqual(plainCount);
        }
      }),
      { examples: [[['t', 'tTa', 'a'], 'tT']] },
    );
  });

  it('a word split by a hyphen at a line end is found as if it were whole', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{4,12}$/), fc.nat(), (w, cut) => {
        const at = 2 + (cut % (w.length - 3));
        const { matches } = find(
          [
            { text: `see ${w.slice(0, at)}-`, x: 72, y: 700 },
            { text: `${w.slice(at)} here`, x: 72, y: 686 },
          ],
          w,
          { matchCase: false, wholeWords: true },
        );
        expect(matches).toHaveLength(1);
      }),
    );
  });
});
