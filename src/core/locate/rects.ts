// Highlight rectangles for matched text: one canonical box per line fragment. Pure, no I/O.
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

/**
 * The canonical box of run.str[i, j): along the run's baseline from (measured) prefix width to prefix+substring
 * width, across it from descent to ascent. Works for any run direction; the result is axis-aligned.
 */
export function substringBox(
  pageText: Pick<PageText, 'page' | 'frame' | 'styles'>,
  run: TextRun,
  i: number,
  j: number,
  measure?: MeasureText,
): Box | null {
  const frame = runFrame(run);
  if (!frame) return null;
  const { e, f, dx, dy, size } = frame;
  const style = run.fontName ? pageText.styles?.[run.fontName] : undefined;
  const str = run.str;
  i = Math.max(0, Math.min(i, str.length));
  j = Math.max(i, Math.min(j, str.length));
  let f0 = str.length ? i / str.length : 0;
  let f1 = str.length ? j / str.length : 1;
  if (measure && str.length) {
    try {
      const whole = measure(str, style);
      if (whole > 0 && Number.isFinite(whole)) {
        f0 = measure(str.slice(0, i), style) / whole;
        f1 = measure(str.slice(0, j), style) / whole;
      }
    } catch {
      // keep the proportional estimate
    }
  }
  const width = Math.max(0, run.width);
  const { ascent, descent } = ascentDescent(style);
  const upx = -dy;
  const upy = dx;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const frac of [f0, f1]) {
    const px = e + dx * frac * width;
    const py = f + dy * frac * width;
    for (const h of [ascent * size, -descent * size]) {
      const q = userToCanonical(pageText.frame, px + upx * h, py + upy * h);
      xs.push(q.x);
      ys.push(q.y);
    }
  }
  const { width: W, height: H } = pageSize(pageText.frame);
  const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const box: Box = {
    page: pageText.page,
    x0: clamp(Math.min(...xs), W),
    y0: clamp(Math.min(...ys), H),
    x1: clamp(Math.max(...xs), W),
    y1: clamp(Math.max(...ys), H),
  };
  if (!(box.x1 > box.x0) && !(box.y1 > box.y0)) return null;
  return box;
}

function union(p: Box, q: Box): Box {
  return { page: p.page, x0: Math.min(p.x0, q.x0), y0: Math.min(p.y0, q.y0), x1: Math.max(p.x1, q.x1), y1: Math.max(p.y1, q.y1) };
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
    let lineBox: Box | null = null;
    let lineNo = -2;
    for (const fr of frags) {
      const run = p.source.runs[fr.run];
      if (!run) continue;
      const box = substringBox(p.source, run, fr.s, fr.e, measure);
      if (!box) continue;
      if (lineBox && fr.line === lineNo) lineBox = union(lineBox, box);
      else {
        if (lineBox) out.push(lineBox);
        lineBox = box;
        lineNo = fr.line;
      }
    }
    if (lineBox) out.push(lineBox);
  }
  return out;
}
