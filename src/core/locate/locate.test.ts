import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { locateInDocument, locateInIndex, type LocateResult } from './locate.ts';
import { TextIndex } from './text-index.ts';
import type { PageText } from './page-text.ts';
import { flowText, syntheticPage, type SyntheticLine } from './synthetic.ts';

function indexOf(...pages: PageText[]): TextIndex {
  const index = new TextIndex(pages.length);
  for (const p of pages) index.addPage(p);
  return index;
}

function one(lines: SyntheticLine[], quote: string, opts: { rotate?: number } = {}): LocateResult {
  return locateInIndex(indexOf(syntheticPage(1, lines, opts)), quote, { page: 1 });
}

describe('matching classes (as in pdf.js find-controller tests)', () => {
  it('hyphenation at a line end', () => {
    const lines = [
      { text: 'The privacy poli-', x: 72, y: 700 },
      { text: 'cy covers end-', x: 72, y: 688 },
      { text: 'to-end encryption.', x: 72, y: 676 },
    ];
    expect(one(lines, 'privacy policy covers').found).toBe(true);
    expect(one(lines, 'covers end-to-end encryption').found).toBe(true);
    expect(one(lines, 'poli- cy covers').found).toBe(true);
    const r = one(lines, 'privacy policy covers');
    expect(r.rects).toHaveLength(2);
  });

  it('line wrap = space', () => {
    const lines = [
      { text: 'alpha beta', x: 72, y: 700 },
      { text: 'gamma delta', x: 72, y: 688 },
    ];
    const r = one(lines, 'beta gamma');
    expect(r.found).toBe(true);
    expect(r.rects).toHaveLength(2);
  });

  it('ligatures, diacritics both ways, full-width, case', () => {
    const lines = [{ text: 'The ﬁnal Résumé of ＦＵＬＬ width', x: 72, y: 700 }];
    expect(one(lines, 'the final resume').found).toBe(true);
    expect(one(lines, 'FULL WIDTH').found).toBe(true);
    const back = [{ text: 'a resume here', x: 72, y: 700 }];
    expect(one(back, 'résumé').found).toBe(true);
  });

  it('CJK without spaces, across a line break', () => {
    const lines = [
      { text: 'これは追加の長い段落です。このセクションでは、地理を学ぶことの重要性について詳しく説', x: 72, y: 700 },
      { text: '明します。', x: 72, y: 686 },
    ];
    const r = one(lines, 'について詳しく説明します。');
    expect(r.found).toBe(true);
    expect(r.rects).toHaveLength(2);
  });

  it('Arabic variants, tatweel and harakat', () => {
    const lines = [{ text: 'كتاب عليّ في المدرسة', x: 300, y: 700 }];
    expect(one(lines, 'کتاب علی في المدرسه').found).toBe(true);
    expect(one([{ text: 'يـــوم جميل', x: 72, y: 700 }], 'یوم جميل').found).toBe(true);
  });

  it('does not find what is not there', () => {
    const lines = flowText('Now I have heard my Granny say that a long time before her day the Moon got trapped');
    const r = one(lines, 'The quarterly revenue of the northern subsidiary grew by forty-seven percent.');
    expect(r).toEqual({ found: false, match: 'none', score: expect.any(Number), page: 1, rects: [] });
  });
});

describe('locator', () => {
  const left = flowText(
    'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones. Since no concrete type information is available traditional compilers need to emit generic code',
    { x: 54, top: 700, perLine: 45 },
  );
  const right = flowText(
    'that can handle all possible type combinations at runtime. We present an alternative compilation technique for dynamically typed languages',
    { x: 317, top: 700, perLine: 45 },
  );

  it('keeps columns apart and bridges a cross-column quote', () => {
    const page = syntheticPage(
      1,
      [...left, ...right].sort((a, b) => b.y - a.y),
    ); // drawn interleaved
    const idx = indexOf(page);
    const r = locateInIndex(idx, 'traditional compilers need to emit generic code that can handle all possible', { page: 1 });
    expect(r.found).toBe(true);
    expect(r.rects.some((b) => b.x0 < 300)).toBe(true);
    expect(r.rects.some((b) => b.x0 > 300)).toBe(true);
    expect(locateInIndex(idx, 'than statically typed ones. Since no concrete type', { page: 1 }).rects.every((b) => b.x1 < 300)).toBe(true);
  });

  it('finds a quote across a page break and prefers the hinted page', () => {
    const p1 = syntheticPage(1, [
      { text: 'repeated phrase here', x: 72, y: 700 },
      { text: 'it was cold and she', x: 72, y: 100 },
      { text: '12', x: 300, y: 40, size: 8 },
    ]);
    const p2 = syntheticPage(2, [
      { text: 'Running head', x: 72, y: 760, size: 8 },
      { text: 'was trembling in the dark', x: 72, y: 700 },
    ]);
    const p3 = syntheticPage(3, [{ text: 'repeated phrase here', x: 72, y: 700 }]);
    const idx = indexOf(p1, p2, p3);
    const r = locateInIndex(idx, 'it was cold and she was trembling', { page: 1 });
    expect(r).toMatchObject({ found: true, page: 1, pageEnd: 2 });
    expect(new Set(r.rects.map((b) => b.page))).toEqual(new Set([1, 2]));
    expect(locateInIndex(idx, 'repeated phrase here', { page: 3 }).page).toBe(3);
    expect(locateInIndex(idx, 'repeated phrase here', { page: 1 }).page).toBe(1);
    expect(locateInIndex(idx, 'repeated phrase here').page).toBe(1);
  });

  it('tolerates characters misread inside words (fuzzy), but not a changed word, nor shuffled words', () => {
    const text = 'Geography is more than just memorizing locations; it is the study of places and the relationships between people and their environments.';
    const idx = indexOf(syntheticPage(1, flowText(text)));
    const ocr = locateInIndex(idx, 'Geography is more than just memorlzing locations; it is the study of places and the re1ationships', { page: 1 });
    expect(ocr).toMatchObject({ found: true, match: 'approximate', differences: [] });
    expect(ocr.score).toBeGreaterThan(0.6);
    expect(ocr.score).toBeLessThan(1);
    // one word changed: the passage is the closest, not found, and the change is named
    const changed = locateInIndex(idx, 'Geography is more than just memorizing locations; it is the study of cities and the relationships', { page: 1 });
    expect(changed).toMatchObject({ found: false, match: 'none', rects: [] });
    expect(changed.closest?.differences.map((d) => [d.kind, d.quote, d.document])).toEqual([['word', 'cities', 'places']]);
    expect(changed.closest?.rects.length).toBeGreaterThan(0);
    const shuffled = 'places study the of relationships and is it the locations memorizing just';
    expect(locateInIndex(idx, shuffled, { page: 1 }).found).toBe(false);
  });

  it('gives axis-aligned canonical boxes for rotated text on a /Rotate 90 page and a non-zero CropBox origin', () => {
    // rotation.pdf page 2: text drawn upwards at x = 101.04 from y = 72
    const page = syntheticPage(1, [{ text: 'This is my second page.', x: 101.04, y: 72, size: 12, angle: 90 }], { rotate: 90 });
    const r = locateInIndex(indexOf(page), 'my second page', { page: 1 });
    expect(r.found).toBe(true);
    const [b] = r.rects;
    expect(b).toBeDefined();
    expect(b!.x0).toBeCloseTo(101.04 - 0.8 * 12, 5);
    expect(b!.x1).toBeCloseTo(101.04 + 0.2 * 12, 5);
    expect(b!.y1).toBeCloseTo(792 - 72 - 8 * 6, 5);
    expect(b!.y0).toBeCloseTo(792 - 72 - 22 * 6, 5);
    const shifted = syntheticPage(1, [{ text: 'offset origin', x: 50, y: 600 }], { view: [20, 482, 381, 792] });
    const s = locateInIndex(indexOf(shifted), 'offset origin', { page: 1 }).rects[0]!;
    expect(s.x0).toBeCloseTo(30, 5);
    expect(s.y0).toBeCloseTo(792 - 600 - 8, 5);
  });

  it('gives canonical boxes for text drawn for /Rotate 180 and /Rotate 270 pages', () => {
    // 'my second page' is characters 8..22 of the run; the synthetic advance is 0.5 em (6 pt at 12 pt).
    const text = 'This is my second page.';
    const upside = syntheticPage(1, [{ text, x: 500, y: 400, size: 12, angle: 180 }], { rotate: 180 });
    const a = locateInIndex(indexOf(upside), 'my second page', { page: 1 }).rects[0]!;
    expect(a.x0).toBeCloseTo(500 - 22 * 6, 5);
    expect(a.x1).toBeCloseTo(500 - 8 * 6, 5);
    expect(a.y0).toBeCloseTo(792 - (400 + 0.2 * 12), 5);
    expect(a.y1).toBeCloseTo(792 - (400 - 0.8 * 12), 5);
    const down = syntheticPage(1, [{ text, x: 300, y: 700, size: 12, angle: 270 }], { rotate: 270 });
    const b = locateInIndex(indexOf(down), 'my second page', { page: 1 }).rects[0]!;
    expect(b.x0).toBeCloseTo(300 - 0.2 * 12, 5);
    expect(b.x1).toBeCloseTo(300 + 0.8 * 12, 5);
    expect(b.y0).toBeCloseTo(792 - (700 - 8 * 6), 5);
    expect(b.y1).toBeCloseTo(792 - (700 - 22 * 6), 5);
  });

  it('uses the measurer for substring widths', () => {
    const page = syntheticPage(1, [{ text: 'iiii WWWW', x: 0, y: 700 }]);
    const measure = (t: string) => [...t].reduce((w, c) => w + (c === 'W' ? 1 : c === 'i' ? 0.25 : 0.3), 0);
    const r = locateInIndex(indexOf(page), 'WWWW', { page: 1, measure });
    const whole = 9 * 10 * 0.5;
    expect(r.rects[0]!.x0).toBeCloseTo((1.3 / 5.3) * whole, 5);
  });

  it('locateInDocument loads the hinted page first, shares the index and yields', async () => {
    const pages = [1, 2, 3, 4, 5, 6].map((p) => syntheticPage(p, flowText(`page ${p} unique words number ${p * 7} and more`)));
    const asked: number[] = [];
    const index = new TextIndex(6);
    const getPageText = async (p: number) => {
      asked.push(p);
      return pages[p - 1]!;
    };
    const r = await locateInDocument({ pageCount: 6, getPageText, quote: 'unique words number 35', page: 5, index });
    expect(r).toMatchObject({ found: true, page: 5 });
    expect(asked.slice(0, 2)).toEqual([5, 6]);
    const r2 = await locateInDocument({ pageCount: 6, getPageText, quote: 'number 7 and more', index });
    expect(r2.page).toBe(1);
    expect(new Set(asked).size).toBe(asked.length);
    const ac = new AbortController();
    ac.abort();
    await expect(locateInDocument({ pageCount: 6, getPageText, quote: 'x y z', signal: ac.signal, index: new TextIndex() })).rejects.toBeDefined();
  });
});

describe('locator properties', () => {
  const word = fc.stringMatching(/^[a-z]{3,8}$/);

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 60 }), (lines, quote) => {
        const idx = indexOf(
          syntheticPage(
            1,
            lines.map((text, i) => ({ text, x: 72, y: 700 - 12 * i })),
          ),
        );
        const r = locateInIndex(idx, quote, { page: 1 });
        expect(typeof r.found).toBe('boolean');
      }),
      { numRuns: 150 },
    );
  });

  it('finds any quote sliced from a page on that page, with rects inside the page', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { minLength: 20, maxLength: 60 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        (pagesWords, pick, from, len) => {
          const pages = pagesWords.map((ws, i) => syntheticPage(i + 1, flowText(ws.join(' '), { perLine: 50 })));
          const idx = indexOf(...pages);
          const p = pick % pages.length;
          const ws = pagesWords[p]!;
          const start = from % ws.length;
          const quote = ws.slice(start, start + len).join(' ');
          const r = locateInIndex(idx, quote, { page: p + 1 });
          expect(r.found).toBe(true);
          expect(r.page).toBe(p + 1);
          expect(r.rects.length).toBeGreaterThan(0);
          for (const b of r.rects) {
            expect(b.page).toBe(p + 1);
            expect(b.x0).toBeGreaterThanOrEqual(0);
            expect(b.y0).toBeGreaterThanOrEqual(0);
            expect(b.x1).toBeLessThanOrEqual(612);
            expect(b.y1).toBeLessThanOrEqual(792);
            expect(b.x1).toBeGreaterThan(b.x0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('does not find a word-shuffled quote (≥ 6 distinct words)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 30, maxLength: 60 }),
        fc.nat(),
        fc.integer({ min: 6, max: 20 }),
        fc.infiniteStream(fc.nat()),
        (ws, from, len, rnd) => {
          const start = from % Math.max(1, ws.length - len);
          const slice = ws.slice(start, start + len);
          fc.pre(slice.length >= 6);
          const it = rnd[Symbol.iterator]();
          const order = slice.map((_, i) => i);
          for (let i = order.length - 1; i > 0; i--) {
            const j = (it.next().value as number) % (i + 1);
            [order[i], order[j]] = [order[j]!, order[i]!];
          }
          // a real shuffle: no two words that follow each other in the text still follow each other
          fc.pre(order.every((v, i) => i === 0 || v !== order[i - 1]! + 1));
          const quote = order.map((i) => slice[i]).join(' ');
          const idx = indexOf(syntheticPage(1, flowText(ws.join(' '), { perLine: 50 })));
          expect(locateInIndex(idx, quote, { page: 1 }).found).toBe(false);
          expect(locateInIndex(idx, quote).found).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
