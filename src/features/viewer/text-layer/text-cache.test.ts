import type { PDFDocumentProxy } from 'pdfjs-dist';
import { describe, expect, it, vi } from 'vitest';
import { createTextCache } from './text-cache.ts';

function fakePdf() {
  const cleanups = new Map<number, number>();
  const pdf = {
    numPages: 5,
    getPage: async (n: number) => ({ pageNumber: n, cleanup: vi.fn(() => void cleanups.set(n, (cleanups.get(n) ?? 0) + 1)) }),
  } as unknown as PDFDocumentProxy;
  return { pdf, cleanups };
}

const microtask = () => new Promise<void>((r) => queueMicrotask(r));

describe('the text cache keeping drawings', () => {
  it('frees an unmounted page, but not one kept for its citation until the last keeper lets go', async () => {
    const { pdf, cleanups } = fakePdf();
    const cache = createTextCache(pdf);
    await Promise.all([cache.getPage(2), cache.getPage(3)]);
    cache.freeDrawing(2);
    expect(cleanups.get(2)).toBe(1);

    const first = cache.keepDrawing(3);
    const second = cache.keepDrawing(3);
    cache.freeDrawing(3);
    first();
    await microtask();
    expect(cleanups.get(3)).toBeUndefined();
    second();
    second(); // a second call of the same release counts once
    await microtask();
    expect(cleanups.get(3)).toBe(1);
  });

  it('keeps a drawing let go and taken again in the same task (an effect re-run), and frees nothing it has not loaded', async () => {
    const { pdf, cleanups } = fakePdf();
    const cache = createTextCache(pdf);
    await cache.getPage(4);
    const release = cache.keepDrawing(4);
    release();
    const again = cache.keepDrawing(4);
    await microtask();
    expect(cleanups.get(4)).toBeUndefined();
    again();
    await microtask();
    expect(cleanups.get(4)).toBe(1);
    cache.freeDrawing(5);
    expect(cleanups.has(5)).toBe(false);
  });
});
