// Synthetic PageText builders for tests and demos (no PDF needed). Not used by the app at runtime.
import type { PageText, TextRun } from './page-text.ts';

export interface SyntheticLine {
  text: string;
  x: number;
  /** Baseline y in user space (y up). */
  y: number;
  size?: number;
  /** Run direction in degrees counter-clockwise (0 = left to right). */
  angle?: number;
}

/** Average glyph advance used by the synthetic runs, in em. */
export const SYNTHETIC_ADVANCE = 0.5;

export function syntheticRun(line: SyntheticLine): TextRun {
  const size = line.size ?? 10;
  const rad = ((line.angle ?? 0) * Math.PI) / 180;
  const cos = Math.round(Math.cos(rad) * 1e9) / 1e9;
  const sin = Math.round(Math.sin(rad) * 1e9) / 1e9;
  return {
    str: line.text,
    transform: [size * cos, size * sin, -size * sin, size * cos, line.x, line.y],
    width: line.text.length * size * SYNTHETIC_ADVANCE,
    height: size,
    hasEOL: true,
    fontName: 'f1',
  };
}

export function syntheticPage(page: number, lines: SyntheticLine[], opts: { view?: [number, number, number, number]; rotate?: number } = {}): PageText {
  return {
    page,
    frame: { view: opts.view ?? [0, 0, 612, 792], rotate: opts.rotate ?? 0 },
    runs: lines.map(syntheticRun),
    styles: { f1: { ascent: 0.8, descent: -0.2 } },
  };
}

/** Lays out paragraphs of text as left-aligned lines of at most `perLine` characters from the top of the page. */
export function flowText(text: string, opts: { x?: number; top?: number; size?: number; leading?: number; perLine?: number } = {}): SyntheticLine[] {
  const size = opts.size ?? 10;
  const leading = opts.leading ?? size * 1.2;
  const perLine = opts.perLine ?? 60;
  const lines: SyntheticLine[] = [];
  let cur = '';
  const flush = () => {
    if (cur) lines.push({ text: cur, x: opts.x ?? 72, y: (opts.top ?? 720) - lines.length * leading, size });
    cur = '';
  };
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (cur && cur.length + 1 + w.length > perLine) flush();
    cur = cur ? `${cur} ${w}` : w;
  }
  flush();
  return lines;
}

/** One column of vertical text as pdf.js reports it (a /WMode 1 font): the transform is the font's, its origin
 * the top of the column on its centre line, `width` the font size and `height` the column's length; every
 * character advances one em. */
export function syntheticColumn(column: { text: string; x: number; top: number; size?: number }): TextRun {
  const size = column.size ?? 10;
  return {
    str: column.text,
    transform: [size, 0, 0, size, column.x, column.top],
    width: size,
    height: [...column.text].length * size,
    hasEOL: false,
    fontName: 'f1',
    dir: 'ttb',
  };
}
