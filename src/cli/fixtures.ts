// Test fixtures: a small PDF generated with pdf-lib, with known text at known positions. Test-only.
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';

export interface DrawnLine {
  page: number;
  text: string;
  x: number;
  y: number;
  size: number;
  rotate?: number;
}

export const FIXTURE_LINES: DrawnLine[] = [
  { page: 1, text: 'Citelens checks answers against the cited PDF.', x: 72, y: 700, size: 12 },
  { page: 1, text: 'Every quote is located on its page and highlighted', x: 72, y: 685, size: 12 },
  { page: 1, text: 'with one rectangle per line of text.', x: 72, y: 670, size: 12 },
  { page: 2, text: 'This page is rotated by ninety degrees.', x: 101, y: 72, size: 12, rotate: 90 },
];

/** Builds the fixture PDF and returns its bytes and a function giving the expected canonical box of a substring. */
export async function buildFixturePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  p2.setRotation(degrees(90));
  for (const l of FIXTURE_LINES) {
    const page = l.page === 1 ? p1 : p2;
    page.drawText(l.text, { x: l.x, y: l.y, size: l.size, font, ...(l.rotate ? { rotate: degrees(l.rotate) } : {}) });
  }
  const bytes = await doc.save();
  /** Expected canonical box of `sub` in line `i` (ascent 0.72, descent 0.21 of the size, Helvetica). */
  const expected = (i: number, sub: string) => {
    const l = FIXTURE_LINES[i]!;
    const at = l.text.indexOf(sub);
    const a = font.widthOfTextAtSize(l.text.slice(0, at), l.size);
    const b = a + font.widthOfTextAtSize(sub, l.size);
    const up = 0.72 * l.size;
    const down = 0.21 * l.size;
    if (l.rotate === 90) {
      return { page: l.page, x0: l.x - up, x1: l.x + down, y0: 792 - (l.y + b), y1: 792 - (l.y + a) };
    }
    return { page: l.page, x0: l.x + a, x1: l.x + b, y0: 792 - (l.y + up), y1: 792 - (l.y - down) };
  };
  return { bytes, expected };
}

export function iou(a: { x0: number; y0: number; x1: number; y1: number }, b: { x0: number; y0: number; x1: number; y1: number }): number {
  const ix = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const iy = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const inter = ix * iy;
  const area = (r: typeof a) => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
  const u = area(a) + area(b) - inter;
  return u > 0 ? inter / u : 0;
}
