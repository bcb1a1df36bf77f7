// What every generated layout fixture hands out: the PDF's bytes and its ground truth, in the shape of
// ../shared/corpus/*.truth.json (rects in PDF points, unrotated page, top-left origin of the CropBox, y down; one rect
// per text line the quote touches). The corpus test scores them like the shared corpus, and
// scripts/write-layout-fixtures.ts writes them to a folder for ../shared/tools/score-locate.mjs.
import type { PDFPage } from 'pdf-lib';
import type { Box } from '../../src/core/model/types.ts';
import type { Metrics } from '../demo/text-layout.ts';

export interface FixtureQuote {
  id: string;
  text: string;
  page: number;
  pageEnd?: number;
  /** What the quote exercises, in a few words. */
  kind: string;
  rects: Box[];
}

export interface FixtureTruth {
  file: string;
  generator: string;
  pages: number;
  pageSizes: [number, number][];
  coordinateSystem: string;
  quotes: FixtureQuote[];
}

export interface LayoutFixture {
  bytes: Uint8Array;
  truth: FixtureTruth;
}

export const COORDINATES =
  "rects: PDF points, unrotated page, origin = top-left corner of the CropBox, x to the right, y down; one rect per text line (column, for vertical text) the quote touches, from the glyphs' own advances";

// The trailing `+ 0` turns -0 into 0, so that JSON never prints "-0".
const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

export function roundBox(b: Box): Box {
  return { page: b.page, x0: round2(b.x0), y0: round2(b.y0), x1: round2(b.x1), y1: round2(b.y1) };
}

export function unionBox(boxes: Box[]): Box {
  const first = boxes[0];
  if (!first) throw new Error('no boxes to join');
  return boxes.reduce((u, b) => ({
    page: u.page,
    x0: Math.min(u.x0, b.x0),
    y0: Math.min(u.y0, b.y0),
    x1: Math.max(u.x1, b.x1),
    y1: Math.max(u.y1, b.y1),
  }));
}

/**
 * Where a quote lies in a sequence of placed lines: the first occurrence of `quote` in the lines' texts joined in
 * reading order (without spaces, as the locator's match key compares them), turned into one box per line touched,
 * each the union of the glyph boxes of the quote's characters on that line.
 */
export function quoteRects(lines: PlacedLine[], quote: string): Box[] {
  const units: { line: number; box: Box }[] = [];
  lines.forEach((l, n) => {
    [...l.text].forEach((ch, k) => {
      if (!/\s/u.test(ch)) units.push({ line: n, box: l.glyphs[k] as Box });
    });
  });
  const flat = lines.map((l) => [...l.text].filter((ch) => !/\s/u.test(ch)).join('')).join('');
  const key = [...quote].filter((ch) => !/\s/u.test(ch)).join('');
  const at = [...flat.slice(0, Math.max(0, flat.indexOf(key)))].length;
  if (flat.indexOf(key) < 0) throw new Error(`quote not in the fixture's text: ${quote}`);
  const hit = units.slice(at, at + [...key].length);
  const byLine = new Map<number, Box[]>();
  for (const u of hit) byLine.set(u.line, [...(byLine.get(u.line) ?? []), u.box]);
  return [...byLine.values()].map((boxes) => roundBox(unionBox(boxes)));
}

/** A line of text placed in the fixture: its characters and, per character, its glyph box (canonical). */
export interface PlacedLine {
  text: string;
  glyphs: Box[];
}

/** Draws `text` with its baseline at (x, y) in user space and returns its glyph boxes, from the font's own widths,
 * ascent and descent (pdf-lib's drawText writes a plain Tj: no kerning). */
export function drawLatin(page: PDFPage, m: Metrics, text: string, x: number, y: number, size: number, pageNumber: number): PlacedLine {
  page.drawText(text, { x, y, size, font: m.font });
  const height = page.getHeight();
  const glyphs: Box[] = [];
  let pen = x;
  for (const ch of text) {
    const w = m.width(ch, size);
    glyphs.push({ page: pageNumber, x0: pen, y0: height - (y + m.ascentPerSize * size), x1: pen + w, y1: height - (y - m.descentPerSize * size) });
    pen += w;
  }
  return { text, glyphs };
}
