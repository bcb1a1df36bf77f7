// Node-only: load a PDF with pdf.js (legacy build, works on Node 20) and expose its text as `PageText` pages.
// Used by the CLI and by the corpus test, so both see exactly the same text layer.
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync, constants as zlib } from 'node:zlib';
import { findOversizedStream, oversizedStreamReason, type CappedInflate } from '../core/documents/stream-bombs.ts';
import { toPageText, type PageText } from '../core/locate/page-text.ts';
import '../lib/promise-with-resolvers.ts';

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));
const asDirUrl = (dir: string) => path.join(pdfjsDir, dir) + path.sep;

export interface LoadedPdf {
  pageCount: number;
  getPageText(page: number): Promise<PageText>;
  /** Frees pdf.js resources. */
  close(): Promise<void>;
}

/** Why loading failed, in words a user can act on. */
export class PdfLoadError extends Error {
  constructor(
    message: string,
    readonly kind: 'password' | 'invalid' | 'io' | 'too-large',
  ) {
    super(message);
    this.name = 'PdfLoadError';
  }
}

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjsPromise: Promise<PdfjsModule> | undefined;
function loadPdfjs(): Promise<PdfjsModule> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

/**
 * node:zlib stops at `maxOutputLength` (a RangeError) instead of growing its buffer, so a bomb costs at most `cap`
 * bytes of memory here. A truncated stream (Z_SYNC_FLUSH) counts what it held; a corrupt one inflated nothing past
 * the cap before its error (the cap is checked as the output grows), so it counts as small.
 */
export const inflateCapped: CappedInflate = async (data, cap, keep) => {
  try {
    const out = inflateSync(data, { maxOutputLength: cap + 1, finishFlush: zlib.Z_SYNC_FLUSH });
    return { size: out.length, bytes: keep ? new Uint8Array(out) : null };
  } catch (e) {
    return { size: (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? cap + 1 : 0, bytes: null };
  }
};

/** Loads `data` (the PDF's bytes) and returns its page count and a per-page text getter (cached). */
export async function loadPdf(data: Uint8Array, opts: { password?: string } = {}): Promise<LoadedPdf> {
  // A decompression bomb is refused before pdf.js inflates it whole (core/documents/stream-bombs.ts).
  const bomb = await findOversizedStream(data, inflateCapped);
  if (bomb) throw new PdfLoadError(oversizedStreamReason(bomb), 'too-large');
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    // pdf.js may transfer (detach) the buffer: give it a copy.
    data: new Uint8Array(data),
    password: opts.password,
    verbosity: 0,
    cMapUrl: asDirUrl('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: asDirUrl('standard_fonts'),
    useSystemFonts: false,
    enableXfa: false,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const err = e as { name?: string; code?: number; message?: string };
    if (err?.name === 'PasswordException') {
      throw new PdfLoadError(err.code === 2 ? 'wrong password for this PDF' : 'this PDF is encrypted: a password is needed (--password)', 'password');
    }
    throw new PdfLoadError(`cannot read the PDF: ${err?.message ?? String(e)}`, 'invalid');
  }
  const cache = new Map<number, Promise<PageText>>();
  const getPageText = (pageNumber: number): Promise<PageText> => {
    let p = cache.get(pageNumber);
    if (!p) {
      p = (async () => {
        const page = await doc.getPage(pageNumber);
        const content = await page.getTextContent();
        const [x0, y0, x1, y1] = page.view as number[];
        page.cleanup();
        return toPageText(pageNumber, { view: [x0 ?? 0, y0 ?? 0, x1 ?? 0, y1 ?? 0], rotate: page.rotate }, content);
      })();
      cache.set(pageNumber, p);
    }
    return p;
  };
  return {
    pageCount: doc.numPages,
    getPageText,
    close: () => task.destroy(),
  };
}
