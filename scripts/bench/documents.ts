// The benchmark's documents: text-heavy PDFs generated with pdf-lib (never committed), cached under
// node_modules/.cache/citelens-bench so a second run does not pay for generating 5,000 pages again, plus the real
// multi-page PDFs of ../shared/corpus when that folder is there (read in place, never copied into the repo).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LETTER, setFixedMetadata } from '../demo/pdf-style.ts';

/** Bump when the generated content changes, so stale cached files are not reused. */
const GENERATOR_VERSION = 1;
const WORDS = (
  'the supplier shall keep records of every shipment and make them available to the buyer within thirty days of a ' +
  'written request including invoices customs declarations insurance certificates and proof of delivery where goods ' +
  'are damaged in transit the carrier is liable for the declared value unless the damage was caused by packing'
).split(' ');

/** The line on page `i` that a quote-only search looks for: unique in the document. */
export function pageLine(i: number, pageCount: number): string {
  return `This is page ${i} of a ${pageCount}-page document generated for the citelens benchmark.`;
}

/** A text-heavy page: a heading, the page's own line, then 44 lines of prose (Helvetica 10 on 14 pt). */
export async function generateTextPdf(pageCount: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setFixedMetadata(pdf, `Benchmark document (${pageCount} pages)`, 'citelens benchmark');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let seed = 0x9e3779b9;
  const rnd = (n: number) => {
    seed ^= seed << 13;
    seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    seed >>>= 0;
    return seed % n;
  };
  const prose = () => {
    let line = '';
    while (line.length < 92) line += (line ? ' ' : '') + WORDS[rnd(WORDS.length)];
    return line;
  };
  for (let i = 1; i <= pageCount; i++) {
    const page = pdf.addPage(LETTER);
    page.drawText(`Page ${i} of ${pageCount}`, { x: 72, y: 700, size: 18, font: bold });
    // Baseline 664: the line spans about y 118–130 from the top, inside the box every bench jump highlights.
    page.drawText(pageLine(i, pageCount), { x: 72, y: 664, size: 11, font: regular });
    const body = Array.from({ length: 44 }, prose).join('\n');
    page.drawText(body, { x: 72, y: 640, size: 10, lineHeight: 13, font: regular });
    page.drawText(`${i}`, { x: 300, y: 40, size: 9, font: regular });
  }
  return pdf.save({ useObjectStreams: false });
}

/** The cached file for `pageCount` pages, generated on first use. */
export async function textPdfFile(cacheDir: string, pageCount: number, log: (m: string) => void): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, `text-v${GENERATOR_VERSION}-${pageCount}.pdf`);
  if (!existsSync(file)) {
    const t = Date.now();
    writeFileSync(file, await generateTextPdf(pageCount));
    log(`generated ${pageCount}-page PDF in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return file;
}

/** The corpus's PDFs with at least `minPages` pages (page count read from the file's /Count, good enough to pick). */
export function corpusPdfs(corpusDir: string, minPages = 2): { name: string; file: string; pages: number }[] {
  if (!existsSync(corpusDir)) return [];
  const out: { name: string; file: string; pages: number }[] = [];
  for (const name of readdirSync(corpusDir).sort()) {
    if (!name.toLowerCase().endsWith('.pdf')) continue;
    const file = path.join(corpusDir, name);
    const text = readFileSync(file).toString('latin1');
    const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)].map((m) => Number(m[1] ?? m[2]));
    const pages = Math.max(0, ...counts);
    if (pages >= minPages) out.push({ name, file, pages });
  }
  return out;
}
