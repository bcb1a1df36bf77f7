import { describe, expect, it } from 'vitest';
import { locateInDocument } from '../core/locate/locate.ts';
import { TextIndex } from '../core/locate/text-index.ts';
import { buildFixturePdf, iou } from '../cli/fixtures.ts';
import { loadPdf, PdfLoadError } from './load-pdf.ts';

describe('exact locator on a generated PDF (pdf-lib → pdf.js in Node)', () => {
  it('locates quotes where they were drawn (IoU ≥ 0.7), also on a /Rotate 90 page', async () => {
    const { bytes, expected } = await buildFixturePdf();
    const pdf = await loadPdf(bytes);
    try {
      expect(pdf.pageCount).toBe(2);
      const index = new TextIndex(pdf.pageCount);
      const locate = (quote: string, page?: number) =>
        locateInDocument({ pageCount: pdf.pageCount, getPageText: pdf.getPageText, quote, index, ...(page ? { page } : {}) });

      const one = await locate('answers against the cited', 1);
      expect(one).toMatchObject({ found: true, score: 1, page: 1 });
      expect(one.rects).toHaveLength(1);
      expect(iou(one.rects[0]!, expected(0, 'answers against the cited'))).toBeGreaterThanOrEqual(0.7);

      const two = await locate('located on its page and highlighted with one rectangle');
      expect(two.rects).toHaveLength(2);
      expect(iou(two.rects[0]!, expected(1, 'located on its page and highlighted'))).toBeGreaterThanOrEqual(0.7);
      expect(iou(two.rects[1]!, expected(2, 'with one rectangle'))).toBeGreaterThanOrEqual(0.7);

      const rot = await locate('rotated by ninety', 2);
      expect(rot).toMatchObject({ found: true, page: 2 });
      expect(iou(rot.rects[0]!, expected(3, 'rotated by ninety'))).toBeGreaterThanOrEqual(0.7);

      expect((await locate('ninety rotated by degrees page this', 2)).found).toBe(false);
    } finally {
      await pdf.close();
    }
  });

  it('rejects a corrupt PDF with a PdfLoadError', async () => {
    await expect(loadPdf(new TextEncoder().encode('%PDF-1.4\nnot really a pdf'))).rejects.toBeInstanceOf(PdfLoadError);
  });
});
