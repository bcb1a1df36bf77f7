// A page of a demo document seen in its display frame, with the mappings to PDF user space and canonical boxes.

import { degrees, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Box } from '../../src/core/model/types.ts';
import { BLACK, RULE } from './pdf-style.ts';

// The trailing `+ 0` turns -0 into 0, so that JSON never prints "-0".
export const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

// A page seen in its DISPLAY frame: top-left origin, y down, after the page's /Rotate is applied. All layout is
// done in this frame; `toUser` maps to PDF user space for drawing and `toCanonical` maps to the canonical box
// frame (CropBox top-left origin, y down, UNROTATED page).

export type CropBox = readonly [x0: number, y0: number, x1: number, y1: number];

export interface PageSpec {
  size?: [number, number];
  /** CropBox in user space, [x0, y0, x1, y1]. Defaults to the MediaBox. */
  crop?: CropBox;
  rotate?: 0 | 90;
}

export class Surface {
  readonly cropW: number;
  readonly cropH: number;
  /** Displayed width and height. */
  readonly width: number;
  readonly height: number;

  constructor(
    readonly page: PDFPage,
    readonly number: number,
    readonly crop: CropBox,
    readonly rotate: 0 | 90,
  ) {
    this.cropW = crop[2] - crop[0];
    this.cropH = crop[3] - crop[1];
    this.width = rotate === 90 ? this.cropH : this.cropW;
    this.height = rotate === 90 ? this.cropW : this.cropH;
  }

  /** Display point to canonical point. For /Rotate 90 the display is the canonical page turned clockwise. */
  toCanonical(dx: number, dy: number): { x: number; y: number } {
    return this.rotate === 90 ? { x: dy, y: this.cropH - dx } : { x: dx, y: dy };
  }

  toUser(dx: number, dy: number): { x: number; y: number } {
    const c = this.toCanonical(dx, dy);
    return { x: this.crop[0] + c.x, y: this.crop[3] - c.y };
  }

  text(str: string, dx: number, baseline: number, font: PDFFont, size: number, color: RGB = BLACK): void {
    assertAscii(str);
    const u = this.toUser(dx, baseline);
    // Text on a /Rotate 90 page is drawn turned 90 degrees counter-clockwise so that it reads upright once the
    // viewer turns the page clockwise, exactly like a landscape page produced by a word processor.
    this.page.drawText(str, { x: u.x, y: u.y, font, size, color, rotate: degrees(this.rotate) });
  }

  line(dx0: number, dy0: number, dx1: number, dy1: number, thickness = 0.5, color: RGB = RULE): void {
    this.page.drawLine({ start: this.toUser(dx0, dy0), end: this.toUser(dx1, dy1), thickness, color });
  }

  fill(dx0: number, dy0: number, dx1: number, dy1: number, color: RGB): void {
    const a = this.toUser(dx0, dy0);
    const b = this.toUser(dx1, dy1);
    this.page.drawRectangle({
      x: Math.min(a.x, b.x),
      y: Math.min(a.y, b.y),
      width: Math.abs(b.x - a.x),
      height: Math.abs(b.y - a.y),
      color,
    });
  }

  /** A display-frame rectangle as a canonical box. */
  box(dx0: number, dy0: number, dx1: number, dy1: number): Box {
    const a = this.toCanonical(dx0, dy0);
    const b = this.toCanonical(dx1, dy1);
    return {
      page: this.number,
      x0: round2(Math.min(a.x, b.x)),
      y0: round2(Math.min(a.y, b.y)),
      x1: round2(Math.max(a.x, b.x)),
      y1: round2(Math.max(a.y, b.y)),
    };
  }
}

function assertAscii(s: string): void {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`non-ASCII text in demo document: ${JSON.stringify(s)}`);
}
