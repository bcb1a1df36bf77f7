import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { nodePdfjs } from '../../testing/node-pdfjs.ts';
import { whenDrawingListed } from './page-render.ts';

// whenDrawingListed hooks what pdf.js does not publish (its render task's `operatorListChanged` and the operator
// list's `lastChunk`). This runs the pinned pdf.js itself, so an upgrade that moves them fails here instead of quietly
// sending a citation's text request only after its page has painted.
async function onePage() {
  const doc = await PDFDocument.create();
  // Shapes, no text: in Node 20 pdf.js cannot draw a font (it needs ArrayBuffer.transferToFixedLength).
  const page = doc.addPage([300, 200]);
  for (let i = 0; i < 50; i++) page.drawRectangle({ x: 5 * i, y: 20, width: 4, height: 100, color: rgb(0.2, 0.3, i / 50) });
  const pdfjs = await nodePdfjs();
  return (await pdfjs.getDocument({ data: await doc.save() }).promise).getPage(1);
}

describe('whenDrawingListed on pdf.js', () => {
  it("tells once the worker has sent the whole drawing, before the drawing's end", async () => {
    const page = await onePage();
    const viewport = page.getViewport({ scale: 1 });
    const canvas = new (await import('@napi-rs/canvas')).Canvas(viewport.width, viewport.height);
    const task = page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport });
    const events: string[] = [];
    expect(whenDrawingListed(task, () => events.push('listed'))).toBe(true);
    await task.promise.then(() => events.push('painted'));
    expect(events).toEqual(['listed', 'painted']);
    await page.cleanup();
  });
});
