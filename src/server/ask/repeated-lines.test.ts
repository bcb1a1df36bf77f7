// @vitest-environment node
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPassages } from './extract-passages.ts';

// Issue 34: running heads and feet (the same line, numbers aside, on many pages) are left out of the ask index, but a
// 1,000-page PDF whose every page is one line of one template ("Entry 12 of the register: …") indexed to 0
// sentences: its only text was taken for a running head. A page's only text is kept now.

async function pdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 40, size: 11, font }));
  }
  return doc.save({ useObjectStreams: false });
}

describe('repeated lines in the ask index', () => {
  it("a document whose pages all repeat one line template keeps every page's line", async () => {
    const pages = Array.from({ length: 200 }, (_, i) => [`Entry ${i + 1} of the register: crate ${i + 1} was shipped to the north depot on day ${i + 1}.`]);
    const passages = await pdfPassages('register', await pdf(pages));
    expect(passages).toHaveLength(200);
    expect(passages[41]).toMatchObject({ page: 42, quote: 'Entry 42 of the register: crate 42 was shipped to the north depot on day 42.' });
  }, 120_000);

  it('a running head above other text is still left out', async () => {
    const bodies = [
      'Vendors rotate every credential they hold each quarter.',
      'Couriers sign the depot log at seven.',
      'Invoices are paid within thirty days.',
      'Badges are returned on the last working day.',
      'Laptops are encrypted before they leave the office.',
      'Visitors are escorted in the server room.',
    ];
    const pages = bodies.map((body) => ['Vendor Handbook, Confidential', body]);
    const passages = await pdfPassages('handbook', await pdf(pages));
    expect(passages).toHaveLength(6);
    expect(passages.some((p) => p.quote.includes('Confidential') || p.section?.includes('Confidential'))).toBe(false);
  }, 60_000);
});
