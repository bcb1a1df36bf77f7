// A small document writer for the demo PDFs: pages, headings, paragraphs, two-column regions and ruled tables.
// It lays out in each page's display frame and records every marked passage in the passage registry as it draws.

import { PDFDocument, StandardFonts, degrees, type PDFFont, type RGB } from 'pdf-lib';
import { recordPassages, type Passage } from './passage-registry.ts';
import { ACCENT, BLACK, COMPANY, GREY, LETTER, setFixedMetadata } from './pdf-style.ts';
import { Surface, type CropBox, type PageSpec } from './surface.ts';
import { drawTable, layoutTable, type TableColumn, type TableFonts } from './table.ts';
import { Metrics, tokenize, wrap } from './text-layout.ts';

export interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const DEFAULT_MARGINS: Margins = { top: 72, bottom: 64, left: 72, right: 72 };

export interface ParaOptions {
  size?: number;
  leading?: number;
  bold?: boolean;
  after?: number;
  indent?: number;
  /** A clause number drawn in the indent, e.g. "(a)". */
  label?: string;
  color?: RGB;
}

export class DocWriter {
  readonly surfaces: Surface[] = [];
  readonly passages = new Map<string, Passage>();
  private section = '';
  private s!: Surface;
  private regionLeft = 0;
  private regionWidth = 0;
  private left = 0;
  private width = 0;
  private top = 0;
  private bottom = 0;
  private y = 0;
  private columns: { n: number; gap: number; index: number; top: number; maxY: number } | null = null;
  /** Whether running out of room may start a new (default Letter) page. Otherwise overflow is an error. */
  allowPageBreak = false;
  /** Printed page labels ("iii", "A-2"), one per page, for the footer; "Page N of M" when unset. */
  printedLabels: readonly string[] | null = null;

  private constructor(
    readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly shortTitle: string,
    readonly version: string,
  ) {}

  private readonly metricsCache = new Map<PDFFont, Metrics>();

  static async create(title: string, version: string, subject: string): Promise<DocWriter> {
    const pdf = await PDFDocument.create({ updateMetadata: false });
    setFixedMetadata(pdf, title, subject);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    return new DocWriter(pdf, regular, bold, title, version);
  }

  metrics(font: PDFFont): Metrics {
    let m = this.metricsCache.get(font);
    if (!m) {
      m = new Metrics(font);
      this.metricsCache.set(font, m);
    }
    return m;
  }

  get surface(): Surface {
    return this.s;
  }

  get pageNumber(): number {
    return this.surfaces.length;
  }

  get cursorY(): number {
    return this.y;
  }

  newPage(spec: PageSpec = {}, margins: Margins = DEFAULT_MARGINS): Surface {
    if (this.columns) throw new Error('newPage inside a column region');
    const size = spec.size ?? LETTER;
    const page = this.pdf.addPage(size);
    const crop: CropBox = spec.crop ?? [0, 0, size[0], size[1]];
    if (spec.crop) page.setCropBox(crop[0], crop[1], crop[2] - crop[0], crop[3] - crop[1]);
    const rotate = spec.rotate ?? 0;
    if (rotate) page.setRotation(degrees(rotate));
    const s = new Surface(page, this.surfaces.length + 1, crop, rotate);
    this.surfaces.push(s);
    this.s = s;
    this.regionLeft = this.left = margins.left;
    this.regionWidth = this.width = s.width - margins.left - margins.right;
    this.top = this.y = margins.top;
    this.bottom = s.height - margins.bottom;
    return s;
  }

  private overflow(what: string): void {
    const c = this.columns;
    if (c && c.index < c.n - 1) {
      this.nextColumn();
      return;
    }
    if (!c && this.allowPageBreak) {
      this.newPage({}, DEFAULT_MARGINS);
      return;
    }
    throw new Error(`page ${this.pageNumber} overflows at: ${what}`);
  }

  space(h: number): void {
    this.y += h;
  }

  /** Keep `h` points together: start a new column/page first if they do not fit. */
  keep(h: number, what: string): void {
    if (this.y + h > this.bottom) this.overflow(what);
  }

  heading1(text: string): void {
    const size = 13;
    if (this.y > this.top) this.y += 10;
    this.keep(22 + 3 * 14, text);
    this.s.text(text, this.left, this.y + size, this.bold, size, ACCENT);
    this.y += 22;
    this.section = text;
  }

  heading2(text: string): void {
    const size = 10.5;
    if (this.y > this.top) this.y += 3;
    this.keep(17 + 2 * 14, text);
    this.s.text(text, this.left, this.y + size, this.bold, size, BLACK);
    this.y += 17;
    this.section = text;
  }

  para(src: string, o: ParaOptions = {}): void {
    const size = o.size ?? 10;
    const leading = o.leading ?? 14;
    const font = o.bold ? this.bold : this.regular;
    const m = this.metrics(font);
    const indent = o.indent ?? (o.label ? 22 : 0);
    const tokens = tokenize(src);
    const paragraph = tokens.map((t) => t.word).join(' ');
    const lines = wrap(tokens, this.width - indent, size, m);
    const asc = m.ascentPerSize * size;
    const desc = m.descentPerSize * size;
    const seenHere = new Set<string>();
    lines.forEach((line, i) => {
      if (this.y + leading > this.bottom) this.overflow(line.map((t) => t.word).join(' '));
      const baseline = this.y + (leading - (asc + desc)) / 2 + asc;
      const x = this.left + indent;
      if (i === 0 && o.label) this.s.text(o.label, this.left, baseline, font, size, o.color ?? BLACK);
      this.s.text(line.map((t) => t.word).join(' '), x, baseline, font, size, o.color ?? BLACK);
      const at = { surface: this.s, tokens: line, x, baseline, ascent: asc, descent: desc, size, metrics: m };
      recordPassages(this.passages, { ...at, section: this.section, paragraph }, seenHere);
      this.y += leading;
    });
    this.y += o.after ?? 6;
  }

  beginColumns(n: number, gap: number): void {
    this.columns = { n, gap, index: 0, top: this.y, maxY: this.y };
    this.width = (this.regionWidth - gap * (n - 1)) / n;
    this.left = this.regionLeft;
  }

  nextColumn(): void {
    const c = this.columns;
    if (!c) throw new Error('nextColumn outside columns');
    if (c.index >= c.n - 1) throw new Error(`page ${this.pageNumber}: no more columns`);
    c.maxY = Math.max(c.maxY, this.y);
    c.index++;
    this.left = this.regionLeft + c.index * (this.width + c.gap);
    this.y = c.top;
  }

  endColumns(): void {
    const c = this.columns;
    if (!c) throw new Error('endColumns outside columns');
    // A thin rule between the columns, as in a printed two-column layout.
    const bottomY = Math.max(c.maxY, this.y);
    for (let i = 1; i < c.n; i++) {
      const x = this.regionLeft + i * (this.width + c.gap) - c.gap / 2;
      this.s.line(x, c.top, x, bottomY - 6, 0.4);
    }
    this.columns = null;
    this.left = this.regionLeft;
    this.width = this.regionWidth;
    this.y = bottomY;
  }

  table(columns: TableColumn[], rows: string[][], o: { size?: number; caption?: string } = {}): void {
    const fonts = this.tableFonts();
    const t = layoutTable(columns, rows, this.width, o.size ?? 8.5, fonts);
    this.keep(t.height + 4, `table ${columns.map((c) => c.title).join('|')}`);
    this.y = drawTable(this.s, t, this.left, this.y, fonts) + 4;
    if (o.caption) this.para(o.caption, { size: 8.5, leading: 11, color: GREY, after: 4 });
    this.y += 6;
  }

  private tableFonts(): TableFonts {
    const { regular, bold } = this;
    return { regular, bold, regularMetrics: this.metrics(regular), boldMetrics: this.metrics(bold) };
  }

  /** Header and footer on every page, with "Page N of M"; drawn once the page count is known. */
  finish(): void {
    const n = this.surfaces.length;
    for (const s of this.surfaces) {
      const mr = this.metrics(this.regular);
      const left = 54;
      const right = s.width - 54;
      if (s.number > 1) {
        const head = `${COMPANY}  |  ${this.shortTitle}`;
        s.text(head, left, 40, this.regular, 8, GREY);
        const cls = 'INTERNAL';
        s.text(cls, right - mr.width(cls, 8), 40, this.bold, 8, GREY);
        s.line(left, 46, right, 46, 0.4);
      }
      const fy = s.height - 30;
      s.line(left, fy - 12, right, fy - 12, 0.4);
      s.text(`${this.shortTitle}  -  Version ${this.version}`, left, fy, this.regular, 8, GREY);
      const printed = this.printedLabels?.[s.number - 1];
      const label = printed !== undefined ? `Page ${printed}` : `Page ${s.number} of ${n}`;
      s.text(label, right - mr.width(label, 8), fy, this.regular, 8, GREY);
    }
  }

  titleBlock(title: string, lines: [string, string][]): void {
    const s = this.s;
    s.text(COMPANY.toUpperCase(), this.left, this.y + 9, this.bold, 9, GREY);
    this.y += 30;
    s.text(title, this.left, this.y + 22, this.bold, 24, ACCENT);
    this.y += 40;
    const mB = this.metrics(this.bold);
    for (const [k, v] of lines) {
      s.text(k, this.left, this.y + 9, this.bold, 9, BLACK);
      s.text(v, this.left + Math.max(110, mB.width(k, 9) + 8), this.y + 9, this.regular, 9, BLACK);
      this.y += 13;
    }
    this.y += 8;
    s.line(this.left, this.y, this.left + this.width, this.y, 1.2, ACCENT);
    this.y += 16;
  }

  async save(): Promise<Uint8Array> {
    this.finish();
    return this.pdf.save({ useObjectStreams: false });
  }
}
