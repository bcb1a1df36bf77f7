// Right-to-left quotes land on their own words, not on the mirrored ones: unit checks of the bidi layout, then a
// Hebrew + Persian PDF generated here (scripts/rtl-fixture.ts) located through pdf.js exactly as the CLI does, and
// scored by IoU against boxes taken from the font's glyph advances when the page was laid out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRtlFixture, expectedBoxes, RTL_LINES, visualSlots, type RtlFixture } from '../../../scripts/rtl-fixture.ts';
import { loadPdf, type LoadedPdf } from '../../node/load-pdf.ts';
import { bidiSpans, visualOrder } from './bidi.ts';
import { quoteIoU } from './iou.ts';
import { locateInDocument } from './locate.ts';
import { toPageText, type MeasureText } from './page-text.ts';
import { TextIndex } from './text-index.ts';

describe('bidi layout of one run', () => {
  it('leaves left-to-right runs alone', () => {
    expect(visualOrder('Vendor accounts 15(b)', 'ltr')).toBeNull();
    expect(visualOrder('Vendor accounts', undefined)).toBeNull();
  });

  it('lays a Hebrew run out from its right end', () => {
    const str = 'אבג דה';
    const order = visualOrder(str, 'rtl');
    expect(order).toEqual([5, 4, 3, 2, 1, 0]);
    // the first word (logical 0..3) is the right half of the run, the last word the left third
    const [first] = bidiSpans(str, order!, 0, 3);
    expect(first!.f0).toBeCloseTo(0.5);
    expect(first!.f1).toBeCloseTo(1);
    const [last] = bidiSpans(str, order!, 4, 6);
    expect(last!.f0).toBeCloseTo(0);
    expect(last!.f1).toBeCloseTo(2 / 6);
  });

  it('keeps numbers left to right inside right-to-left text', () => {
    const str = 'סעיף 15(ב)';
    const order = visualOrder(str, 'rtl')!;
    const text = order.map((k) => str[k]).join('');
    expect(text.indexOf('15')).toBeGreaterThanOrEqual(0); // "1" stays left of "5"
    // "15" sits left of "סעיף", right of "(ב)": the piece for "15" is between them
    const [num] = bidiSpans(str, order, 5, 7);
    const [word] = bidiSpans(str, order, 0, 4);
    const [paren] = bidiSpans(str, order, 7, 10);
    expect(num!.f1).toBeLessThanOrEqual(word!.f0 + 1e-9);
    expect(paren!.f1).toBeLessThanOrEqual(num!.f0 + 1e-9);
  });

  it('splits a logical range that a direction change cuts in two visual pieces', () => {
    const str = 'בענן Amazon Web Services באזור';
    const order = visualOrder(str, 'rtl')!;
    const i = str.indexOf('Web');
    const pieces = bidiSpans(str, order, i, str.length);
    expect(pieces).toHaveLength(2);
    // logical order: "Web Services" first (right part of the Latin island), then "באזור" (left end of the run)
    expect(pieces[0]!.f0).toBeGreaterThan(pieces[1]!.f1);
  });

  it('gives combining marks no width of their own', () => {
    const str = 'שָׁלוֹם';
    const order = visualOrder(str, 'rtl')!;
    const spans = bidiSpans(str, order, 0, 3); // shin with its two points
    expect(spans).toHaveLength(1);
    expect(spans[0]!.f1).toBeCloseTo(1);
    expect(spans[0]!.f0).toBeCloseTo(0.75);
  });

  it('carries pdf.js run directions into the core', () => {
    const page = toPageText(
      1,
      { view: [0, 0, 612, 792], rotate: 0 },
      {
        items: [
          { str: 'שלום', dir: 'rtl', transform: [10, 0, 0, 10, 100, 700], width: 20, height: 10, hasEOL: false },
          { str: 'hello', dir: 'ltr', transform: [10, 0, 0, 10, 200, 700], width: 25, height: 10, hasEOL: false },
          { str: 'x', dir: 'sideways', transform: [10, 0, 0, 10, 300, 700], width: 5, height: 10, hasEOL: false },
        ],
        styles: {},
      },
    );
    expect(page.runs.map((r) => r.dir)).toEqual(['rtl', 'ltr', undefined]);
  });
});

interface Case {
  name: string;
  quote: string;
  /** Line of the quote's start; a quote may run onto the next line. */
  line: number;
}

const CASES: Case[] = [
  { name: 'Hebrew, start of a line', line: 0, quote: 'מדיניות אבטחת המידע' },
  { name: 'Hebrew, middle of a line', line: 0, quote: 'חלה על כל הספקים' },
  { name: 'Hebrew, end of a line', line: 0, quote: 'והעובדים של החברה' },
  { name: 'mixed: section number with parentheses', line: 1, quote: 'סעיף 15(ב)(4) לחוק' },
  { name: 'mixed: a number mid-line', line: 1, quote: 'תוך 72 שעות' },
  { name: 'Latin phrase inside Hebrew', line: 2, quote: 'Amazon Web Services' },
  { name: 'split by a direction change', line: 2, quote: 'Web Services באזור' },
  { name: 'across two right-to-left lines', line: 3, quote: 'בשרתים מוצפנים ויגבה אותם' },
  { name: 'Persian, start of a line', line: 5, quote: 'این سیاست' },
  { name: 'Persian, middle of a line', line: 5, quote: 'برای همه تامین' },
  { name: 'Persian, end of a line', line: 5, quote: 'اعمال می شود' },
];

/** The boxes a person sees the quote's glyphs in, line by line in reading order. */
function truth(fx: RtlFixture, c: Case) {
  const text = RTL_LINES[c.line] as string;
  const at = text.indexOf(c.quote);
  if (at >= 0) return expectedBoxes(fx, c.line, at, at + c.quote.length);
  // a quote that runs onto the next line: the longest head of it that ends this line
  const next = RTL_LINES[c.line + 1] as string;
  for (let cut = c.quote.length - 1; cut > 0; cut--) {
    const head = c.quote.slice(0, cut).trimEnd();
    const tail = c.quote.slice(cut).trimStart();
    if (text.endsWith(head) && next.startsWith(tail)) {
      return [...expectedBoxes(fx, c.line, text.length - head.length, text.length), ...expectedBoxes(fx, c.line + 1, 0, tail.length)];
    }
  }
  throw new Error(`quote not on line ${c.line}: ${c.quote}`);
}

describe('right-to-left quotes in a generated Hebrew and Persian PDF', () => {
  let fx: RtlFixture;
  let pdf: LoadedPdf;
  beforeAll(async () => {
    fx = await buildRtlFixture();
    pdf = await loadPdf(fx.bytes);
  });
  afterAll(() => pdf?.close());

  const locate = (quote: string, measure?: MeasureText) =>
    locateInDocument({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, quote, page: 1, index: new TextIndex(pdf.pageCount), measure });

  it('the fixture is what pdf.js reads: one right-to-left run per line, in logical order', async () => {
    const page = await pdf.getPageText(1);
    const runs = page.runs.filter((r) => r.str.trim());
    expect(runs.map((r) => r.dir)).toEqual(RTL_LINES.map(() => 'rtl'));
    expect(runs[0]?.str).toBe(RTL_LINES[0]);
    // the visual order the fixture drew is not its logical order (or the test would prove nothing)
    expect(visualSlots(RTL_LINES[1])).not.toEqual([...RTL_LINES[1]].map((_, k) => k).reverse());
  });

  for (const [label, withMeasure] of [
    ['proportional widths (the CLI)', false],
    ['measured widths (the viewer)', true],
  ] as const) {
    it(`puts every highlight on the quoted glyphs, IoU ≥ 0.5: ${label}`, async () => {
      const measure: MeasureText | undefined = withMeasure ? (text) => fx.measure(text) : undefined;
      const scores: string[] = [];
      let sum = 0;
      for (const c of CASES) {
        const r = await locate(c.quote, measure);
        expect(r.found, c.name).toBe(true);
        const want = truth(fx, c);
        const iou = quoteIoU(want, r.rects);
        sum += iou;
        scores.push(`${c.name}: ${iou.toFixed(2)}`);
        expect(iou, `${c.name}: ${JSON.stringify(r.rects)} vs ${JSON.stringify(want)}`).toBeGreaterThanOrEqual(0.5);
        expect(r.rects, c.name).toHaveLength(want.length);
        // reading order: the first rectangle is where the quote starts
        const first = r.rects[0]!;
        expect(quoteIoU([want[0]!], [first]), `${c.name}: first rectangle`).toBeGreaterThanOrEqual(0.5);
      }
      console.log(`RTL IoU, ${label}: mean ${(sum / CASES.length).toFixed(3)}\n  ${scores.join('\n  ')}`);
    });
  }
});
