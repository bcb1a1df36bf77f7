// A Japanese font set for vertical writing in a PDF made with pdf-lib, which writes only horizontal (Identity-H)
// fonts: the text is drawn with the font's vertical glyph forms (OpenType `vert`: rotated brackets, the vertical
// long-vowel mark, punctuation moved to the top right), then the embedded Type0 font is turned into a vertical one,
// as a Japanese typesetter writes it: `/Encoding /Identity-V` and, in its CIDFont, `/W2` with each glyph's vertical
// advance and vertical origin read from the font's `vmtx` table. pdf.js then reports the text items as `ttb`.
//
// The font is BIZ UDPGothic (dev dependency `@expo-google-fonts/biz-udpgothic`, SIL OFL 1.1), a proportional
// Japanese TrueType font with `vhea`/`vmtx`: kana and punctuation advance less than one em down a column, so the
// ground truth must follow the font's own vertical metrics, not a fixed em per character.
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pruneGlyphs } from './ttf-prune.ts';
import { PDFArray, PDFDict, PDFName, PDFRef, type PDFDocument, type PDFFont } from 'pdf-lib';

const require = createRequire(import.meta.url);
const FONT_PATH = require.resolve('@expo-google-fonts/biz-udpgothic/400Regular/BIZUDPGothic_400Regular.ttf');

/** One glyph's metrics in thousandths of an em (PDF glyph space). */
export interface VerticalGlyph {
  /** Horizontal advance (the glyph's width across a column). */
  w0: number;
  /** Vertical origin right of the horizontal origin: half the width, as the PDF specification has it. */
  vx: number;
  /** Vertical advance down the column (positive). */
  advance: number;
  /** Vertical origin above the horizontal baseline. */
  originY: number;
  /** The character it draws. */
  char: string;
}

type FontkitFont = ReturnType<typeof fontkit.create>;

/** vmtx read from the raw table (fontkit's own vhea parse is off by two bytes, so its vmtx is unusable). */
function verticalMetrics(bytes: Buffer, font: FontkitFont): (gid: number) => { advance: number; tsb: number } {
  const tables = (font as unknown as { directory: { tables: Record<string, { offset: number } | undefined> } }).directory.tables;
  const vhea = tables.vhea;
  const vmtx = tables.vmtx;
  if (!vhea || !vmtx) throw new Error('the font has no vertical metrics (vhea/vmtx)');
  const longCount = bytes.readUInt16BE(vhea.offset + 34);
  return (gid) => {
    if (gid < longCount) return { advance: bytes.readUInt16BE(vmtx.offset + 4 * gid), tsb: bytes.readInt16BE(vmtx.offset + 4 * gid + 2) };
    return {
      advance: bytes.readUInt16BE(vmtx.offset + 4 * (longCount - 1)),
      tsb: bytes.readInt16BE(vmtx.offset + 4 * longCount + 2 * (gid - longCount)),
    };
  };
}

export class VerticalFont {
  private readonly metrics: (gid: number) => { advance: number; tsb: number };
  /** Every glyph drawn so far, by its CID in the embedded subset (pdf-lib renumbers glyphs when it subsets). */
  private readonly used = new Map<number, VerticalGlyph>();

  private constructor(
    readonly pdfFont: PDFFont,
    private readonly font: FontkitFont,
    bytes: Buffer,
  ) {
    this.metrics = verticalMetrics(bytes, font);
  }

  /** Embeds the font with outlines for the characters of `text` only (ttf-prune.ts), in their vertical forms. */
  static async embed(pdf: PDFDocument, text: string): Promise<VerticalFont> {
    const bytes = readFileSync(FONT_PATH);
    const font = fontkit.create(bytes);
    const used = new Set(font.layout(text, ['vert']).glyphs.map((g) => g.id));
    pdf.registerFontkit(fontkit);
    const pdfFont = await pdf.embedFont(pruneGlyphs(bytes, used), { subset: false, features: { vert: true } });
    return new VerticalFont(pdfFont, font, bytes);
  }

  /** Per character of `text` (code points; one glyph each), its vertical metrics. Records the glyphs as used. */
  glyphs(text: string): VerticalGlyph[] {
    const run = this.font.layout(text, ['vert']);
    const cids = this.pdfFont.encodeText(text).asString().match(/.{4}/g) ?? [];
    if (run.glyphs.length !== [...text].length || cids.length !== run.glyphs.length) {
      throw new Error(`"${text}": ${run.glyphs.length} glyphs for ${[...text].length} characters`);
    }
    const scale = 1000 / this.font.unitsPerEm;
    const chars = [...text];
    return run.glyphs.map((g, k) => {
      const { advance, tsb } = this.metrics(g.id);
      // rounded as W2 writes them, so the ground truth follows what a reader of the PDF sees
      const w0 = g.advanceWidth * scale;
      const glyph = {
        char: chars[k] as string,
        w0,
        vx: Math.round(w0 / 2),
        advance: Math.round(advance * scale),
        originY: Math.round((tsb + g.bbox.maxY) * scale),
      };
      this.used.set(parseInt(cids[k] as string, 16), glyph);
      return glyph;
    });
  }

  /** Makes the embedded font vertical. Call once, after the last `glyphs()` and drawing, before `pdf.save()`. */
  async finish(pdf: PDFDocument): Promise<void> {
    await this.pdfFont.embed();
    const type0 = pdf.context.lookup(this.pdfFont.ref, PDFDict);
    type0.set(PDFName.of('Encoding'), PDFName.of('Identity-V'));
    const descendants = type0.lookup(PDFName.of('DescendantFonts'), PDFArray);
    const cidFont = pdf.context.lookup(descendants.get(0) as PDFRef, PDFDict);
    // W2: c [w1y vx vy] per glyph
    const w2: (number | number[])[] = [];
    for (const [cid, g] of [...this.used].sort((a, b) => a[0] - b[0])) {
      w2.push(cid, [-g.advance, g.vx, g.originY]);
    }
    cidFont.set(PDFName.of('DW2'), pdf.context.obj([880, -1000]));
    cidFont.set(PDFName.of('W2'), pdf.context.obj(w2));
    // pdf-lib maps the glyphs to text through the font's cmap, which has no entry for vertical forms (they are
    // reached through GSUB only): pdf.js would read them as garbage. Map each drawn glyph to its character.
    const old = type0.get(PDFName.of('ToUnicode'));
    if (old instanceof PDFRef) pdf.context.delete(old);
    type0.set(PDFName.of('ToUnicode'), pdf.context.register(pdf.context.flateStream(toUnicodeCMap(this.used))));
  }
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** A ToUnicode CMap (bfchar entries, at most 100 to a block) from CID to character. */
function toUnicodeCMap(glyphs: Map<number, VerticalGlyph>): string {
  const entries = [...glyphs]
    .sort((a, b) => a[0] - b[0])
    .map(([cid, g]) => {
      const utf16 = [...g.char].flatMap((c) => {
        const cp = c.codePointAt(0) ?? 0;
        return cp > 0xffff ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)] : [cp];
      });
      return `<${hex4(cid)}> <${utf16.map(hex4).join('')}>`;
    });
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(`${chunk.length} beginbfchar`, ...chunk, 'endbfchar');
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <ffff>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
