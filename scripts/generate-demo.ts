// Generates the demo data the server serves: two policy PDFs and three canonical answer files that cite them.
//
//   npx tsx scripts/generate-demo.ts [outDir]        (default outDir: src/server/demo-data)
//
// The output is reproducible byte for byte (fixed dates, no random IDs, stable JSON), and every highlight box is
// computed from the same layout that draws the text, so the boxes are exact by construction.
// scripts/generate-demo.test.ts regenerates into a temp dir, compares with the committed files and re-checks the
// boxes against what pdf.js extracts.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PDFDocument, PDFName, StandardFonts, degrees, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { Box } from '../src/core/model/types.ts';

// ---------------------------------------------------------------------------------------------------------------
// Fixed metadata, so that two runs produce identical bytes.

const FIXED_DATE = new Date('2026-03-02T09:00:00.000Z');
const PRODUCER = 'citelens demo generator (pdf-lib 1.17.1)';
const COMPANY = 'Halverson Logistics, Inc.';

function setFixedMetadata(pdf: PDFDocument, title: string, subject: string): void {
  pdf.setTitle(title);
  pdf.setAuthor(COMPANY);
  pdf.setSubject(subject);
  pdf.setCreator(PRODUCER);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
}

const LETTER: [number, number] = [612, 792];
const LEGAL: [number, number] = [612, 1008];

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.38, 0.38, 0.38);
const RULE = rgb(0.55, 0.55, 0.55);
const ACCENT = rgb(0.1, 0.22, 0.42);
const SHADE = rgb(0.9, 0.92, 0.95);

const round2 = (v: number): number => Math.round(v * 100) / 100 + 0;

// ---------------------------------------------------------------------------------------------------------------
// Text measurement. pdf-lib's `widthOfTextAtSize` adds kerning for standard fonts, but `drawText` emits a plain
// Tj without kerning, so the drawn advance is the plain sum of glyph widths. Measure that instead.

class Metrics {
  private readonly cache = new Map<string, number>();
  readonly ascentPerSize: number;
  readonly descentPerSize: number;

  constructor(readonly font: PDFFont) {
    this.ascentPerSize = font.heightAtSize(1000, { descender: false }) / 1000;
    this.descentPerSize = (font.heightAtSize(1000) - font.heightAtSize(1000, { descender: false })) / 1000;
  }

  width(text: string, size: number): number {
    let total = 0;
    for (const ch of text) {
      let w = this.cache.get(ch);
      if (w === undefined) {
        w = this.font.widthOfTextAtSize(ch, 1000);
        this.cache.set(ch, w);
      }
      total += w;
    }
    return (total * size) / 1000;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A page seen in its DISPLAY frame: top-left origin, y down, after the page's /Rotate is applied. All layout is
// done in this frame; `toUser` maps to PDF user space for drawing and `toCanonical` maps to the canonical box
// frame (CropBox top-left origin, y down, UNROTATED page).

export type CropBox = readonly [x0: number, y0: number, x1: number, y1: number];

interface PageSpec {
  size?: [number, number];
  /** CropBox in user space, [x0, y0, x1, y1]. Defaults to the MediaBox. */
  crop?: CropBox;
  rotate?: 0 | 90;
}

class Surface {
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

// ---------------------------------------------------------------------------------------------------------------
// Prose with passage markers: "{{key}}first words ... last words.{{/}}" marks a passage to be cited. Markers sit
// at word boundaries. The writer records, for every line fragment of a passage, its exact canonical box.

interface Token {
  word: string;
  key: string | null;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let current: string | null = null;
  for (const raw of src.split(/\s+/)) {
    if (raw === '') continue;
    let word = raw;
    const open = /^\{\{([a-z0-9-]+)\}\}/.exec(word);
    if (open) {
      if (current) throw new Error(`nested passage ${open[1]} inside ${current}`);
      current = open[1] ?? null;
      word = word.slice(open[0].length);
    }
    let close = false;
    if (word.endsWith('{{/}}')) {
      close = true;
      word = word.slice(0, -'{{/}}'.length);
    }
    if (word.includes('{{')) throw new Error(`misplaced passage marker in ${JSON.stringify(raw)}`);
    if (word !== '') tokens.push({ word, key: current });
    if (close) {
      if (!current) throw new Error(`unmatched {{/}} in ${JSON.stringify(src)}`);
      current = null;
    }
  }
  if (current) throw new Error(`unterminated passage ${current}`);
  return tokens;
}

function wrap(tokens: Token[], maxWidth: number, size: number, m: Metrics): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let width = 0;
  const space = m.width(' ', size);
  for (const t of tokens) {
    const w = m.width(t.word, size);
    if (line.length > 0 && width + space + w > maxWidth) {
      lines.push(line);
      line = [];
      width = 0;
    }
    width += (line.length > 0 ? space : 0) + w;
    line.push(t);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

export interface Passage {
  key: string;
  section: string;
  words: string[];
  boxes: Box[];
  /** The whole paragraph the passage sits in, whitespace collapsed. */
  paragraph: string;
}

// ---------------------------------------------------------------------------------------------------------------
// A small document writer: pages, headings, paragraphs, two-column regions and ruled tables.

interface Margins {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const DEFAULT_MARGINS: Margins = { top: 72, bottom: 64, left: 72, right: 72 };

interface ParaOptions {
  size?: number;
  leading?: number;
  bold?: boolean;
  after?: number;
  indent?: number;
  /** A clause number drawn in the indent, e.g. "(a)". */
  label?: string;
  color?: RGB;
}

interface TableColumn {
  title: string;
  /** Fraction of the region width. */
  width: number;
}

class DocWriter {
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
      // Record each passage fragment on this line.
      let j = 0;
      while (j < line.length) {
        const key = line[j]?.key;
        if (!key) {
          j++;
          continue;
        }
        let k = j;
        while (k < line.length && line[k]?.key === key) k++;
        const before = line.slice(0, j).map((t) => t.word);
        const words = line.slice(j, k).map((t) => t.word);
        const prefix = before.length > 0 ? before.join(' ') + ' ' : '';
        const x0 = x + m.width(prefix, size);
        const x1 = x0 + m.width(words.join(' '), size);
        let p = this.passages.get(key);
        if (!p) {
          p = { key, section: this.section, words: [], boxes: [], paragraph };
          this.passages.set(key, p);
        } else if (!seenHere.has(key)) {
          throw new Error(`passage ${key} used twice`);
        }
        seenHere.add(key);
        p.words.push(...words);
        p.boxes.push(this.s.box(x0, baseline - asc, x1, baseline + desc));
        j = k;
      }
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
    const size = o.size ?? 8.5;
    const leading = size + 2.5;
    const pad = 4;
    const total = columns.reduce((a, c) => a + c.width, 0);
    if (Math.abs(total - 1) > 1e-9) throw new Error('table column widths must add up to 1');
    const widths = columns.map((c) => c.width * this.width);
    const xs = [this.left];
    for (const w of widths) xs.push((xs[xs.length - 1] ?? 0) + w);
    const mR = this.metrics(this.regular);
    const mB = this.metrics(this.bold);
    const layoutRow = (cells: string[], header: boolean) => {
      const m = header ? mB : mR;
      const lines = cells.map((cell, i) =>
        wrap(tokenize(cell), (widths[i] ?? 0) - 2 * pad, size, m).map((l) => l.map((t) => t.word).join(' ')),
      );
      const height = Math.max(...lines.map((l) => l.length)) * leading + 2 * pad;
      return { lines, height, header };
    };
    const all = [layoutRow(columns.map((c) => c.title), true), ...rows.map((r) => layoutRow(r, false))];
    const height = all.reduce((a, r) => a + r.height, 0);
    this.keep(height + 4, `table ${columns.map((c) => c.title).join('|')}`);
    const top = this.y;
    const right = xs[xs.length - 1] ?? 0;
    let y = top;
    for (const row of all) {
      if (row.header) this.s.fill(this.left, y, right, y + row.height, SHADE);
      row.lines.forEach((cellLines, i) => {
        cellLines.forEach((text, li) => {
          const m = row.header ? mB : mR;
          const baseline = y + pad + li * leading + (leading - (m.ascentPerSize + m.descentPerSize) * size) / 2 + m.ascentPerSize * size;
          this.s.text(text, (xs[i] ?? 0) + pad, baseline, row.header ? this.bold : this.regular, size);
        });
      });
      this.s.line(this.left, y, right, y, row.header ? 0.8 : 0.5, row.header ? BLACK : RULE);
      y += row.height;
    }
    this.s.line(this.left, y, right, y, 0.8, BLACK);
    for (const x of xs) this.s.line(x, top, x, y, 0.5, RULE);
    this.y = y + 4;
    if (o.caption) this.para(o.caption, { size: 8.5, leading: 11, color: GREY, after: 4 });
    this.y += 6;
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
      const label = `Page ${s.number} of ${n}`;
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

/** A generated PDF, the passages it contains, and each page's CropBox (index 0 is page 1). */
export interface BuiltDocument {
  bytes: Uint8Array;
  passages: Map<string, Passage>;
  crops: CropBox[];
}

// ---------------------------------------------------------------------------------------------------------------
// Document 1: Vendor Security Policy (15 pages; special pages noted in VENDOR_PAGES).

export const VENDOR_PAGES: Record<number, string> = {
  1: 'title block, 1. Purpose, 2. Scope',
  2: '3. Access Control (3.1-3.3)',
  3: '3. Access Control continued (3.4-3.7)',
  4: 'two-column page: 4. Network Security and Remote Connectivity',
  5: '5. Encryption (5.1-5.3)',
  6: 'CropBox 36 36 576 756 inside MediaBox 0 0 612 792: 5.4-5.6',
  7: 'ruled table: 6. Approved Cryptographic Algorithms',
  8: '/Rotate 90 landscape page, text drawn rotated: 7. Data Classification and Handling (table)',
  9: 'US Legal 612x1008: 8. Logging and Monitoring',
  10: '9. Security Incidents; clause 9.6 runs across the page break onto page 11',
  11: 'continuation of 9.6, 9.7, 10. Subprocessors',
  12: '11. Business Continuity, 12. Security Assessments and Audit',
  13: '13. Termination and Return of Data, 14. Personnel Security',
  14: '15. Exceptions, 16. Enforcement, 17. Definitions',
  15: '18. Related Documents, Document History table',
};

async function buildVendorPolicy(): Promise<BuiltDocument> {
  const w = await DocWriter.create('Vendor Security Policy', '2026-03', 'Security requirements for vendors');

  // Page 1
  w.newPage();
  w.titleBlock('Vendor Security Policy', [
    ['Policy owner', 'Information Security Office'],
    ['Approved by', 'Chief Information Security Officer'],
    ['Version', '2026-03'],
    ['Effective date', 'March 2, 2026'],
    ['Next review', 'March 2027'],
    ['Classification', 'Internal'],
  ]);
  w.heading1('1. Purpose');
  w.para(
    'This policy sets out the minimum security requirements that apply to every vendor, contractor and service provider that stores, processes or transmits Company data, or that connects to Company systems. Its purpose is to ensure that third parties protect Company information to at least the standard the Company applies to itself, and that the risks introduced by outsourcing are identified, contracted for and monitored throughout the life of each vendor relationship.',
  );
  w.para(
    "The requirements in this policy are minimum requirements. Contracts, data processing agreements and statements of work may impose stricter obligations, and where they do, the stricter obligation applies. Nothing in this policy reduces a vendor's obligations under applicable law.",
  );
  w.heading1('2. Scope');
  w.para(
    'This policy applies to all vendors engaged by the Company or any of its subsidiaries, including software-as-a-service providers, hosting and infrastructure providers, managed service providers, consultants, staff augmentation contractors and any subcontractor that acts on behalf of a vendor. It applies regardless of the value of the contract and regardless of whether the vendor is paid.',
  );
  w.para(
    'It covers Company data in any form, including electronic records, paper documents, backups, logs and derived data such as reports and analytics extracts. It also covers all Company systems, networks, applications and facilities to which a vendor is granted access, whether on premises or in a cloud environment.',
  );
  w.para(
    'Vendors are classified into three risk tiers during onboarding. Tier 1 vendors have access to Restricted data or privileged access to production systems; Tier 2 vendors have access to Confidential data or standard user access; Tier 3 vendors have no access to Company data or systems. Unless stated otherwise, every requirement in this policy applies to Tier 1 and Tier 2 vendors.',
  );

  // Page 2
  w.newPage();
  w.heading1('3. Access Control');
  w.heading2('3.1 Account Management');
  w.para(
    'Each person who works on behalf of a vendor must be issued an individual account. Shared, generic or group accounts must not be used to access Company systems, and credentials must never be disclosed to another person, including other employees of the same vendor.',
  );
  w.para(
    "Access must be requested through the Company service desk by the vendor's Company sponsor, who is accountable for confirming that the access is needed for the contracted services. Access is granted on the principle of least privilege and is limited to the specific systems and data named in the contract or statement of work.",
  );
  w.heading2('3.2 Authentication');
  w.para(
    'Passwords used to access Company systems must be at least 14 characters long and must not be reused across systems. {{va-mfa}}Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.{{/}} Authentication factors must be issued to a single named individual and must not be shared.',
  );
  w.para(
    'Where a Company system cannot support multi-factor authentication, the vendor must access it only through the Company remote access gateway, which enforces multi-factor authentication at the network boundary.',
  );
  w.heading2('3.3 Privileged Access');
  w.para(
    'Privileged access, meaning any access that allows a user to change system configuration, manage other accounts or bypass application controls, must be approved in writing by the system owner and the Information Security Office. Privileged access is granted for a limited time and expires automatically after no more than 90 days unless it is renewed.',
  );
  w.para(
    '{{va-pam}}All privileged sessions by vendor personnel must be brokered through the Company privileged access management system, which records each session.{{/}} Recordings are retained for one year and may be reviewed by the Information Security Office at any time.',
  );

  // Page 3
  w.newPage();
  w.heading2('3.4 Access Reviews');
  w.para(
    'The Company sponsor must review all vendor accounts at least quarterly and confirm that each account is still required and that its permissions remain appropriate. Accounts that cannot be confirmed within ten business days of the review request are suspended.',
  );
  w.para(
    '{{va-dormant}}Vendor accounts that have not been used for 30 days are disabled automatically.{{/}} Disabled accounts are deleted after a further 60 days unless the sponsor requests that they be re-enabled.',
  );
  w.heading2('3.5 Removal of Access');
  w.para(
    'Vendors must notify the Company sponsor within one business day when any person with access to Company systems leaves the vendor, changes role or no longer needs access. The sponsor must then request removal of the account. On termination or expiry of the contract, all vendor access is revoked no later than the last day of the contract.',
  );
  w.heading2('3.6 Physical Access');
  w.para(
    'Vendor personnel who need to enter Company facilities must be registered in advance, must wear a visitor badge at all times, and must be escorted in areas where Restricted data is processed. Vendors must not connect personal or unmanaged devices to the Company network in any facility.',
  );
  w.heading2('3.7 Devices Used for Access');
  w.para(
    'Devices used by vendor personnel to access Company systems must run a supported operating system, must receive security updates within 30 days of release, must use full-disk encryption and must run endpoint protection software with current signatures. The Company may require vendors to use a Company-managed virtual desktop instead of their own devices.',
  );

  // Page 4: two columns
  w.newPage();
  w.heading1('4. Network Security and Remote Connectivity');
  w.beginColumns(2, 24);
  w.heading2('4.1 Network Connections');
  w.para(
    'Vendors may connect to the Company network only through connection methods approved by the Information Security Office. Approved methods are the Company remote access gateway, site-to-site VPN tunnels documented in an interconnection agreement, and private connectivity to the Company cloud environment.',
  );
  w.heading2('4.2 Interconnection Agreements');
  w.para(
    'Every persistent network connection between a vendor and the Company must be documented in an interconnection agreement that names the systems at each end, the data exchanged, the ports and protocols used and the technical contacts on both sides. Interconnection agreements are reviewed annually and whenever the connection changes.',
  );
  w.heading2('4.3 Vendor Networks');
  w.para(
    'Vendors must protect their own networks with firewalls, intrusion detection and timely patching. Systems that store or process Company data must not be directly reachable from the internet unless they are designed to be, such as public web applications, and then only behind a web application firewall.',
  );
  w.nextColumn();
  w.heading2('4.4 Segregation');
  w.para(
    '{{va-segment}}Vendor connections must terminate in a segregated network zone that is separated from the Company production network by a firewall and that permits only the ports and destination systems approved for that vendor.{{/}} Vendor zones must not have routes to other vendor zones.',
  );
  w.heading2('4.5 Remote Sessions');
  w.para(
    'Remote sessions must time out after 15 minutes of inactivity and must be terminated at the end of the working day. Split tunnelling must be disabled on any device connected to the Company remote access gateway.',
  );
  w.heading2('4.6 Wireless Networks');
  w.para(
    'Vendor personnel on Company premises may use the guest wireless network only. The guest network provides internet access and does not provide access to Company systems.',
  );
  w.endColumns();

  // Page 5
  w.newPage();
  w.heading1('5. Encryption');
  w.heading2('5.1 General Requirements');
  w.para(
    'Vendors must protect Company data with encryption whenever it is stored or transmitted outside a physically secured Company facility. Encryption must use the algorithms and key lengths listed as approved in Section 6, and must be implemented with maintained, widely used cryptographic libraries rather than custom code.',
  );
  w.heading2('5.2 Data in Transit');
  w.para(
    '{{ve-transit}}All Company data transmitted over any network must be encrypted using TLS 1.2 or higher; TLS 1.3 is preferred wherever both endpoints support it.{{/}} SSL and TLS versions 1.0 and 1.1 must be disabled on all vendor systems that handle Company data. Certificates must be issued by a trusted public or Company certificate authority and must use keys of at least 2048 bits for RSA or 256 bits for elliptic curve algorithms.',
  );
  w.para(
    'File transfers must use SFTP or HTTPS. Email that contains Confidential or Restricted data must be sent using enforced TLS between mail servers or, where that cannot be guaranteed, the data must be sent as an encrypted attachment with the password delivered by a separate channel.',
  );
  w.heading2('5.3 Data at Rest');
  w.para(
    '{{ve-rest}}Company data stored by a vendor must be encrypted at rest using AES with a key length of 256 bits, including data held in databases, file shares, object storage, backups and removable media.{{/}} Full-disk encryption is required on all laptops and mobile devices used by vendor personnel, whether or not Company data is expected to be stored on them.',
  );
  w.para(
    'Encryption at rest provided by a cloud platform is acceptable when the vendor can demonstrate that the encryption keys are managed as required by Section 5.4 and that the encryption cannot be disabled by individual users.',
  );

  // Page 6: CropBox differs from MediaBox. The layout is relative to the CropBox.
  const cropped = w.newPage({ size: LETTER, crop: [36, 36, 576, 756] }, { top: 60, bottom: 56, left: 40, right: 40 });
  // Printer's crop marks in the bleed area outside the CropBox: present in the file, cut off by viewers.
  for (const [cx, cy] of [
    [36, 36],
    [576, 36],
    [36, 756],
    [576, 756],
  ] as const) {
    const sx = cx < 306 ? -1 : 1;
    const sy = cy < 396 ? -1 : 1;
    cropped.page.drawLine({ start: { x: cx + sx * 6, y: cy }, end: { x: cx + sx * 30, y: cy }, thickness: 0.3 });
    cropped.page.drawLine({ start: { x: cx, y: cy + sy * 6 }, end: { x: cx, y: cy + sy * 30 }, thickness: 0.3 });
  }
  w.heading2('5.4 Key Management');
  w.para(
    '{{ve-keys}}Encryption keys that protect Company data must be generated and stored in a hardware security module or a cloud key management service, and must be rotated at least once every twelve months.{{/}} Keys must never be stored in source code, configuration files or on the same system as the data they protect, and key material must never be exported in plain text.',
  );
  w.para(
    'Access to key management functions must be limited to named individuals with a documented need, and no single person may both administer keys and access the data those keys protect. Where the Company supplies its own keys, the vendor must support revocation of those keys by the Company at any time, after which the affected data must become unreadable.',
  );
  w.heading2('5.5 Backups and Removable Media');
  w.para(
    'Backups that contain Company data must be encrypted with keys that are separate from production keys. Removable media may be used to transfer Company data only with the prior written approval of the Information Security Office, and must be encrypted and tracked by serial number.',
  );
  w.heading2('5.6 Cryptographic Exceptions');
  w.para(
    'A vendor that cannot meet a requirement of this section must request an exception under Section 15 before processing Company data. Exceptions to the encryption requirements are granted for no longer than twelve months and must include compensating controls.',
  );

  // Page 7: table
  w.newPage();
  w.heading1('6. Approved Cryptographic Algorithms');
  w.para(
    'The following table lists the algorithms and minimum parameters approved for protecting Company data. Algorithms marked Deprecated may continue to be used in existing systems until the date shown but must not be used in new implementations. Algorithms that are not listed must not be used without an approved exception.',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Purpose', width: 0.22 },
      { title: 'Approved algorithms', width: 0.33 },
      { title: 'Minimum parameters', width: 0.27 },
      { title: 'Status', width: 0.18 },
    ],
    [
      ['Symmetric encryption', 'AES-GCM, AES-CBC with HMAC-SHA-256, ChaCha20-Poly1305', '256-bit keys (AES-128 accepted within TLS sessions)', 'Approved'],
      ['Key exchange', 'ECDH with P-256, P-384 or X25519; RSA-OAEP', 'ECC 256 bits; RSA 2048 bits (3072 bits for new keys)', 'Approved'],
      ['Digital signatures', 'ECDSA, Ed25519, RSA-PSS', 'ECC 256 bits; RSA 2048 bits (3072 bits for new keys)', 'Approved'],
      ['Hashing', 'SHA-256, SHA-384, SHA-512, SHA3-256', '256-bit output', 'Approved'],
      ['Password storage', 'Argon2id, scrypt, bcrypt', 'Argon2id with 64 MiB memory and 3 iterations; bcrypt cost 12', 'Approved'],
      ['Transport security', 'TLS 1.3; TLS 1.2 with forward-secret cipher suites', 'As in Section 5.2', 'Approved'],
      ['Legacy use', 'SHA-1 for non-security checksums; TLS 1.2 CBC cipher suites', 'None', 'Deprecated until 31 December 2027'],
      ['Prohibited', 'DES, 3DES, RC4, MD5, SHA-1 signatures, SSL, TLS 1.0 and 1.1', 'None', 'Not permitted'],
    ],
    { caption: 'Table 1. Approved cryptographic algorithms and minimum parameters.' },
  );
  w.heading2('6.1 Cryptographic Inventory');
  w.para(
    'Vendors must maintain an inventory of the cryptographic algorithms, protocols and certificates used to protect Company data and must provide it to the Company on request. Certificates must be tracked so that none expires unnoticed.',
  );
  w.heading2('6.2 Post-Quantum Readiness');
  w.para(
    'Tier 1 vendors must be able to describe, on request, their plan for adopting post-quantum key exchange for connections that carry Company data, including the products and dates involved.',
  );

  // Page 8: /Rotate 90, drawn as a landscape page.
  w.newPage({ size: LETTER, rotate: 90 }, { top: 66, bottom: 60, left: 60, right: 60 });
  w.heading1('7. Data Classification and Handling');
  w.para(
    'Company data is classified as Public, Internal, Confidential or Restricted. Vendors must apply at least the handling controls shown in Table 2 for each classification. {{ve-restricted}}Restricted data must additionally be protected with field-level or application-level encryption, so that it remains encrypted to database administrators and storage operators.{{/}}',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Control', width: 0.16 },
      { title: 'Public', width: 0.17 },
      { title: 'Internal', width: 0.2 },
      { title: 'Confidential', width: 0.22 },
      { title: 'Restricted', width: 0.25 },
    ],
    [
      ['Examples', 'Published rates, press releases', 'Internal procedures, organisation charts', 'Customer contracts, shipment records', 'Payment card data, employee identity and health records'],
      ['Storage encryption', 'Not required', 'Recommended', 'Required (AES-256)', 'Required (AES-256) plus field-level encryption'],
      ['Transmission', 'No requirement', 'TLS 1.2 or higher', 'TLS 1.2 or higher', 'TLS 1.2 or higher with mutual authentication'],
      ['Access', 'Anyone', 'Vendor personnel on the engagement', 'Named individuals approved by the sponsor', 'Named individuals approved by the data owner and the Information Security Office'],
      ['Storage location', 'Any', 'Vendor systems', 'Vendor systems in approved regions', 'Approved regions only; no removable media'],
      ['Disposal', 'No requirement', 'Secure deletion', 'Cryptographic erasure or NIST SP 800-88 purge', 'NIST SP 800-88 purge with certificate of destruction'],
    ],
    { caption: 'Table 2. Minimum handling controls by classification.' },
  );
  w.para(
    'Where data of different classifications is combined, the combined data set takes the highest classification of any of its parts. Vendors that are unsure of the classification of data they receive must treat it as Confidential until the Company sponsor confirms its classification.',
  );

  // Page 9: US Legal, a different page size.
  w.newPage({ size: LEGAL });
  w.heading1('8. Logging and Monitoring');
  w.heading2('8.1 Log Content');
  w.para(
    'Vendor systems that store or process Company data must record security events, including successful and failed logins, changes to accounts and permissions, changes to security configuration, access to Restricted data, and the starting and stopping of logging itself. Each log entry must include the date and time, the identity of the user or process, the source address and the outcome of the event.',
  );
  w.heading2('8.2 Clock Synchronisation');
  w.para(
    'System clocks must be synchronised to a reliable time source so that log entries from different systems can be correlated. Time stamps must include the time zone or be recorded in UTC.',
  );
  w.heading2('8.3 Key Management Logging');
  w.para(
    '{{ve-keylog}}Every use of a key management system that protects Company data, including key creation, rotation, export attempts and deletion, must be logged, and these logs must be retained for at least one year.{{/}} Alerts must be raised for any attempt to export key material or to disable key rotation.',
  );
  w.heading2('8.4 Log Protection and Retention');
  w.para(
    'Logs must be protected against alteration and deletion by the users whose activity they record. Logs must be retained for at least one year, with the most recent 90 days immediately available for analysis.',
  );
  w.heading2('8.5 Monitoring');
  w.para(
    'Tier 1 vendors must monitor security events continuously, either with their own security operations function or through a managed detection and response provider, and must investigate high-severity alerts within one hour. Tier 2 vendors must review security events at least weekly.',
  );
  w.heading2('8.6 Log Sharing');
  w.para(
    'On request, and in any case during an incident investigation, the vendor must provide the Company with log records relating to Company data or Company accounts within two business days, in a commonly used machine-readable format.',
  );
  w.heading2('8.7 Vulnerability Management');
  w.para(
    'Vendors must scan systems that store or process Company data for vulnerabilities at least monthly and after any significant change. Critical vulnerabilities must be remediated within 15 days and high vulnerabilities within 30 days of discovery. Internet-facing applications must undergo an independent penetration test at least annually, and the vendor must share a summary of the results with the Company.',
  );
  w.heading2('8.8 Secure Development');
  w.para(
    'Vendors that develop software used to process Company data must follow a documented secure development process that includes security requirements, peer code review, automated static analysis and dependency scanning, and the remediation of findings before release. Production data must not be used in development or test environments unless it has been irreversibly anonymised.',
  );
  w.heading2('8.9 Configuration Management');
  w.para(
    'Systems that store or process Company data must be built from documented, hardened configuration baselines, such as the CIS Benchmarks, and must be checked against those baselines at least quarterly. Default passwords must be changed before a system is connected to any network, and services that are not needed must be disabled.',
  );

  // Pages 10-11: the text flows across the page break; clause 9.6 starts at the foot of page 10.
  w.newPage();
  w.allowPageBreak = true;
  w.heading1('9. Security Incidents');
  w.heading2('9.1 Incident Response Plan');
  w.para(
    'Tier 1 and Tier 2 vendors must maintain a documented incident response plan that covers the services provided to the Company. The plan must name the people responsible for handling incidents, describe how incidents are detected, triaged, contained and resolved, and include the Company Security Office as a contact. The plan must be tested at least annually, for example through a tabletop exercise, and updated with the lessons learned.',
  );
  w.heading2('9.2 Definition');
  w.para(
    'A security incident is any event that compromises, or is reasonably suspected to compromise, the confidentiality, integrity or availability of Company data or of a system that stores or processes Company data. Incidents include unauthorised access, loss or theft of devices or media, malware infections, misdirected email containing Company data and any compromise of credentials used to access Company systems.',
  );
  w.heading2('9.3 Notification');
  w.para(
    'Vendors must notify the Company Security Office of any security incident affecting Company data without undue delay and in any case within 24 hours of becoming aware of it. Notification must be made by telephone to the Security Office hotline and confirmed by email to security@halverson.example. The initial notification must describe what is known of the incident at that time; the vendor must not delay notification in order to complete its investigation.',
  );
  w.para(
    'Where an incident involves personal data, the vendor must give the Company all the information it needs to meet its own notification obligations to regulators and affected individuals, and must not contact affected individuals directly unless the Company asks it to. Notifications made outside business hours must also be made by telephone; email alone is not sufficient.',
  );
  w.heading2('9.4 Information to Be Provided');
  w.para(
    'As soon as it is available, the vendor must provide the nature of the incident, the categories and approximate volume of data and individuals affected, the systems involved, the likely consequences, the measures taken or proposed to contain the incident and the name of a contact who can provide further information. Updates must be provided at least daily until the incident is closed.',
  );
  w.heading2('9.5 Cooperation');
  w.para(
    "The vendor must cooperate fully with the Company's investigation and must preserve all relevant evidence, including logs, images of affected systems and correspondence. The vendor must not notify regulators, customers or the public about an incident involving Company data without the Company's prior written agreement, unless the vendor is required by law to do so.",
  );
  w.para(
    'Where the Company decides to engage an external forensic investigator, the vendor must give that investigator the same access to personnel, systems and evidence as it gives to the Company. The cost of the investigation is borne by the vendor where the incident resulted from a breach of this policy.',
  );
  w.heading2('9.6 Compromised Keys and Credentials');
  w.para(
    'Compromised keys can expose data long after an attacker has left a system. {{ve-compromise}}If a vendor suspects that encryption keys or credentials protecting Company data have been compromised, the vendor must revoke the affected keys, rotate every credential that depends on them and notify the Company Security Office within 24 hours of discovery, even where no unauthorised access to Company data has yet been identified.{{/}}',
  );
  w.heading2('9.7 Post-Incident Review');
  w.para(
    'Within 30 days of closing an incident, the vendor must give the Company a written report describing the root cause, the full impact and the corrective actions taken to prevent a recurrence, with target dates for any actions that are not yet complete.',
  );
  w.allowPageBreak = false;
  w.heading1('10. Subprocessors');
  w.para(
    "Vendors must not engage a subprocessor to store, process or access Company data without the Company's prior written approval. Requests for approval must identify the subprocessor, the services it will perform, the Company data involved and the locations where that data will be stored or accessed.",
  );
  w.para(
    'The vendor must flow down to each subprocessor obligations at least as protective as those in this policy and remains fully responsible to the Company for the acts and omissions of its subprocessors. The vendor must maintain a current list of approved subprocessors and give the Company at least 30 days notice of any intended change.',
  );

  // Page 12
  w.newPage();
  w.heading1('11. Business Continuity and Resilience');
  w.para(
    'Tier 1 vendors must maintain business continuity and disaster recovery plans for the services they provide to the Company. The plans must meet the recovery time and recovery point objectives stated in the contract and must be tested at least annually. The vendor must share a summary of each test, including any objectives that were not met and the actions taken as a result.',
  );
  w.para(
    'Backups of Company data must be stored in a location that is physically and logically separate from the primary systems, must be protected against deletion or encryption by ransomware, and must be tested by restoring a sample of data at least quarterly.',
  );
  w.heading1('12. Security Assessments and Audit');
  w.para(
    "Before a contract is signed, and afterwards at least annually for Tier 1 vendors and every two years for Tier 2 vendors, the Company assesses each vendor's security controls using its standard security questionnaire. Vendors that hold a current ISO/IEC 27001 certificate or SOC 2 Type II report covering the services may provide it in place of the corresponding parts of the questionnaire.",
  );
  w.para(
    'The Company, or an independent auditor appointed by the Company, may audit the vendor for compliance with this policy on 30 days written notice, or on 48 hours notice following a security incident. The vendor must provide reasonable access to the relevant personnel, systems, facilities and records. Findings must be remediated within the timescales agreed with the Information Security Office.',
  );

  // Page 13
  w.newPage();
  w.heading1('13. Termination and Return of Data');
  w.para(
    '{{rs-return}}Within 30 days after termination or expiry of the contract, the vendor must return all Company data in the format agreed in the contract and then securely delete all remaining copies, including copies held in backups and by subprocessors.{{/}} The vendor must provide a certificate of destruction signed by an officer of the vendor within ten business days of completing the deletion.',
  );
  w.para(
    'Where the law requires the vendor to retain Company data beyond this period, the vendor must tell the Company which data is retained, on what legal basis and for how long, and must continue to protect it in accordance with this policy until it is deleted.',
  );
  w.heading1('14. Personnel Security');
  w.para(
    'Vendors must carry out background checks on personnel who will have access to Confidential or Restricted data, to the extent permitted by local law, before that access is granted. All vendor personnel with access to Company data or systems must complete security awareness training when they start work on the engagement and at least annually after that.',
  );
  w.para(
    'Vendor personnel must sign confidentiality obligations that cover Company data and that continue after their work for the Company ends.',
  );

  // Page 14
  w.newPage();
  w.heading1('15. Exceptions');
  w.para(
    'A vendor that cannot meet a requirement of this policy must request an exception through its Company sponsor before the requirement applies. Each request must describe the requirement concerned, the reason it cannot be met, the risk to the Company, the compensating controls proposed and the date by which the vendor expects to comply.',
  );
  w.para(
    'Exceptions are approved by the Information Security Office and, for Tier 1 vendors, by the Chief Information Security Officer. Approved exceptions are recorded in the exceptions register and expire after twelve months unless renewed.',
  );
  w.heading1('16. Enforcement');
  w.para(
    "Failure to comply with this policy may result in the suspension of a vendor's access to Company data and systems, in the termination of the contract, and in any other remedy available to the Company under the contract or at law. Company employees who knowingly allow a vendor to breach this policy may be subject to disciplinary action.",
  );
  w.heading1('17. Definitions');
  w.para('Company data: any information owned by, licensed to or held on behalf of the Company, in any form.', { label: '(a)' });
  w.para('Company sponsor: the Company employee accountable for the vendor relationship and for approving vendor access.', { label: '(b)' });
  w.para('Restricted data: the most sensitive class of Company data, as defined in Section 7.', { label: '(c)' });
  w.para('Subprocessor: any third party engaged by a vendor that stores, processes or accesses Company data.', { label: '(d)' });

  // Page 15
  w.newPage();
  w.heading1('18. Related Documents');
  w.para('Information Security Policy (ISP-01)', { label: '-', indent: 14, after: 2 });
  w.para('Data Retention Policy (version 2025-11)', { label: '-', indent: 14, after: 2 });
  w.para('Data Classification Standard (ISP-04)', { label: '-', indent: 14, after: 2 });
  w.para('Incident Response Procedure (ISP-09)', { label: '-', indent: 14, after: 10 });
  w.heading1('Document History');
  w.table(
    [
      { title: 'Version', width: 0.14 },
      { title: 'Date', width: 0.2 },
      { title: 'Author', width: 0.24 },
      { title: 'Changes', width: 0.42 },
    ],
    [
      ['2023-06', 'June 12, 2023', 'Information Security Office', 'First issue.'],
      ['2024-09', 'September 30, 2024', 'Information Security Office', 'Added vendor risk tiers and the privileged access requirements.'],
      ['2025-04', 'April 7, 2025', 'Information Security Office', 'Raised the minimum TLS version to 1.2; added the key management logging requirement.'],
      ['2026-03', 'March 2, 2026', 'Information Security Office', 'Added the data classification matrix, post-quantum readiness and the 24-hour notification for compromised keys.'],
    ],
  );

  if (w.pageNumber !== 15) throw new Error(`vendor policy has ${w.pageNumber} pages, expected 15`);
  const bytes = await w.save();
  return { bytes, passages: w.passages, crops: w.surfaces.map((x) => x.crop) };
}

// ---------------------------------------------------------------------------------------------------------------
// Document 2: Data Retention Policy (5 pages).

async function buildRetentionPolicy(): Promise<BuiltDocument> {
  const w = await DocWriter.create('Data Retention Policy', '2025-11', 'Retention and disposal of Company records');

  // Page 1
  w.newPage();
  w.titleBlock('Data Retention Policy', [
    ['Policy owner', 'Legal Department'],
    ['Approved by', 'General Counsel'],
    ['Version', '2025-11'],
    ['Effective date', 'November 17, 2025'],
    ['Classification', 'Internal'],
  ]);
  w.heading1('1. Purpose');
  w.para(
    'This policy establishes how long Company records must be kept and how they must be disposed of when they are no longer needed. Keeping records for the right length of time allows the Company to meet its legal, regulatory and contractual obligations, while disposing of records promptly reduces storage costs and limits the harm that could result from a data breach.',
  );
  w.heading1('2. Scope');
  w.para(
    'This policy applies to all records created or received by the Company in the course of its business, in any format and wherever they are held, including records held by vendors on behalf of the Company. It applies to all employees, contractors and vendors who create, manage or dispose of Company records.',
  );
  w.heading1('3. Principles');
  w.para('Records must be kept for the period set out in the Retention Schedule and no longer, unless a legal hold applies.', { label: '(a)' });
  w.para('Records must be stored so that they remain complete, accurate and retrievable for the whole retention period.', { label: '(b)' });
  w.para('Records must be disposed of securely, in a way that matches the classification of the information they contain.', { label: '(c)' });
  w.para('Copies and drafts must not be kept longer than the record they relate to.', { label: '(d)' });

  // Page 2: retention schedule
  w.newPage();
  w.heading1('4. Retention Schedule');
  w.para(
    'The table below sets the minimum and maximum retention periods for the main categories of Company records. The retention period starts on the trigger event shown. Records that do not fall into any category must be kept for three years from creation and then reviewed by the record owner.',
    { after: 10 },
  );
  w.table(
    [
      { title: 'Record category', width: 0.24 },
      { title: 'Examples', width: 0.34 },
      { title: 'Retention period', width: 0.18 },
      { title: 'Trigger', width: 0.24 },
    ],
    [
      ['Customer contracts', 'Master service agreements, rate cards, amendments', '7 years', 'End of the contract'],
      ['Shipment records', 'Bills of lading, proof of delivery, customs declarations', '6 years', 'Date of shipment'],
      ['Financial records', 'Invoices, ledgers, tax returns', '7 years', 'End of the financial year'],
      ['Employee records', 'Personnel files, payroll, training records', '6 years', 'End of employment'],
      ['Security logs', 'Authentication, firewall and key management logs', '1 year', 'Date of the event'],
      ['Vendor due diligence', 'Security questionnaires, audit reports, certificates of destruction', '3 years', 'End of the vendor contract'],
      ['Backups', 'System and database backups', '35 days (rolling)', 'Date of the backup'],
      ['Email', 'Mailboxes of current and former employees', '2 years', 'Date sent or received'],
    ],
    { caption: 'Table 1. Retention Schedule.' },
  );
  w.para(
    'Record owners may ask the Legal Department to approve a longer retention period for a specific set of records where there is a documented business need. Approved variations are recorded in the schedule.',
  );

  // Page 3
  w.newPage();
  w.heading1('5. Records Held by Vendors');
  w.para(
    '{{rs-vendor}}Where a vendor holds Company records on behalf of the Company, the vendor must retain them only for the periods in the Retention Schedule and must return or destroy them at the end of the contract, in accordance with the Vendor Security Policy.{{/}}',
  );
  w.para(
    'Contracts with vendors that hold Company records must state which retention periods apply, how records will be returned in a usable format, and how the vendor will confirm that remaining copies have been destroyed. The Company sponsor of each vendor is responsible for making sure that this happens.',
  );
  w.heading1('6. Backups and Archives');
  w.para(
    'Backups exist to restore systems after a failure and must not be used as an archive. Backup copies are kept for a rolling 35 days and then overwritten. Records that must be kept for longer than 35 days must be kept in an approved archive, not in backups.',
  );
  w.para(
    'Archived records must be indexed so that they can be found and disposed of at the end of their retention period, and must be protected with the same security controls as the live records they came from.',
  );

  // Page 4
  w.newPage();
  w.heading1('7. Legal Holds');
  w.para(
    'The Legal Department issues a legal hold when litigation, an investigation or an audit is reasonably anticipated. A legal hold notice identifies the records concerned and the people who hold them.',
  );
  w.para(
    '{{rs-hold}}Records subject to a legal hold must be preserved, and must not be deleted or altered, until the Legal Department releases the hold in writing, even if their retention period has expired.{{/}} The hold applies to records held by vendors on behalf of the Company, and the Company sponsor must pass the notice on to each affected vendor.',
  );
  w.para(
    'Employees who receive a legal hold notice must confirm in writing that they have read it and must tell the Legal Department about any other relevant records they are aware of.',
  );

  // Page 5
  w.newPage();
  w.heading1('8. Disposal');
  w.para(
    'At the end of the retention period, records must be disposed of securely. Paper records containing Confidential or Restricted information must be cross-cut shredded or placed in locked confidential waste bins. Electronic records must be deleted using methods that match their classification, as set out in the Data Classification Standard.',
  );
  w.heading1('9. Roles and Responsibilities');
  w.para('The Legal Department owns this policy and the Retention Schedule and manages legal holds.', { label: '(a)' });
  w.para('Record owners make sure that the records in their area are kept and disposed of as this policy requires.', { label: '(b)' });
  w.para('The Information Security Office sets the technical standards for secure disposal.', { label: '(c)' });
  w.heading1('10. Review');
  w.para('This policy is reviewed at least every two years, or sooner if the law or the business changes.');

  if (w.pageNumber !== 5) throw new Error(`retention policy has ${w.pageNumber} pages, expected 5`);
  const bytes = await w.save();
  return { bytes, passages: w.passages, crops: w.surfaces.map((x) => x.crop) };
}

// ---------------------------------------------------------------------------------------------------------------
// Answers (canonical citelens/1).

interface DocInfo {
  id: string;
  title: string;
  version: string;
}

const VENDOR_DOC: DocInfo = { id: 'vendor-security-policy', title: 'Vendor Security Policy', version: '2026-03' };
const RETENTION_DOC: DocInfo = { id: 'data-retention-policy', title: 'Data Retention Policy', version: '2025-11' };

function docRef(d: DocInfo) {
  return { id: d.id, title: d.title, url: `/api/documents/${d.id}`, version: d.version };
}

function source(
  id: string,
  doc: DocInfo,
  passages: Map<string, Passage>,
  key: string,
  o: { boxes?: boolean; text?: boolean; relevance?: number } = {},
) {
  const p = passages.get(key);
  if (!p) throw new Error(`unknown passage ${key}`);
  const pages = [...new Set(p.boxes.map((b) => b.page))];
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (first === undefined || last === undefined) throw new Error(`passage ${key} was never drawn`);
  return {
    id,
    documentId: doc.id,
    section: p.section,
    page: first,
    ...(last !== first ? { pageEnd: last } : {}),
    quote: p.words.join(' '),
    ...(o.text ? { text: p.paragraph } : {}),
    ...(o.relevance !== undefined ? { relevance: o.relevance } : {}),
    ...(o.boxes === false ? {} : { boxes: p.boxes.map((b) => ({ page: b.page, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 })) }),
  };
}

function expectPage(passages: Map<string, Passage>, key: string, pages: number[]): void {
  const got = [...new Set(passages.get(key)?.boxes.map((b) => b.page) ?? [])];
  if (got.join(',') !== pages.join(',')) {
    throw new Error(`passage ${key} is on pages [${got.join(',')}], the demo needs [${pages.join(',')}]`);
  }
}

function buildAnswers(vendor: Map<string, Passage>, retention: Map<string, Passage>) {
  // The demo relies on where these passages land; fail loudly if a layout change moves them.
  expectPage(vendor, 'va-mfa', [2]);
  expectPage(vendor, 'va-pam', [2]);
  expectPage(vendor, 'va-dormant', [3]);
  expectPage(vendor, 'va-segment', [4]);
  expectPage(vendor, 've-transit', [5]);
  expectPage(vendor, 've-rest', [5]);
  expectPage(vendor, 've-keys', [6]);
  expectPage(vendor, 've-restricted', [8]);
  expectPage(vendor, 've-keylog', [9]);
  expectPage(vendor, 've-compromise', [10, 11]);
  expectPage(vendor, 'rs-return', [13]);
  expectPage(retention, 'rs-vendor', [3]);
  expectPage(retention, 'rs-hold', [4]);
  // S3 of vendor-access must be in the right-hand column of the two-column page.
  const seg = vendor.get('va-segment')?.boxes[0];
  if (!seg || seg.x0 < 306) throw new Error('va-segment should start in the right-hand column');

  const vendorAccess = {
    format: 'citelens/1',
    id: 'vendor-access',
    question: 'How must vendors protect access to our systems?',
    text: [
      'Vendors have to meet several layered access controls before and while they connect to Company systems:',
      '',
      '- Every person gets an individual account, and multi-factor authentication is required for all remote access, including cloud consoles, administrative interfaces and email [1].',
      '- Vendor accounts that sit unused for 30 days are disabled automatically [2].',
      '- Vendor connections must terminate in a segregated network zone behind a firewall that only allows the ports and systems approved for that vendor [1][3].',
      '- Privileged sessions have to go through the privileged access management system, where they are recorded, and remote sessions stay confined to the vendor zone [1, 3].',
      '',
      'In practice, the Company sponsor is the person to ask when a vendor needs more access than it currently has.',
      '',
      'Vendors must also rotate their passwords every 60 days [9].',
    ].join('\n'),
    documents: [docRef(VENDOR_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 'va-mfa', { text: true }),
      source('S2', VENDOR_DOC, vendor, 'va-dormant', { boxes: false }),
      source('S3', VENDOR_DOC, vendor, 'va-segment'),
    ],
  };

  const vendorEncryption = {
    format: 'citelens/1',
    id: 'vendor-encryption',
    question: 'What encryption does the Vendor Security Policy require for Company data that vendors handle?',
    text: [
      'The policy requires encryption for Company data both in transit and at rest, with managed keys.',
      '',
      '1. **In transit:** all Company data sent over any network must use TLS 1.2 or higher, and TLS 1.3 is preferred where both ends support it [S1].',
      '2. **At rest:** data stored by a vendor, including databases, object storage and backups, must be encrypted with AES-256 [S6].',
      '3. **Keys:** keys must be generated and kept in an HSM or a cloud key management service and rotated at least every twelve months [S2]. Every use of the key management system must be logged, and those logs kept for at least a year [S4].',
      '4. **Restricted data:** on top of storage encryption, it needs field-level or application-level encryption so that database administrators cannot read it [S3].',
      '',
      'If a vendor suspects that keys or credentials protecting Company data have been compromised, it must revoke the keys, rotate the dependent credentials and notify the Security Office within 24 hours, even before any unauthorised access is found [S5].',
    ].join('\n'),
    confidence: 0.86,
    documents: [docRef(VENDOR_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 've-transit', { relevance: 0.93 }),
      source('S2', VENDOR_DOC, vendor, 've-keys', { relevance: 0.88 }),
      source('S3', VENDOR_DOC, vendor, 've-restricted', { relevance: 0.81 }),
      source('S4', VENDOR_DOC, vendor, 've-keylog', { relevance: 0.77 }),
      source('S5', VENDOR_DOC, vendor, 've-compromise', { relevance: 0.74 }),
      source('S6', VENDOR_DOC, vendor, 've-rest', { relevance: 0.9 }),
    ],
  };

  const notLocatedQuote = 'Vendors may keep backup copies of Company data for up to 90 days after the contract ends.';
  const retentionVsSecurity = {
    format: 'citelens/1',
    id: 'retention-vs-security',
    question:
      'When a vendor contract ends, how long may the vendor keep our data, and do the Data Retention Policy and the Vendor Security Policy agree?',
    text: [
      'Mostly, yes. The Vendor Security Policy requires the vendor to return all Company data and then delete every remaining copy, including backups and copies held by subprocessors, within 30 days after the contract ends [1]. The Data Retention Policy defers to that rule: a vendor may keep Company records only for the scheduled retention periods and must return or destroy them at the end of the contract [3].',
      '',
      'The important exception is a legal hold. Records under a legal hold must be preserved until the Legal Department releases the hold in writing, even after their retention period has expired [2], so a vendor holding such records must not delete them within the 30-day window.',
      '',
      'Vendors may also keep backup copies for up to 90 days after the contract ends [4].',
    ].join('\n'),
    documents: [docRef(VENDOR_DOC), docRef(RETENTION_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 'rs-return'),
      source('S2', RETENTION_DOC, retention, 'rs-vendor'),
      source('S3', RETENTION_DOC, retention, 'rs-hold', { boxes: false }),
      // Deliberately not in the document: the viewer must say the passage could not be located.
      { id: 'S4', documentId: RETENTION_DOC.id, section: '4. Retention Schedule', page: 2, quote: notLocatedQuote },
    ],
    citations: [
      { n: 1, sourceId: 'S1' },
      { n: 2, sourceId: 'S3' },
      { n: 3, sourceId: 'S2' },
      { n: 4, sourceId: 'S4' },
    ],
  };

  return [vendorAccess, vendorEncryption, retentionVsSecurity];
}

// ---------------------------------------------------------------------------------------------------------------
// Wrapped answers: the same demo passages as four other systems would return them (docs/citation-formats.md),
// one per adapter, stored as `{ id, question, format, documents, coords?, payload }`. Every quote and box comes from
// the passage registry, so they are exact by construction just like the canonical answers'.

/** The sid-bbox demo gives its boxes in raw PDF user space: MediaBox origin, y up, points, unrotated page. */
export const RAW_PDF_COORDS = { origin: 'bottom-left', units: 'pt', frame: 'unrotated' } as const;

/** A canonical box (CropBox top-left origin, y down) as `[x0, y0, x1, y1]` in raw PDF user space (y0 < y1). */
export function canonicalToUser(b: Box, crop: CropBox): [number, number, number, number] {
  return [round2(crop[0] + b.x0), round2(crop[3] - b.y1), round2(crop[0] + b.x1), round2(crop[3] - b.y0)];
}

function wrapperDoc(d: DocInfo) {
  return { id: d.id, title: d.title, url: `/api/documents/${d.id}` };
}

interface Cited {
  doc: DocInfo;
  /** The exact printed words. */
  quote: string;
  section: string;
  page: number;
  lastPage: number;
  boxes: Box[];
}

function cited(doc: DocInfo, built: BuiltDocument, key: string): Cited {
  const p = built.passages.get(key);
  const first = p?.boxes[0]?.page;
  const last = p?.boxes[p.boxes.length - 1]?.page;
  if (!p || first === undefined || last === undefined) throw new Error(`unknown or undrawn passage ${key}`);
  return { doc, quote: p.words.join(' '), section: p.section, page: first, lastPage: last, boxes: p.boxes };
}

/** "5.2 Data in Transit" -> "data-in-transit", for chunk ids in the query agent's `documentId:section:chunk` form. */
const slug = (section: string): string =>
  section
    .replace(/^[\d.]+\s*/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function buildWrappedAnswers(vendor: BuiltDocument, retention: BuiltDocument) {
  const v = (key: string) => cited(VENDOR_DOC, vendor, key);
  const r = (key: string) => cited(RETENTION_DOC, retention, key);
  expectPage(vendor.passages, 've-keys', [6]);
  expectPage(vendor.passages, 've-restricted', [8]);
  expectPage(vendor.passages, 've-compromise', [10, 11]);
  // The sid-bbox demo needs one passage of several lines on the page whose CropBox is not the MediaBox.
  const crop6 = vendor.crops[5];
  if (!crop6 || (crop6[0] === 0 && crop6[1] === 0)) throw new Error('page 6 should have an offset CropBox');
  if (new Set(v('ve-keys').boxes.map((b) => b.page)).size !== 1 || v('ve-keys').boxes.length < 2) {
    throw new Error('ve-keys should run over several lines of one page');
  }

  // raglite ask(): `[n]` markers in the text, the passage in `text`, pages 1-based with an inclusive pageEnd.
  const rag = [v('ve-compromise'), v('va-mfa'), r('rs-hold')];
  const ragChunks = [41, 6, 12];
  const demoRaglite = {
    id: 'demo-raglite',
    question: 'What must a vendor do if it suspects its keys were compromised, and may it delete records that are under a legal hold?',
    format: 'raglite',
    documents: [wrapperDoc(VENDOR_DOC), wrapperDoc(RETENTION_DOC)],
    payload: {
      text: [
        'If a vendor suspects that encryption keys or credentials protecting Company data have been compromised, it must revoke the affected keys, rotate every credential that depends on them and notify the Company Security Office within 24 hours of discovery, even if no unauthorised access has been found yet [1].',
        '',
        'Rotating credentials does not relax the access rules: every remote login to Company systems, including cloud consoles, administrative interfaces and email, still needs multi-factor authentication [2].',
        '',
        'Deleting records is a different matter. Records under a legal hold must be preserved, unchanged, until the Legal Department releases the hold in writing, even when their retention period has expired [3]. Evidence of a key compromise that falls under a hold must therefore be kept after the keys are revoked [1][3], and the hold and the 24-hour notice are separate duties that both apply [1, 3].',
      ].join('\n'),
      citations: rag.map((c, i) => ({
        n: i + 1,
        source: `${c.doc.id}.pdf`,
        chunk: ragChunks[i],
        page: c.page,
        ...(c.lastPage !== c.page ? { pageEnd: c.lastPage } : {}),
        section: `${c.doc.title} > ${c.section}`,
        text: c.quote,
      })),
    },
  };

  // A query agent's verified citations: `[n]` is `index`; each names its chunk, document and the exact quote.
  const qa = [
    { c: v('ve-transit'), chunk: 1, field: undefined, relevance: 0.94 },
    { c: v('ve-rest'), chunk: 0, field: 'encryption.atRest.algorithm', relevance: 0.9 },
    { c: v('ve-keylog'), chunk: 2, field: undefined, relevance: 0.83 },
    { c: r('rs-vendor'), chunk: 0, field: undefined, relevance: 0.71 },
  ];
  const demoQueryAgent = {
    id: 'demo-query-agent',
    question: 'How must vendors encrypt Company data in transit and at rest, and how long are key management logs kept?',
    format: 'query-agent',
    documents: [wrapperDoc(VENDOR_DOC), wrapperDoc(RETENTION_DOC)],
    payload: {
      answer: [
        'Company data sent over any network must be encrypted with TLS 1.2 or higher, and TLS 1.3 is preferred wherever both endpoints support it [1].',
        'Data a vendor stores, in databases, file shares, object storage, backups and removable media alike, must be encrypted at rest with 256-bit AES [2].',
        'Every use of the key management system, from key creation and rotation to export attempts and deletion, must be logged, and those logs kept for at least one year [3].',
        'When the contract ends, the vendor must return or destroy the Company records it holds, as the Vendor Security Policy requires [4].',
      ].join(' '),
      confidence: 0.91,
      citations: qa.map(({ c, chunk, field, relevance }, i) => ({
        index: i + 1,
        chunkId: `${c.doc.id}:${slug(c.section)}:${chunk}`,
        documentId: c.doc.id,
        documentType: 'policy',
        ...(field !== undefined ? { field } : {}),
        quote: c.quote,
        relevance,
      })),
      reviewReport: { groundingStatus: 'grounded', consistencyStatus: 'consistent', completenessStatus: 'complete', retryCount: 0 },
    },
  };

  // Page-level citations with S-IDs and boxes in raw PDF user space (the wrapper's `coords`). One box per line;
  // every citation sits on one page, so `bbox[i]` is on `pages[0]`.
  const sid = [v('ve-keys'), v('ve-keylog'), v('ve-rest'), v('ve-restricted')];
  const demoSidBbox = {
    id: 'demo-sid-bbox',
    question: 'Where must the keys that protect Company data be kept, and what extra protection does Restricted data need?',
    format: 'sid-bbox',
    documents: [wrapperDoc(VENDOR_DOC)],
    coords: RAW_PDF_COORDS,
    payload: {
      text: [
        'Keys that protect Company data must be generated and stored in a hardware security module or a cloud key management service, and rotated at least once every twelve months [S1].',
        'Every use of the key management system has to be logged, and those logs kept for at least a year [S2].',
        'The data itself is encrypted at rest with AES-256 wherever the vendor stores it [S3], and Restricted data additionally needs field-level or application-level encryption, so that database administrators and storage operators cannot read it [S4].',
      ].join(' '),
      citations: sid.map((c, i) => {
        const crop = vendor.crops[c.page - 1];
        if (!crop) throw new Error(`no CropBox for page ${c.page}`);
        return {
          citation_id: `S${i + 1}`,
          document_id: c.doc.id,
          document_title: c.doc.title,
          section: c.section,
          pages: [c.page],
          source_elements: c.boxes.map((_, k) => `el_${c.page}${String(k + 1).padStart(2, '0')}`),
          bbox: c.boxes.map((b) => canonicalToUser(b, crop)),
          retrieved_text: c.quote,
        };
      }),
    },
  };

  // An Anthropic Messages API response with page_location citations: start_page_number is 1-based,
  // end_page_number EXCLUSIVE; document_index is the position in `documents` (the order they were sent in).
  const docs = [VENDOR_DOC, RETENTION_DOC];
  const pageLocation = (c: Cited) => ({
    type: 'page_location',
    cited_text: c.quote,
    document_index: docs.indexOf(c.doc),
    document_title: c.doc.title,
    start_page_number: c.page,
    end_page_number: c.lastPage + 1,
  });
  const plain = (text: string) => ({ type: 'text', text });
  const claim = (text: string, ...cs: Cited[]) => ({ type: 'text', text, citations: cs.map(pageLocation) });
  const demoAnthropic = {
    id: 'demo-anthropic',
    question: 'How quickly must a vendor report a suspected key compromise, and what happens to its copies of our data when the contract ends?',
    format: 'anthropic',
    documents: docs.map(wrapperDoc),
    payload: {
      id: 'msg_01DemoCiteLensPageLocation',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [
        plain('Within 24 hours. '),
        claim(
          'A vendor that suspects its encryption keys or credentials have been compromised must revoke the keys, rotate every dependent credential and notify the Company Security Office within 24 hours of discovery, even before any unauthorised access has been found',
          v('ve-compromise'),
        ),
        plain('. '),
        claim(
          'Those keys live in a hardware security module or a cloud key management service, and every use of them is logged',
          v('ve-keys'),
          v('ve-keylog'),
        ),
        plain('.\n\nWhen the contract ends, '),
        claim(
          'the vendor has 30 days to return all Company data and then delete every remaining copy, including backups and copies held by subprocessors',
          v('rs-return'),
        ),
        plain('. '),
        claim('The Data Retention Policy says the same of records a vendor holds on the Company\'s behalf', r('rs-vendor')),
        plain(', with one exception: '),
        claim('records under a legal hold must be kept until the Legal Department releases the hold in writing', r('rs-hold')),
        plain('.'),
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 48213, output_tokens: 187 },
    },
  };

  return [demoRaglite, demoQueryAgent, demoSidBbox, demoAnthropic];
}

// ---------------------------------------------------------------------------------------------------------------
// Output.

const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';

/** Every demo file, keyed by its path relative to the output directory (forward slashes). */
/**
 * Both demo documents as built: their bytes, the passage registry (every cited passage's words and canonical boxes)
 * and each page's CropBox, keyed by document id.
 */
export async function buildDemoDocuments(): Promise<Map<string, BuiltDocument>> {
  return new Map([
    [VENDOR_DOC.id, await buildVendorPolicy()],
    [RETENTION_DOC.id, await buildRetentionPolicy()],
  ]);
}

export async function buildDemoFiles(): Promise<Map<string, Uint8Array>> {
  const built = await buildDemoDocuments();
  const vendor = built.get(VENDOR_DOC.id)!;
  const retention = built.get(RETENTION_DOC.id)!;
  const answers = [...buildAnswers(vendor.passages, retention.passages), ...buildWrappedAnswers(vendor, retention)];
  const enc = new TextEncoder();
  const files = new Map<string, Uint8Array>();
  for (const [doc, bytes] of [
    [VENDOR_DOC, vendor.bytes],
    [RETENTION_DOC, retention.bytes],
  ] as const) {
    files.set(`documents/${doc.id}.pdf`, bytes);
    files.set(`documents/${doc.id}.meta.json`, enc.encode(json({ title: doc.title, version: doc.version })));
  }
  for (const a of answers) files.set(`answers/${a.id}.json`, enc.encode(json(a)));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export async function generateDemo(outDir: string): Promise<string[]> {
  const files = await buildDemoFiles();
  for (const [rel, bytes] of files) {
    const target = path.join(outDir, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  return [...files.keys()];
}

// ---------------------------------------------------------------------------------------------------------------
// A large, simple document for performance and download-progress tests (not written to demo-data).

export async function generateLargePdf(
  pageCount: number,
  options: { fillerBytesPerPage?: number } = {},
): Promise<Uint8Array> {
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

// ---------------------------------------------------------------------------------------------------------------

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const outDir = process.argv[2]
    ? path.resolve(process.argv[2])
    : fileURLToPath(new URL('../src/server/demo-data/', import.meta.url));
  const written = await generateDemo(outDir);
  for (const f of written) console.log(path.join(outDir, f));
}
