import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodePdfjs } from '../../../testing/node-pdfjs.ts';
import { drawPromptly, prepareDrawing, whenDrawingListed } from './page-render.ts';
import { RenderScheduler } from './render-scheduler.ts';

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

// prepareDrawing relies on pdf.js keeping a page's display operator list for the next render() of the page, and on a
// render that lets no operation through fetching that same list.
describe('prepareDrawing on pdf.js', () => {
  it('has the worker build the drawing once, so that the next render paints with no request; after cleanup it asks again', async () => {
    const page = await onePage();
    const transport = (page as unknown as { _transport: { messageHandler: { sendWithStream(action: string, ...rest: unknown[]): unknown } } })._transport;
    const handler = transport.messageHandler;
    const send = handler.sendWithStream.bind(handler);
    const asked: string[] = [];
    handler.sendWithStream = (action, ...rest) => {
      asked.push(action);
      return send(action, ...rest);
    };
    const { Canvas } = await import('@napi-rs/canvas');
    const newCanvas = () => Object.assign(new Canvas(1, 1), { remove: () => undefined }) as unknown as HTMLCanvasElement;
    const scheduler = new RenderScheduler();
    let prepared!: () => void;
    const done = new Promise<void>((resolve) => (prepared = resolve));
    // The ticket's job settles through the scheduler: wait for its slot to free.
    prepareDrawing(page, scheduler, newCanvas);
    const poll = setInterval(() => scheduler.stats.running === 0 && scheduler.stats.waiting === 0 && prepared(), 5);
    await done;
    clearInterval(poll);
    expect(asked).toEqual(['GetOperatorList']);

    const paint = async () => {
      const viewport = page.getViewport({ scale: 1 });
      const canvas = new Canvas(viewport.width, viewport.height);
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
      // The drawing is really there: a bar of the page is not the white background.
      const [r, g, b] = canvas.getContext('2d').getImageData(7, 100, 1, 1).data;
      return [r, g, b];
    };
    expect(await paint()).not.toEqual([255, 255, 255]);
    expect(asked).toEqual(['GetOperatorList']);

    await page.cleanup();
    await paint();
    expect(asked).toEqual(['GetOperatorList', 'GetOperatorList']);
    await page.cleanup();
  });
});

// drawPromptly switches pdf.js's render task off animation-frame pacing (its private `_useRequestAnimationFrame`,
// what its print path does) and yields between the slices of a long drawing through the public `onContinue`.
describe('drawPromptly on pdf.js', () => {
  // A browser runs each MessageChannel message as a task of its own; Node delivers a port's messages in one batch,
  // those posted meanwhile included, so a whole drawing's slices ran there before any other task whenever the worker
  // had sent the drawing in one piece (a failure seen under load in CI). A channel that delivers like a browser:
  // each message in its own task (setImmediate, after the tasks already queued).
  class TaskPerMessageChannel {
    readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    readonly port2 = { postMessage: (data: unknown) => void setImmediate(() => this.port1.onmessage?.({ data })) };
  }
  beforeAll(() => vi.stubGlobal('MessageChannel', TaskPerMessageChannel));
  afterAll(() => vi.unstubAllGlobals());

  /** pdf.js paces by frames only when a window exists: one whose frames never come. */
  function withFramelessWindow<T>(fn: () => Promise<T>): Promise<T> {
    const g = globalThis as { window?: unknown };
    g.window = { requestAnimationFrame: () => 1, cancelAnimationFrame: () => undefined };
    return fn().finally(() => delete g.window);
  }

  async function canvasFor(page: Awaited<ReturnType<typeof onePage>>) {
    const viewport = page.getViewport({ scale: 1 });
    const { Canvas } = await import('@napi-rs/canvas');
    return { viewport, canvas: new Canvas(viewport.width, viewport.height) as unknown as HTMLCanvasElement };
  }

  it('paints the page without waiting for an animation frame; a frame-paced render is still waiting', async () => {
    const page = await onePage();
    await withFramelessWindow(async () => {
      const paced = page.render(await canvasFor(page));
      const prompt = page.render(await canvasFor(page));
      expect(drawPromptly(prompt)).toBe(true);
      let pacedDone = false;
      void paced.promise.then(
        () => (pacedDone = true),
        () => undefined,
      );
      await prompt.promise;
      expect(pacedDone).toBe(false);
      paced.cancel();
    });
    await page.cleanup();
  });

  it('yields to the event loop between the slices of a long drawing', async () => {
    const page = await onePage();
    // Every clock read is 20 ms later: pdf.js ends each slice after its first few operations (its budget is 15 ms).
    const realNow = Date.now;
    let fake = realNow();
    Date.now = () => (fake += 20);
    try {
      const task = page.render(await canvasFor(page));
      drawPromptly(task);
      const events: string[] = [];
      const prompt = task.onContinue!;
      let slices = 0;
      task.onContinue = (next: () => void) => {
        slices += 1;
        if (slices === 2) setImmediate(() => events.push('other task'));
        prompt(next);
      };
      await task.promise.then(() => events.push('painted'));
      expect(slices).toBeGreaterThan(3);
      expect(events).toEqual(['other task', 'painted']);
    } finally {
      Date.now = realNow;
    }
    await page.cleanup();
  });
});
