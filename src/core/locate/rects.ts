// Highlight rectangles for matched text: one canonical box per line fragment. Pure, no I/O.
import { bidiSpans, visualOrder, type RunSpan } from './bidi.ts';
import { runFrame } from './run-frame.ts';
import { pageSize, userToCanonical } from '../coords/transform.ts';
import type { Box } from '../model/types.ts';
import type { FontStyle, MeasureText, PageText, TextRun } from './page-text.ts';
import type { Span } from './search-window.ts';
import type { IndexedPage } from './text-index.ts';

const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = 0.2;

function ascentDescent(style: FontStyle | undefined): { ascent: number; descent: number } {
  const a = style?.ascent;
  const d = style?.descent === undefined ? undefined : Math.abs(style.descent);
  const ascent = a !== undefined && Number.isFinite(a) && a > 0.2 && a < 2.5 ? a : DEFAULT_ASCENT;
  const descent = d !== undefined && Number.isFinite(d) && d < 1.5 ? d : DEFAULT_DESCENT;
  return { ascent, descent };
}

/** Fractions [f0, f1] of the run's advance (0 = where the baseline starts) covered by run.str[i, j), one entry
 * per visually contiguous piece. Left-to-right runs: the measured (or proportional) prefix widths. Right-to-left
 * and mixed runs: the bidi visual order of their characters (bidi.ts), so a quote is never drawn mirrored.
 * Vertical runs: by characters (code points), never measured: a measurer gives horizontal widths, while down a
 * column CJK glyphs advance about one em each, whatever their width. */
function substringFractions(run: TextRun, style: FontStyle | undefined, i: number, j: number, measure?: MeasureText): RunSpan[] {
  const str = run.str;
  if (run.dir === 'ttb') {
    const count = (s: string) => [...s].length;
    const n = count(str);
    return [{ f0: n ? count(str.slice(0, i)) / n : 0, f1: n ? count(str.slice(0, j)) / n : 1 }];
  }
  const m = measure ? (text: string) => measure(text, style) : undefined;
  const order = visualOrder(str, run.dir);
  if (order) {
    try {
      return bidiSpans(str, order, i, j, m);
    } catch {
      return bidiSpans(str, order, i, j);
    }
  }
  let f0 = str.length ? i / str.length : 0;
  let f1 = str.length ? j / str.length : 1;
  if (m && str.length) {
    try {
      const whole = m(str);
      if (whole > 0 && Number.isFinite(whole)) {
        f0 = m(str.slice(0, i)) / whole;
        f1 = m(str.slice(0, j)) / whole;
      }
    } catch {
      // keep the proportional estimate
    }
  }
  return [{ f0, f1 }];
}

/**
 * The canonical boxes of run.str[i, j): along the run's baseline over the substring's advance, across it from
 * descent to ascent. One box per visually contiguous piece (two or more only when a direction change inside the
 * run splits the substring). Works for any run direction; the results are axis-aligned.
 */
export function substringBoxes(pageText: Pick<PageText, 'page' | 'frame' | 'styles'>, run: TextRun, i: number, j: number, measure?: MeasureText): Box[] {
  const frame = runFrame(run);
  if (!frame) return [];
  const { e, f, dx, dy, size, length: width, vertical } = frame;
  const style = run.fontName ? pageText.styles?.[run.fontName] : undefined;
  i = Math.max(0, Math.min(i, run.str.length));
  j = Math.max(i, Math.min(j, run.str.length));
  // a vertical column's glyphs sit half an em on each side of its centre line (PDF's default vertical origin is
  // half the glyph's width from its left edge), whatever the font's ascent
  const { ascent, descent } = vertical ? { ascent: 0.5, descent: 0.5 } : ascentDescent(style);
  const upx = -dy;
  const upy = dx;
  const { width: W, height: H } = pageSize(pageText.frame);
  const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const out: Box[] = [];
  for (const piece of substringFractions(run, style, i, j, measure)) {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const frac of [piece.f0, piece.f1]) {
      const px = e + dx * frac * width;
      const py = f + dy * frac * width;
      for (const h of [ascent * size, -descent * size]) {
        const q = userToCanonical(pageText.frame, px + upx * h, py + upy * h);
        xs.push(q.x);
        ys.push(q.y);
      }
    }
    const box: Box = {
      page: pageText.page,
      x0: clamp(Math.min(...xs), W),
      y0: clamp(Math.min(...ys), H),
      x1: clamp(Math.max(...xs), W),
      y1: clamp(Math.max(...ys), H),
    };
    if (box.x1 > box.x0 || box.y1 > box.y0) out.push(box);
  }
  return out;
}

/** The canonical box around all of run.str[i, j) (the union of its pieces), or null when it is empty. */
export function substringBox(pageText: Pick<PageText, 'page' | 'frame' | 'styles'>, run: TextRun, i: number, j: number, measure?: MeasureText): Box | null {
  const boxes = substringBoxes(pageText, run, i, j, measure);
  return boxes.length ? boxes.reduce(union) : null;
}

function union(p: Box, q: Box): Box {
  return { page: p.page, x0: Math.min(p.x0, q.x0), y0: Math.min(p.y0, q.y0), x1: Math.max(p.x1, q.x1), y1: Math.max(p.y1, q.y1) };
}

/** Merges consecutive boxes that touch or lie within `gap` of each other, keeping their order. */
function mergeTouching(boxes: Box[], gap: number): Box[] {
  const out: Box[] = [];
  for (const b of boxes) {
    const last = out[out.length - 1];
    const near = last && b.x0 <= last.x1 + gap && last.x0 <= b.x1 + gap && b.y0 <= last.y1 + gap && last.y0 <= b.y1 + gap;
    if (last && near) out[out.length - 1] = union(last, b);
    else out.push(b);
  }
  return out;
}

/** Rectangles of matched key spans: one per line fragment (fragments of one line in one span merged). */
export function spansToRects(pages: Map<number, IndexedPage>, spans: Span[], measure?: MeasureText): Box[] {
  const out: Box[] = [];
  for (const span of spans) {
    const p = pages.get(span.page);
    if (!p) continue;
    // group the span's characters by run, in reading order
    const frags: { run: number; s: number; e: number; line: number }[] = [];
    for (let k = span.k0; k < span.k1; k++) {
      const t = p.keyToText[k];
      if (t === undefined) continue;
      const r = p.run[t] ?? -1;
      if (r < 0) continue;
      const s = p.start[t] ?? 0;
      const e = p.end[t] ?? 0;
      const last = frags[frags.length - 1];
      if (last && last.run === r) {
        last.s = Math.min(last.s, s);
        last.e = Math.max(last.e, e);
      } else frags.push({ run: r, s, e, line: p.line[t] ?? -1 });
    }
    // One box per line. A fragment that a direction change splits (see substringBoxes) keeps its pieces apart on
    // that line, so the words between them are not highlighted; touching pieces still merge.
    let line: { boxes: Box[]; split: boolean; gap: number } | null = null;
    let lineNo = -2;
    const flush = () => {
      if (line) out.push(...(line.split ? mergeTouching(line.boxes, line.gap) : [line.boxes.reduce(union)]));
      line = null;
    };
    for (const fr of frags) {
      const run = p.source.runs[fr.run];
      if (!run) continue;
      const boxes = substringBoxes(p.source, run, fr.s, fr.e, measure);
      if (boxes.length === 0) continue;
      if (!line || fr.line !== lineNo) {
        flush();
        line = { boxes: [], split: false, gap: 0 };
        lineNo = fr.line;
      }
      line.boxes.push(...boxes);
      line.split ||= boxes.length > 1;
      line.gap = Math.max(line.gap, 0.4 * (runFrame(run)?.size ?? 0));
    }
    flush();
  }
  return out;
}
