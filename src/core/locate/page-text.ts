import type { PageFrame } from '../coords/transform.ts';

// The shape of one page's text as pdf.js `getTextContent()` gives it, reduced to what location needs.
// The viewer's per-document text cache and the CLI both produce this; the locator only reads it.

export interface TextRun {
  str: string;
  /** pdf.js text item transform [a, b, c, d, e, f] in PDF user space. */
  transform: readonly number[];
  /** Advance width in user-space units. */
  width: number;
  /** Font size in user-space units. */
  height: number;
  hasEOL: boolean;
  fontName?: string;
  /** pdf.js's base direction of the run. A right-to-left run's `str` is in logical order while its glyphs run
   * from the right end of the baseline, so substrings are measured from there (bidi.ts). Absent: inferred. */
  dir?: TextDirection;
}

export type TextDirection = 'ltr' | 'rtl' | 'ttb';

export interface FontStyle {
  ascent?: number;
  descent?: number;
  vertical?: boolean;
  fontFamily?: string;
}

export interface PageText {
  /** 1-based physical page index. */
  page: number;
  frame: PageFrame;
  runs: TextRun[];
  styles?: Record<string, FontStyle>;
}

/** Measures the width of `text` in a font, in units of the font size (so 1 em = 1). Optional: a browser
 * can supply canvas `measureText`; without it, substring widths are proportional to character count. */
export type MeasureText = (text: string, style: FontStyle | undefined) => number;

/** What `toPageText` reads of pdf.js's `getTextContent()` result: structural, so the core needs no pdf.js import. */
export interface TextContentLike {
  items: ReadonlyArray<object>;
  styles: Record<string, { ascent?: number; descent?: number; vertical?: boolean; fontFamily?: string }>;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  fontName?: string;
  dir?: string;
}

const DIRECTIONS: ReadonlySet<string> = new Set<TextDirection>(['ltr', 'rtl', 'ttb']);

/** One page's pdf.js text content in the locator's shape. Marked-content markers (no `str`) are skipped. */
export function toPageText(page: number, frame: PageText['frame'], content: TextContentLike): PageText {
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const t = item as TextItemLike;
    const run: TextRun = { str: t.str, transform: t.transform, width: t.width, height: t.height, hasEOL: t.hasEOL, fontName: t.fontName };
    if (t.dir !== undefined && DIRECTIONS.has(t.dir)) run.dir = t.dir as TextDirection;
    runs.push(run);
  }
  const styles: Record<string, FontStyle> = {};
  for (const [name, s] of Object.entries(content.styles)) {
    styles[name] = { ascent: s.ascent, descent: s.descent, vertical: s.vertical, fontFamily: s.fontFamily };
  }
  return { page, frame, runs, styles };
}
