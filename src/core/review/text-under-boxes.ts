// Which words of a page lie under some boxes: the check behind "highlight misses evidence", and how a found match
// or a near miss is quoted back to the reviewer. Pure, no I/O.
//
// It reads the locator's own index of the page (reading order, each character's run and offsets) and places every
// character with the same geometry the locator's highlight rectangles use (`substringBox` in locate/rects.ts). A
// character is under a box when its centre is; so a box drawn a little loose or tight still reads the right words.
import type { Box } from '../model/types.ts';
import { normalizeText } from '../locate/normalize.ts';
import type { MeasureText, TextRun } from '../locate/page-text.ts';
import { substringBox } from '../locate/rects.ts';
import type { IndexedPage, TextIndex } from '../locate/text-index.ts';

export interface BoxText {
  /** As printed (punctuation inside a stretch kept), whitespace folded. */
  text: string;
  /** The locator's folded form (lower case, no punctuation, single spaces), for comparing with a quote. */
  normalized: string;
}

/** Slack (points) around each box: a centre on the edge of a tight box still counts. */
const TOLERANCE = 1;
const PUNCT = /[\p{P}\p{S}]/u;

function intersects(a: Box, b: Box): boolean {
  return a.x0 <= b.x1 + TOLERANCE && b.x0 <= a.x1 + TOLERANCE && a.y0 <= b.y1 + TOLERANCE && b.y0 <= a.y1 + TOLERANCE;
}

function containsCentre(b: Box, c: Box): boolean {
  const cx = (c.x0 + c.x1) / 2;
  const cy = (c.y0 + c.y1) / 2;
  return cx >= b.x0 - TOLERANCE && cx <= b.x1 + TOLERANCE && cy >= b.y0 - TOLERANCE && cy <= b.y1 + TOLERANCE;
}

/** The text of one indexed page under `boxes` (boxes on other pages are ignored). Boxes must be canonical. */
export function textUnderBoxes(page: IndexedPage, boxes: readonly Box[], measure?: MeasureText): BoxText {
  const targets = (Array.isArray(boxes) ? boxes : []).filter((b) => b && b.page === page.page && [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite));
  if (targets.length === 0 || page.text.length === 0) return { text: '', normalized: '' };

  // Runs wholly outside every box are skipped without placing their characters.
  const runNear = new Map<number, boolean>();
  const near = (r: number): boolean => {
    let v = runNear.get(r);
    if (v === undefined) {
      const run = page.source.runs[r];
      const whole = run && substringBox(page.source, run, 0, run.str.length, measure);
      v = !!whole && targets.some((t) => intersects(t, whole));
      runNear.set(r, v);
    }
    return v;
  };

  let normalized = '';
  let text = '';
  let gap = false;
  // the current stretch of consecutive included characters of one run, as a raw [s, e) range of that run
  let stretch: { run: number; s: number; e: number } | null = null;
  const under = (run: TextRun, i: number) => {
    const box = substringBox(page.source, run, i, i + 1, measure);
    return !!box && targets.some((t) => containsCentre(t, box));
  };
  const flush = () => {
    const run = stretch && page.source.runs[stretch.run];
    if (stretch && run) {
      // The index drops punctuation; give back what sits under the boxes at either end ("“30 days.”").
      let { s, e } = stretch;
      while (s > 0 && PUNCT.test(run.str[s - 1]!) && under(run, s - 1)) s--;
      while (e < run.str.length && PUNCT.test(run.str[e]!) && under(run, e)) e++;
      text += run.str.slice(s, e);
    }
    stretch = null;
  };

  for (let i = 0; i < page.text.length; i++) {
    const r = page.run[i] ?? -1;
    const s = page.start[i] ?? 0;
    const e = page.end[i] ?? 0;
    const run = r >= 0 ? page.source.runs[r] : undefined;
    let inside = false;
    if (run && near(r)) {
      const box = substringBox(page.source, run, s, e, measure);
      inside = !!box && targets.some((t) => containsCentre(t, box));
    }
    if (!inside) {
      gap = true;
      continue;
    }
    if (gap && normalized.length > 0) {
      normalized += ' ';
      flush();
      text += ' ';
    }
    gap = false;
    normalized += page.text[i];
    if (stretch && stretch.run === r && s >= stretch.s) stretch.e = Math.max(stretch.e, e);
    else {
      flush();
      if (text.length > 0 && page.text[i - 1] === ' ') text += ' ';
      stretch = { run: r, s, e };
    }
  }
  flush();
  return { text: text.replace(/\s+/gu, ' ').trim(), normalized: normalized.replace(/ +/g, ' ').trim() };
}

/** The text under boxes on several pages, in page order, from pages already in `index` (others are skipped). */
export function textUnderBoxesInIndex(index: TextIndex, boxes: readonly Box[], measure?: MeasureText): BoxText {
  const pages = [...new Set((Array.isArray(boxes) ? boxes : []).map((b) => b?.page))].filter((p): p is number => typeof p === 'number');
  pages.sort((a, b) => a - b);
  const parts: BoxText[] = [];
  for (const p of pages) {
    const indexed = index.get(p);
    if (!indexed) continue;
    const t = textUnderBoxes(indexed, boxes, measure);
    if (t.normalized) parts.push(t);
  }
  return { text: parts.map((p) => p.text).join(' '), normalized: parts.map((p) => p.normalized).join(' ') };
}

/**
 * Share (0–1) of the quote's words that appear, in order, in `normalized` box text; 1 when the box text contains
 * the quote outright (spacing aside). 0 for an empty quote.
 */
export function quoteCoverage(quote: string, normalized: string): number {
  const q = normalizeText(typeof quote === 'string' ? quote : '').text;
  const qWords = q.split(' ').filter(Boolean);
  if (qWords.length === 0) return 0;
  const boxKey = normalized.replace(/ /g, '');
  if (boxKey.includes(q.replace(/ /g, ''))) return 1;
  const bWords = normalized.split(' ').filter(Boolean);
  if (bWords.length === 0) return 0;
  // longest common subsequence of words, one row at a time
  let prev = new Uint32Array(bWords.length + 1);
  let cur = new Uint32Array(bWords.length + 1);
  for (const qw of qWords) {
    for (let j = 1; j <= bWords.length; j++) {
      cur[j] = qw === bWords[j - 1] ? (prev[j - 1] as number) + 1 : Math.max(prev[j] as number, cur[j - 1] as number);
    }
    [prev, cur] = [cur, prev];
  }
  return Math.min(1, (prev[bWords.length] as number) / qWords.length);
}
