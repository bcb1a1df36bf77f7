// A large, simple document for performance and download-progress tests (not written to demo-data).

import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { LETTER, setFixedMetadata } from './pdf-style.ts';

export async function generateLargePdf(pageCount: number, options: { fillerBytesPerPage?: number } = {}): Promise<Uint8Array> {
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new Error('pageCount must be a positive integer');
  const filler = options.fillerBytesPerPage ?? 0;
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setFixedMetadata(pdf, `Large test document (${pageCount} pages)`, 'Performance test document');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // xorshift32: deterministic, incompressible enough to defeat gzip on the wire.
  let state = 0x2545f491;
  const next = (): number => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  for (let i = 1; i <= pageCount; i++) {
    const page = pdf.addPage(LETTER);
    page.drawText(`Page ${i} of ${pageCount}`, { x: 72, y: 700, size: 20, font: bold });
    const lines = [
      `This is page ${i} of a ${pageCount}-page document generated for performance tests.`,
      `Section ${Math.ceil(i / 10)}, paragraph ${((i - 1) % 10) + 1}. The quick brown fox jumps over the lazy dog.`,
      'Each page carries a few lines of text so that text extraction and search have work to do.',
    ];
    lines.forEach((line, j) => page.drawText(line, { x: 72, y: 660 - j * 16, size: 11, font: regular }));
    page.drawText(`Page ${i} of ${pageCount}`, { x: 270, y: 40, size: 9, font: regular });
    if (filler > 0) {
      const bytes = new Uint8Array(filler);
      for (let k = 0; k < filler; k += 4) {
        const v = next();
        bytes[k] = v & 0xff;
        if (k + 1 < filler) bytes[k + 1] = (v >>> 8) & 0xff;
        if (k + 2 < filler) bytes[k + 2] = (v >>> 16) & 0xff;
        if (k + 3 < filler) bytes[k + 3] = (v >>> 24) & 0xff;
      }
      // An unused private stream hung off the page dictionary: viewers ignore it, but it has to be downloaded.
      const ref = pdf.context.register(pdf.context.stream(bytes));
      page.node.set(PDFName.of('CiteLensFiller'), ref);
    }
  }
  return pdf.save({ useObjectStreams: false });
}
