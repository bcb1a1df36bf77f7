import type { TextRun } from './page-text.ts';

// A text run's placement read off its pdf.js transform [a, b, c, d, e, f]: origin (e, f), baseline direction
// (dx, dy) as a unit vector, the font size and the run's length along that direction. Reading order (layout.ts)
// and rectangles (rects.ts) both need it, for text drawn in any direction.
//
// Vertical text (a font with /WMode 1, which pdf.js marks `dir: "ttb"`) keeps the font's own transform: (a, b) is
// the glyphs' horizontal axis and (c, d) their up, while the text advances DOWN the glyphs, along −(c, d). pdf.js
// puts the run's origin at the vertical origin of its first glyph, which sits on the column's centre line, the
// font size in `width` and the column's length in `height`. Read as a horizontal run, the column's length would be
// its font size and the column would run to the right: so the frame turns it. In the turned frame the next line
// is the column to the LEFT, and a page of tiers reads as a page of columns (layout.ts needs nothing else).

export interface RunFrame {
  /** Baseline origin in PDF user space (for vertical text: the top of the column, on its centre line). */
  e: number;
  f: number;
  /** Unit vector along the baseline (for vertical text: down the column). */
  dx: number;
  dy: number;
  /** Font size in user-space units. */
  size: number;
  /** The run's advance along (dx, dy). */
  length: number;
  /** Glyphs set top to bottom, centred on the baseline (a column's centre line) rather than standing on it. */
  vertical: boolean;
}

/** Null for a run whose transform or width is not finite (a broken content stream), which we skip. */
export function runFrame(run: TextRun): RunFrame | null {
  const t = run.transform;
  const a = t[0] ?? 1;
  const b = t[1] ?? 0;
  const c = t[2] ?? 0;
  const d = t[3] ?? 1;
  const e = t[4] ?? 0;
  const f = t[5] ?? 0;
  if (![a, b, c, d, e, f, run.width].every(Number.isFinite)) return null;
  const up = Math.hypot(c, d);
  if (run.dir === 'ttb' && up > 1e-9 && Number.isFinite(run.height)) {
    return { e, f, dx: -c / up, dy: -d / up, size: up, length: Math.max(0, run.height), vertical: true };
  }
  const len = Math.hypot(a, b);
  const dx = len > 1e-9 ? a / len : 1;
  const dy = len > 1e-9 ? b / len : 0;
  const size = run.height > 0 ? run.height : up || len || 1;
  return { e, f, dx, dy, size, length: Math.max(0, run.width), vertical: false };
}
