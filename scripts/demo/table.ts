// Ruled tables for the demo documents. Laying out and drawing are separate so that the writer can keep the whole
// table together (move to a new column or page) once it knows the height, before anything is drawn.

import type { PDFFont } from 'pdf-lib';
import { BLACK, RULE, SHADE } from './pdf-style.ts';
import type { Surface } from './surface.ts';
import { tokenize, wrap, type Metrics } from './text-layout.ts';

export interface TableColumn {
  title: string;
  /** Fraction of the region width. */
  width: number;
}

export interface TableFonts {
  regular: PDFFont;
  bold: PDFFont;
  regularMetrics: Metrics;
  boldMetrics: Metrics;
}

interface RowLayout {
  /** Per cell, its wrapped lines. */
  lines: string[][];
  height: number;
  header: boolean;
}

export interface TableLayout {
  widths: number[];
  rows: RowLayout[];
  height: number;
  size: number;
  leading: number;
  pad: number;
}

export function layoutTable(columns: TableColumn[], rows: string[][], regionWidth: number, size: number, f: TableFonts): TableLayout {
  const leading = size + 2.5;
  const pad = 4;
  const total = columns.reduce((a, c) => a + c.width, 0);
  if (Math.abs(total - 1) > 1e-9) throw new Error('table column widths must add up to 1');
  const widths = columns.map((c) => c.width * regionWidth);
  const layoutRow = (cells: string[], header: boolean): RowLayout => {
    const m = header ? f.boldMetrics : f.regularMetrics;
    const lines = cells.map((cell, i) => wrap(tokenize(cell), (widths[i] ?? 0) - 2 * pad, size, m).map((l) => l.map((t) => t.word).join(' ')));
    const height = Math.max(...lines.map((l) => l.length)) * leading + 2 * pad;
    return { lines, height, header };
  };
  const all = [
    layoutRow(
      columns.map((c) => c.title),
      true,
    ),
    ...rows.map((r) => layoutRow(r, false)),
  ];
  const height = all.reduce((a, r) => a + r.height, 0);
  return { widths, rows: all, height, size, leading, pad };
}

/** Draws a laid-out table with its top-left corner at (left, top) in display space; returns its bottom edge. */
export function drawTable(s: Surface, t: TableLayout, left: number, top: number, f: TableFonts): number {
  const { size, leading, pad } = t;
  const xs = [left];
  for (const w of t.widths) xs.push((xs[xs.length - 1] ?? 0) + w);
  const right = xs[xs.length - 1] ?? 0;
  let y = top;
  for (const row of t.rows) {
    if (row.header) s.fill(left, y, right, y + row.height, SHADE);
    row.lines.forEach((cellLines, i) => {
      cellLines.forEach((text, li) => {
        const m = row.header ? f.boldMetrics : f.regularMetrics;
        const baseline = y + pad + li * leading + (leading - (m.ascentPerSize + m.descentPerSize) * size) / 2 + m.ascentPerSize * size;
        s.text(text, (xs[i] ?? 0) + pad, baseline, row.header ? f.bold : f.regular, size);
      });
    });
    s.line(left, y, right, y, row.header ? 0.8 : 0.5, row.header ? BLACK : RULE);
    y += row.height;
  }
  s.line(left, y, right, y, 0.8, BLACK);
  for (const x of xs) s.line(x, top, x, y, 0.5, RULE);
  return y;
}
