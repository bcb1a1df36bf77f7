import type { FontStyle, MeasureText } from '../../../core/locate/page-text.ts';

// Canvas text measurement in em units, so the locator can cut a run at a word boundary precisely. The same code
// measures on the main thread (a DOM canvas) and in the locate worker (an OffscreenCanvas), so a quote gets the
// same rectangles wherever it is located. Without a canvas, widths are proportional to character count.

interface TextMeasurer {
  font: string;
  measureText(text: string): { width: number };
}

export function canvasMeasure(makeContext: () => TextMeasurer | null): MeasureText {
  let ctx: TextMeasurer | null | undefined;
  return (text: string, style: FontStyle | undefined) => {
    if (ctx === undefined) {
      try {
        ctx = makeContext();
      } catch {
        ctx = null;
      }
    }
    if (!ctx) return text.length * 0.5;
    ctx.font = `100px ${style?.fontFamily ?? 'sans-serif'}`;
    return ctx.measureText(text).width / 100;
  };
}

/** The measurer of the current realm: a DOM canvas in a page, an OffscreenCanvas in a worker. */
export const measureText: MeasureText = canvasMeasure(() => {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(1, 1).getContext('2d');
  if (typeof document !== 'undefined') return document.createElement('canvas').getContext('2d');
  return null;
});
