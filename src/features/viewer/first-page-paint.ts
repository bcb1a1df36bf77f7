import type { PDFPageProxy } from 'pdfjs-dist';
import { normalizeRotation } from '../../core/coords/transform.ts';
import { contentPassed } from './content-guard.ts';
import { drawPage, PAGE_PAINTED_EVENT, pageCanvas, releaseCanvas, sameSpec, type PageRenderSpec } from './page-render.ts';
import type { PdfDocument, PdfPage } from './pdf-preload.ts';
import { computeLayout, frameOf, PAGE_GAP, PAGE_PADDING } from './render-queue.ts';

// Page 1, drawn before the viewer's code has arrived. A page that knows its document and zoom before React starts
// (/bench's `file` and `scale`) opens the document with pdf.js alone (pdf-preload.ts); what kept its first page
// behind pdf.js's own viewer was the ~360 kB of React and viewer code fetched and compiled meanwhile, which took
// the CPU from pdf.js's worker as it started (two cores). So page 1 is drawn first, into a stand-in of the viewer's
// scroll container laid over the page, and the rest of the code is asked for only then. The viewer's page 1, once
// mounted, takes the drawn canvas over (PageCanvas) and the stand-in goes; a viewer that draws page 1 differently
// (another zoom, night pages) draws its own, and the stand-in goes when that is on screen.

interface FirstPage {
  page: PDFPageProxy;
  spec: PageRenderSpec;
  canvas: HTMLCanvasElement;
  /** performance.now() when the drawing was on the page. */
  at: number;
}

let drawn: FirstPage | null = null;
let standIn: HTMLElement | null = null;

function removeStandIn(): void {
  standIn?.remove();
  standIn = null;
}

/**
 * Draws page 1 of the opened document at `scale` (CSS px per PDF point) into a stand-in of the viewer's pages, and
 * resolves once it is on screen, or when it cannot be drawn (the document failed to open, its content check failed
 * or is still running, the drawing failed): then the viewer draws it as it always does. Never rejects.
 */
export async function paintFirstPage(opened: Promise<{ pdf: PdfDocument; firstPage: PdfPage | null }>, scale: number): Promise<void> {
  try {
    const { pdf, firstPage: page } = await opened;
    // A page is drawn only once the decompression-bomb check has passed (content-guard.ts), as in the viewer.
    if (!page || !contentPassed(pdf)) return;
    const spec: PageRenderSpec = { scale, rotation: normalizeRotation(page.rotate), theme: 'paper' };
    const canvas = pageCanvas();
    await drawPage(page, spec, canvas, true).promise;
    standIn = buildStandIn(canvas, page, spec, pdf.numPages);
    document.body.append(standIn);
    const record = { page, spec, canvas, at: performance.now() };
    drawn = record;
    // The viewer has drawn a page of its own (this one was not taken): the stand-in has done its work.
    document.addEventListener(PAGE_PAINTED_EVENT, () => drawn === record && dropFirstPage(), { once: true });
  } catch {
    removeStandIn();
  }
}

/**
 * The canvas of page 1 drawn before the viewer arrived, if it shows `page` drawn as `spec`: handed over (the caller
 * appends it; the stand-in is gone), with when it was first on screen. Else null.
 */
export function takeFirstPage(page: PDFPageProxy, spec: PageRenderSpec): { canvas: HTMLCanvasElement; at: number } | null {
  const d = drawn;
  if (!d || d.page !== page || !sameSpec(d.spec, spec)) return null;
  drawn = null;
  d.canvas.removeAttribute('style');
  removeStandIn();
  return { canvas: d.canvas, at: d.at };
}

/** Frees a page 1 nobody took (the viewer drew its own, or shows something else). */
export function dropFirstPage(): void {
  if (drawn) releaseCanvas(drawn.canvas);
  drawn = null;
  removeStandIn();
}

/**
 * The viewer's scroll container as its first render lays it out (viewer-pages.tsx: every page sized as page 1 until
 * its own size is known), page 1 in place: inline styles, because the stylesheets come with the viewer's code (the
 * colours and shadow are viewer.css's `.viewer-page` and the scroll container's bg-slate-100).
 */
function buildStandIn(canvas: HTMLCanvasElement, page: PDFPageProxy, spec: PageRenderSpec, pageCount: number): HTMLElement {
  const frame = frameOf(page);
  const layout = computeLayout(pageCount, () => frame, spec.scale, 0, PAGE_PADDING, PAGE_GAP);
  const [top = 0, width = 0, height = 0] = [layout.tops[0], layout.widths[0], layout.heights[0]];
  const scroll = document.createElement('div');
  // A picture of the page until the viewer is there: nothing to focus, select or read out.
  scroll.setAttribute('inert', '');
  scroll.setAttribute('aria-hidden', 'true');
  Object.assign(scroll.style, { position: 'fixed', inset: '0', zIndex: '1', overflow: 'auto', scrollbarGutter: 'stable', background: '#f1f5f9' });
  const pages = document.createElement('div');
  Object.assign(pages.style, { position: 'relative', width: `max(100%, ${layout.maxWidth + 2 * PAGE_PADDING}px)`, height: `${layout.height}px` });
  const pageEl = document.createElement('div');
  // Page 1's element while it is the only one on screen (what a harness looks for; the viewer's replaces it).
  pageEl.dataset.pageNumber = '1';
  Object.assign(pageEl.style, {
    position: 'absolute',
    overflow: 'hidden',
    background: '#fff',
    boxShadow: '0 0 0 1px rgb(203 213 225 / 0.7), 0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
    top: `${top}px`,
    width: `${width}px`,
    height: `${height}px`,
    left: `calc(50% - ${width / 2}px)`,
  });
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
  pageEl.append(canvas);
  pages.append(pageEl);
  scroll.append(pages);
  return scroll;
}
