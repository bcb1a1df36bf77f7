// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { guardContentOnce } from './content-guard.ts';
import { dropFirstPage, paintFirstPage, takeFirstPage } from './first-page-paint.ts';
import { PAGE_PAINTED_EVENT, type PageRenderSpec } from './page-render.ts';
import { PAGE_PADDING } from './render-queue.ts';

// Page 1 drawn before the viewer's code arrives (/bench's entry), then taken over by the viewer's page 1. Stand-ins
// for pdf.js's document and page: what matters here is where the drawing is shown, who gets it, and when the
// stand-in goes.

function fakeDocument(numPages: number, checked: boolean): PDFDocumentProxy {
  const pdf = { numPages } as unknown as PDFDocumentProxy;
  if (checked) void guardContentOnce(pdf, Promise.resolve());
  return pdf;
}
function fakePage(render: () => Promise<void> = () => Promise.resolve()): PDFPageProxy & { render: ReturnType<typeof vi.fn> } {
  return {
    pageNumber: 1,
    rotate: 0,
    view: [0, 0, 612, 792],
    getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale }),
    render: vi.fn(() => ({ promise: render() })),
  } as unknown as PDFPageProxy & { render: ReturnType<typeof vi.fn> };
}
const paper = (scale: number): PageRenderSpec => ({ scale, rotation: 0, theme: 'paper' });
const standIns = () => document.body.querySelectorAll('canvas');
/** Lets the content check's verdict settle (a resolved promise, two turns). */
const settle = () => new Promise((r) => setTimeout(r, 0));
/** Page 1 of a document of `numPages` whose content check has passed, drawn at `scale`: the stand-in's canvas, if any. */
async function paintChecked(numPages: number, scale: number, page = fakePage()) {
  const pdf = fakeDocument(numPages, true);
  await settle();
  await paintFirstPage(Promise.resolve({ pdf, firstPage: page }), scale);
  return standIns()[0];
}

describe('paintFirstPage', () => {
  afterEach(() => {
    dropFirstPage();
    document.body.replaceChildren();
  });

  it('shows page 1 where the viewer will lay it out, and hands that very canvas to the viewer once', async () => {
    const page = fakePage();
    const canvas = await paintChecked(10, 1.5, page);
    expect(canvas).toBeDefined();
    const pageEl = canvas!.parentElement!;
    expect(pageEl.dataset.pageNumber).toBe('1');
    // viewer-pages.tsx: page 1 sits PAGE_PADDING from the top, centred, at the scale's size.
    expect(pageEl.style.top).toBe(`${PAGE_PADDING}px`);
    expect(pageEl.style.width).toBe(`${612 * 1.5}px`);
    expect(pageEl.style.height).toBe(`${792 * 1.5}px`);
    // The stand-in is a picture: out of the tab order and the accessibility tree.
    const standIn = document.body.lastElementChild as HTMLElement;
    expect(standIn.hasAttribute('inert')).toBe(true);
    expect(standIn.getAttribute('aria-hidden')).toBe('true');

    expect(takeFirstPage(fakePage(), paper(1.5))).toBeNull();
    const taken = takeFirstPage(page, paper(1.5));
    expect(taken?.canvas).toBe(canvas);
    expect(taken?.at).toBeGreaterThan(0);
    expect(document.body.contains(standIn)).toBe(false);
    expect(takeFirstPage(page, paper(1.5))).toBeNull();
  });

  it('is not taken by a page drawn another way, and goes once the viewer has drawn its own', async () => {
    const page = fakePage();
    const canvas = await paintChecked(3, 1, page);
    expect(takeFirstPage(page, paper(2))).toBeNull();
    expect(takeFirstPage(page, { scale: 1, rotation: 90, theme: 'paper' })).toBeNull();
    expect(takeFirstPage(page, { scale: 1, rotation: 0, theme: 'night' })).toBeNull();
    // Still on screen until the viewer's own page is.
    expect(canvas!.isConnected).toBe(true);
    document.dispatchEvent(new CustomEvent(PAGE_PAINTED_EVENT, { detail: { page: 1 } }));
    expect(canvas!.isConnected).toBe(false);
    expect(canvas!.width).toBe(0);
    expect(takeFirstPage(page, paper(1))).toBeNull();
  });

  it('draws nothing before the content check has passed', async () => {
    const page = fakePage();
    await paintFirstPage(Promise.resolve({ pdf: fakeDocument(1, false), firstPage: page }), 1);
    expect(page.render).not.toHaveBeenCalled();
    expect(standIns()).toHaveLength(0);
    expect(takeFirstPage(page, paper(1))).toBeNull();
  });

  it('leaves nothing behind when the document or its drawing fails', async () => {
    await expect(paintFirstPage(Promise.reject(new Error('Invalid PDF structure.')), 1)).resolves.toBeUndefined();
    const page = fakePage(() => Promise.reject(new Error('drawing failed')));
    expect(await paintChecked(1, 1, page)).toBeUndefined();
    expect(page.render).toHaveBeenCalledTimes(1);
    expect(document.body.childElementCount).toBe(0);
    expect(takeFirstPage(page, paper(1))).toBeNull();
  });
});
