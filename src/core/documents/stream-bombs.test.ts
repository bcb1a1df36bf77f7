import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { inflateCapped } from '../../node/load-pdf.ts';
import { bombPdf, zeroFlateStream } from '../../testing/bomb-pdf.ts';
import { candidateStreams, findOversizedStream, MAX_DECODED_STREAM_BYTES, oversizedStreamReason, totalLimit } from './stream-bombs.ts';

const MIB = 1024 * 1024;
const demoDocs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/demo-data/documents');

/** A PDF with one stream object of our making (its dictionary entries and compressed bytes). */
async function pdfWithStream(dict: Record<string, unknown>, data: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.addPage([200, 200]);
  pdf.context.register(pdf.context.stream(data, dict as never));
  return pdf.save({ useObjectStreams: false });
}

describe('decompression bombs (issue 9)', () => {
  it('finds the 256 MiB stream of a 260 KB PDF, names its object, and stops inflating just past the limit', async () => {
    const bytes = await bombPdf(256);
    expect(bytes.length).toBeLessThan(300_000);
    const found = await findOversizedStream(bytes, inflateCapped);
    expect(found).not.toBeNull();
    expect(found!.object).toBeGreaterThan(0);
    expect(found!.limit).toBe(MAX_DECODED_STREAM_BYTES);
    expect(found!.decodedAtLeast).toBe(MAX_DECODED_STREAM_BYTES + 1); // stopped at the cap, not at 256 MiB
    expect(oversizedStreamReason(found!)).toBe(
      `its content is too large to show or search: a stream (object ${found!.object}) inflates to more than 64 MB, the limit (a decompression bomb?).`,
    );
  });

  it('lets the demo PDFs through without inflating any of their streams', async () => {
    const pdfs = readdirSync(demoDocs).filter((f) => f.endsWith('.pdf'));
    expect(pdfs.length).toBeGreaterThan(0);
    for (const f of pdfs) {
      const bytes = new Uint8Array(readFileSync(path.join(demoDocs, f)));
      expect(candidateStreams(bytes), f).toEqual([]);
      expect(await findOversizedStream(bytes, inflateCapped), f).toBeNull();
    }
  });

  it('measures a stream against the limit: under it passes, over it is refused', async () => {
    const bytes = await pdfWithStream({ Filter: 'FlateDecode' }, zeroFlateStream(3));
    expect(await findOversizedStream(bytes, inflateCapped, 4 * MIB)).toBeNull();
    expect(await findOversizedStream(bytes, inflateCapped, 2 * MIB)).toMatchObject({ decodedAtLeast: 2 * MIB + 1, limit: 2 * MIB });
    // Too small to pass the limit even at deflate's best ratio: not inflated at all.
    expect(candidateStreams(bytes, 64 * MIB)).toEqual([]);
  });

  it('follows a chain of Flate filters (a 2 KB stream can hide gigabytes) and the /Fl abbreviation', async () => {
    const twice = deflateSync(zeroFlateStream(3));
    expect(twice.length).toBeLessThan(2_000);
    const bytes = await pdfWithStream({ Filter: ['FlateDecode', 'Fl'] }, twice);
    expect(await findOversizedStream(bytes, inflateCapped, 2 * MIB)).toMatchObject({ decodedAtLeast: 2 * MIB + 1 });
    expect(await findOversizedStream(bytes, inflateCapped, 4 * MIB)).toBeNull();
  });

  it('gives an image room for its declared pixels, and no more', async () => {
    // 1,000 × 1,000 pixels: up to 8 MB of samples (16 bits × 4 components) are its own.
    const image = { Type: 'XObject', Subtype: 'Image', Width: 1000, Height: 1000, BitsPerComponent: 8, ColorSpace: 'DeviceRGB', Filter: 'FlateDecode' };
    expect(await findOversizedStream(await pdfWithStream(image, zeroFlateStream(6)), inflateCapped, 2 * MIB)).toBeNull();
    expect(await findOversizedStream(await pdfWithStream(image, zeroFlateStream(9)), inflateCapped, 2 * MIB)).toMatchObject({ limit: 8_000_000 });
  });

  it('counts a corrupt or truncated stream by what it inflates to before it breaks', async () => {
    const bomb = zeroFlateStream(8);
    const truncated = bomb.subarray(0, Math.floor(bomb.length / 2));
    expect(await findOversizedStream(await pdfWithStream({ Filter: 'FlateDecode' }, truncated), inflateCapped, 2 * MIB)).not.toBeNull();
    const garbage = new Uint8Array(bomb.length).fill(0xff);
    expect(await findOversizedStream(await pdfWithStream({ Filter: 'FlateDecode' }, garbage), inflateCapped, 2 * MIB)).toBeNull();
  });

  it('bounds its own work: many streams each under the limit are refused once they pass the total', async () => {
    const decoys = async (n: number) => {
      const pdf = await PDFDocument.create({ updateMetadata: false });
      pdf.addPage([200, 200]);
      for (let i = 0; i < n; i++) pdf.context.register(pdf.context.stream(zeroFlateStream(3), { Filter: 'FlateDecode' }));
      return pdf.save({ useObjectStreams: false });
    };
    // 3 MiB streams under a 3.3 MB limit per stream (each could pass it at deflate's best ratio, so each is
    // inflated); that limit scales the total to 13.2 MB: four pass, five do not, and the scan stops just past it.
    const limit = 3_300_000;
    expect(totalLimit(30_000, limit)).toBe(13_200_000);
    expect(await findOversizedStream(await decoys(4), inflateCapped, limit)).toBeNull();
    const found = await findOversizedStream(await decoys(5), inflateCapped, limit);
    expect(found).toEqual({ object: null, decodedAtLeast: 13_200_001, limit: 13_200_000, total: true });
    expect(oversizedStreamReason(found!)).toBe(
      'its content is too large to show or search: its streams inflate to more than 13 MB in all, the limit for a file of its size (a decompression bomb?).',
    );
    // A big file earns a bigger total (50 times its size).
    expect(totalLimit(100 * MIB)).toBe(5000 * MIB);
  });

  it('never throws on arbitrary bytes or on a bomb cut or damaged anywhere', async () => {
    const bomb = await bombPdf(4);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2_000 }), fc.nat(), fc.nat(), async (noise, cut, at) => {
        const damaged = new Uint8Array(bomb.subarray(0, cut % (bomb.length + 1)));
        damaged.set(noise.subarray(0, Math.max(0, damaged.length - (at % (damaged.length + 1)))), at % (damaged.length + 1));
        const found = await findOversizedStream(damaged, inflateCapped, 2 * MIB);
        expect(found === null || found.decodedAtLeast > 2 * MIB).toBe(true);
        expect(() => candidateStreams(noise, 1)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
