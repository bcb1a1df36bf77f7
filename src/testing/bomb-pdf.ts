// Test data: a "decompression bomb", a small PDF whose one content stream inflates to `mebibytes` MiB of zeros
// (issue 9: a 262 KB file held a 256 MB stream, a 1 MB one a 1 GB stream). Made in milliseconds without ever holding
// the inflated bytes: after a full flush a deflate stream's next block does not depend on what came before, so one
// compressed MiB of zeros is repeated; the zlib trailer's Adler-32 of n zero bytes is (b = n mod 65521, a = 1).
import { deflateRawSync, constants } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

const MIB = 1024 * 1024;

/** A zlib stream that inflates to `mebibytes` MiB of zero bytes (~1 KB per MiB). */
export function zeroFlateStream(mebibytes: number): Uint8Array {
  const block = deflateRawSync(new Uint8Array(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(new Uint8Array(0)); // the final, empty block
  const n = mebibytes * MIB;
  const b = n % 65521;
  const trailer = [b >>> 8, b & 0xff, 0, 1];
  const out = new Uint8Array(2 + block.length * mebibytes + last.length + 4);
  out.set([0x78, 0xda], 0);
  for (let i = 0; i < mebibytes; i++) out.set(block, 2 + i * block.length);
  out.set(last, 2 + block.length * mebibytes);
  out.set(trailer, out.length - 4);
  return out;
}

/** A one-page PDF whose page content is `mebibytes` MiB of zeros once inflated, then a line of text. */
export async function bombPdf(mebibytes: number, title = 'Bomb'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('A page whose content stream is mostly zeros.', { x: 72, y: 700, size: 12, font });
  const stream = pdf.context.stream(zeroFlateStream(mebibytes), { Filter: 'FlateDecode' });
  // The bomb first, then the page's own text stream: pdf.js must inflate the bomb to reach the words.
  const contents = page.node.Contents();
  const refs = [pdf.context.register(stream), ...(contents ? [contents] : [])];
  page.node.set(PDFName.of('Contents'), pdf.context.obj(refs));
  return pdf.save({ useObjectStreams: false });
}
