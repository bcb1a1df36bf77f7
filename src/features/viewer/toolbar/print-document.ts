import type { Translate } from '../../../core/i18n/translate.ts';
import { openPdf } from '../document/pdf-options.ts';

// Printing the original document: we print pages WE rendered with pdf.js, not the PDF file itself.
//
// Why not the simpler ways: a hidden <iframe> of the PDF (or of a blob: URL of it) followed by
// `contentWindow.print()`, or `window.open(url).print()`, hands the file to Chromium's built-in viewer (PDFium),
// which runs the document's own JavaScript (open actions, form scripts, its own print calls). A cited document is
// untrusted input; pdf.js as we use it never runs PDF scripts (no scripting sandbox is ever set up). So, as pdf.js's
// own viewer does (PDFPrintService), each page is rendered to a canvas at print resolution, turned into an image,
// and the images are printed from a hidden same-origin iframe that holds nothing else. It also works where the
// built-in viewer is off, and in a sandboxed embed, where `window.open` may be blocked.

/** 150 dpi, as pdf.js prints: sharp on paper, ~4 MB of pixels per A4 page. */
const PRINT_SCALE = 150 / 72;

export interface PrintProgress {
  page: number;
  pageCount: number;
}

/** `t` words what the reader sees: each page's alt text and our own failures (pdf.js's errors come as they are). */
export async function printDocument(url: string, onProgress: (p: PrintProgress) => void, signal: AbortSignal, t: Translate): Promise<void> {
  const task = openPdf(url);
  const abort = () => void task.destroy();
  signal.addEventListener('abort', abort, { once: true });
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  const urls: string[] = [];
  try {
    const pdf = await task.promise;
    document.body.append(frame);
    const doc = frame.contentDocument;
    if (!doc) throw new Error(t('viewer.printFrameFailed'));
    doc.open();
    doc.close();
    const style = doc.createElement('style');
    style.textContent = '@page{margin:0}html,body{margin:0;padding:0}img{display:block;width:100%;height:auto;break-after:page;page-break-after:always}';
    doc.head.append(style);
    for (let n = 1; n <= pdf.numPages; n++) {
      signal.throwIfAborted();
      onProgress({ page: n, pageCount: pdf.numPages });
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale: PRINT_SCALE });
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.floor(viewport.width));
      canvas.height = Math.max(1, Math.floor(viewport.height));
      await page.render({ canvas, viewport, intent: 'print' }).promise;
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      canvas.width = canvas.height = 0; // frees the bitmap now, not at the next GC
      if (!blob) throw new Error(t('viewer.printPageFailed', { page: n }));
      const src = URL.createObjectURL(blob);
      urls.push(src);
      const img = doc.createElement('img');
      img.alt = t('viewer.printPageAlt', { page: n });
      img.src = src;
      doc.body.append(img);
      await img.decode().catch(() => undefined);
      page.cleanup();
    }
    signal.throwIfAborted();
    const win = frame.contentWindow;
    if (!win) throw new Error(t('viewer.printFrameFailed'));
    // print() blocks until the dialog closes in Chromium; afterprint covers browsers where it returns at once.
    await new Promise<void>((resolve) => {
      win.addEventListener('afterprint', () => resolve(), { once: true });
      win.focus();
      win.print();
      setTimeout(resolve, 1000);
    });
  } finally {
    signal.removeEventListener('abort', abort);
    void task.destroy();
    // Leave the frame a moment: some browsers read the images after print() returned.
    setTimeout(() => {
      frame.remove();
      for (const u of urls) URL.revokeObjectURL(u);
    }, 60_000);
  }
}
