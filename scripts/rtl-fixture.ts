// A right-to-left test PDF made on the fly: Hebrew and Persian lines (with numbers, parentheses and an embedded
// Latin phrase) set in DejaVu Sans (shipped by the `dejavu-fonts-ttf` dev dependency, so `npm ci` is enough),
// drawn as a real RTL typesetter does: glyphs in VISUAL order, one text run per line, right-aligned.
// Alongside the PDF it returns where each character's glyph was put, from the font's own advances, so a test can
// score located rectangles against boxes measured independently of pdf.js and of the locator.
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import type { Box } from '../src/core/model/types.ts';

const require = createRequire(import.meta.url);
const FONT_PATH = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

const PAGE: [number, number] = [612, 792];
const RIGHT = 540;
const SIZE = 14;
const LEADING = 26;

/** The lines of the page, in logical order, top to bottom. Kept to what `visualSlots` knows how to order:
 * right-to-left letters, spaces, ASCII digits, Latin words, brackets and commas. */
export const RTL_LINES = [
  'מדיניות אבטחת המידע חלה על כל הספקים והעובדים של החברה',
  'לפי סעיף 15(ב)(4) לחוק, הספק יודיע תוך 72 שעות על כל אירוע',
  'השירות פועל בענן Amazon Web Services באזור אירופה',
  'הספק ישמור את הנתונים בשרתים מוצפנים',
  'ויגבה אותם מדי יום במיקום נפרד',
  'این سیاست برای همه تامین کنندگان اعمال می شود',
] as const;

const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[' };
/** Left-to-right islands inside a right-to-left line: Latin words (with the spaces between them) and numbers. */
const LTR_ISLAND = /[A-Za-z][A-Za-z0-9]*(?: [A-Za-z0-9]+)*|[0-9]+/g;

/**
 * The visual order of a logical right-to-left line (logical indices, left to right), worked out by hand-rules
 * that hold for these lines, independently of the bidi library the locator uses: the line reads right to left,
 * except that Latin phrases and numbers keep their own left-to-right order.
 */
export function visualSlots(line: string): number[] {
  const units: number[][] = [];
  let at = 0;
  for (const m of line.matchAll(LTR_ISLAND)) {
    for (; at < (m.index ?? 0); at++) units.push([at]);
    units.push(Array.from({ length: m[0].length }, (_, k) => at + k));
    at += m[0].length;
  }
  for (; at < line.length; at++) units.push([at]);
  return units.reverse().flat();
}

export interface RtlFixture {
  bytes: Uint8Array;
  /** Per line: its logical text and, per logical character, the canonical box of its glyph (page 1). */
  lines: { text: string; glyphs: Box[] }[];
  /** Measures text like a browser canvas would (em units), from the same font's advances. */
  measure: (text: string) => number;
}

/**
 * The canonical boxes (top-left origin, y down) of the glyphs of logical characters [i, j) of a line: one box per
 * visually contiguous stretch (a logical range split by a direction change gives two), in reading order (the
 * order of each stretch's first character).
 */
export function expectedBoxes(fixture: RtlFixture, line: number, i: number, j: number): Box[] {
  const l = fixture.lines[line];
  if (!l || j <= i) throw new Error(`no glyphs for line ${line} [${i}, ${j})`);
  // stretches of visually consecutive slots whose character is in [i, j)
  const stretches: number[][] = [];
  let open = false;
  for (const k of visualSlots(l.text)) {
    if (k >= i && k < j) {
      if (open) stretches[stretches.length - 1]?.push(k);
      else stretches.push([k]);
      open = true;
    } else open = false;
  }
  return stretches
    .sort((a, b) => Math.min(...a) - Math.min(...b))
    .map((ks) => {
      const g = ks.map((k) => l.glyphs[k] as Box);
      return {
        page: 1,
        x0: Math.min(...g.map((b) => b.x0)),
        y0: Math.min(...g.map((b) => b.y0)),
        x1: Math.max(...g.map((b) => b.x1)),
        y1: Math.max(...g.map((b) => b.y1)),
      };
    });
}

export async function buildRtlFixture(): Promise<RtlFixture> {
  const fontBytes = readFileSync(FONT_PATH);
  const font = fontkit.create(fontBytes);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const pdfFont = await pdf.embedFont(fontBytes, { subset: true });
  const page = pdf.addPage(PAGE);
  const scale = SIZE / font.unitsPerEm;
  const ascent = font.ascent * scale;
  const descent = -font.descent * scale;
  const lines: RtlFixture['lines'] = [];

  RTL_LINES.forEach((text, n) => {
    const slots = visualSlots(text);
    const visual = slots.map((k) => MIRROR[text[k] as string] ?? (text[k] as string)).join('');
    // fontkit shapes the string it is given as right-to-left script and then reverses the glyphs into visual
    // order; handing it the reversed visual string makes that reversal produce exactly `visual`.
    const input = [...visual].reverse().join('');
    const run = font.layout(input);
    if (run.glyphs.length !== text.length) throw new Error(`line ${n}: ${run.glyphs.length} glyphs for ${text.length} characters`);
    const width = run.positions.reduce((a, p) => a + p.xAdvance, 0) * scale;
    const x = RIGHT - width;
    const baseline = PAGE[1] - 100 - n * LEADING;
    page.drawText(input, { x, y: baseline, size: SIZE, font: pdfFont });
    const glyphs: Box[] = new Array<Box>(text.length);
    let pen = x;
    run.positions.forEach((p, m) => {
      const advance = p.xAdvance * scale;
      const k = slots[m] as number;
      glyphs[k] = { page: 1, x0: pen, y0: PAGE[1] - (baseline + ascent), x1: pen + advance, y1: PAGE[1] - (baseline - descent) };
      pen += advance;
    });
    lines.push({ text, glyphs });
  });

  const measure = (s: string) => font.layout(s).positions.reduce((a, p) => a + p.xAdvance, 0) / font.unitsPerEm;
  return { bytes: await pdf.save({ useObjectStreams: false }), lines, measure };
}
