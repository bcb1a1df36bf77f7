// The reference pages' stand-in for citelens's highlight: a div over a box (canonical PDF points: CropBox top-left,
// y down), in the page's own coordinates, and the XYZ destination that brings it into view as a link would.

export interface RefPageView {
  div: HTMLDivElement;
  viewport: { convertToViewportPoint(x: number, y: number): number[] };
  pdfPage?: { view: number[] };
}

/** A highlight div over `box` on `view`, and the destination (pdf.js's `destArray`) a little above it. */
export function markOver(view: RefPageView, box: readonly [number, number, number, number]): { mark: HTMLDivElement; destArray: unknown[] } {
  const pageBox = view.pdfPage?.view ?? [0, 0, 612, 792];
  const [x0, y0, x1, y1] = [pageBox[0]! + box[0], pageBox[3]! - box[1], pageBox[0]! + box[2], pageBox[3]! - box[3]];
  const [a, b] = view.viewport.convertToViewportPoint(x0, y0) as [number, number];
  const [c, d] = view.viewport.convertToViewportPoint(x1, y1) as [number, number];
  const mark = document.createElement('div');
  mark.dataset.benchHighlight = '';
  Object.assign(mark.style, {
    position: 'absolute',
    left: `${Math.min(a, c)}px`,
    top: `${Math.min(b, d)}px`,
    width: `${Math.abs(c - a)}px`,
    height: `${Math.abs(d - b)}px`,
    background: 'rgba(250, 204, 21, 0.4)',
    zIndex: '10',
    pointerEvents: 'none',
  });
  return { mark, destArray: [null, { name: 'XYZ' }, pageBox[0], Math.min(pageBox[3]!, y0 + 40), null] };
}
