import type { TextRun } from './page-text.ts';

// A text run's placement read off its pdf.js transform [a, b, c, d, e, f]: origin (e, f), baseline direction
// (dx, dy) as a unit vector, and the font size. Reading order (layout.ts) and rectangles (rects.ts) both need it,
// for text drawn in any direction.

export interface RunFrame {
  /** Baseline origin in PDF user space. */
  e: number;
  f: number;
  /** Unit vector along the baseline. */
  dx: number;
  dy: number;
  /** Font size in user-space units. */
  size: number;
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
  const len = Math.hypot(a, b);
  const dx = len > 1e-9 ? a / len : 1;
  const dy = len > 1e-9 ? b / len : 0;
  const size = run.height > 0 ? run.height : Math.hypot(c, d) || len || 1;
  return { e, f, dx, dy, size };
}
