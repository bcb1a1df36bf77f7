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
}

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
