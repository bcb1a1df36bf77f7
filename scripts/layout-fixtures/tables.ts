// Two ruled tables on one page, of the kind a quote copies a whole row from: short cells (counts, rates), so that
// a row cannot be chained from long pieces. The upper table is drawn row by row, as most writers do (pdf.js's text
// order has each row left to right, one of its cells wrapped onto two lines); the lower one column by column, as
// some report generators do (pdf.js's order reads the table down its columns, and only the page's geometry has the
// rows).
import { PDFDocument, StandardFonts, type PDFPage } from 'pdf-lib';
import { Metrics } from '../demo/text-layout.ts';
import { RULE } from '../demo/pdf-style.ts';
import { COORDINATES, drawLatin, quoteRects, type FixtureQuote, type LayoutFixture, type PlacedLine } from './fixture.ts';

const SIZE = 9;
const ROW = 18;

const INCIDENTS = {
  x: [72, 172, 214, 262, 318, 362],
  right: 540,
  header: ['Region', 'Sites', 'Staff', 'Incidents', 'Rate', 'Notes'],
  rows: [
    ['North America', '14', '1,240', '37', '3.0 %', ['Two sites closed', 'in the third quarter']],
    ['Latin America', '6', '410', '12', '2.9 %', ['New site in Lima']],
    ['Western Europe', '11', '980', '21', '2.1 %', ['No change']],
    ['Asia Pacific', '9', '1,105', '44', '4.0 %', ['Audit pending']],
  ] as (string | string[])[][],
};

const REQUESTS = {
  x: [72, 172, 262, 352],
  right: 450,
  header: ['Quarter', 'Requests', 'Approved', 'Median days'],
  rows: [
    ['Q1 2025', '312', '287', '4'],
    ['Q2 2025', '298', '270', '5'],
    ['Q3 2025', '341', '305', '6'],
    ['Q4 2025', '276', '259', '4'],
  ],
};

const QUOTES: { text: string; kind: string }[] = [
  { text: 'Latin America 6 410 12 2.9 % New site in Lima', kind: 'a whole row, drawn row by row' },
  { text: 'Asia Pacific 9 1,105 44 4.0 %', kind: 'the start of a row' },
  { text: 'North America 14 1,240 37 3.0 % Two sites closed in the third quarter', kind: 'a row with a wrapped cell' },
  { text: 'Q3 2025 341 305 6', kind: 'a whole row, drawn column by column' },
  { text: 'Western Europe', kind: 'a single cell' },
  { text: 'Median days', kind: 'a single header cell' },
];

function rule(page: PDFPage, x0: number, x1: number, y: number): void {
  page.drawLine({ start: { x: x0, y }, end: { x: x1, y }, thickness: 0.5, color: RULE });
}

export async function buildTableFixture(): Promise<LayoutFixture> {
  const doc = await PDFDocument.create();
  const m = new Metrics(await doc.embedFont(StandardFonts.Helvetica));
  const bold = new Metrics(await doc.embedFont(StandardFonts.HelveticaBold));
  const page = doc.addPage([612, 792]);
  // Cells in reading order (rows left to right), whatever order they are drawn in.
  const cells = new Map<string, PlacedLine[]>();
  const cell = (key: string, line: PlacedLine) => cells.set(key, [...(cells.get(key) ?? []), line]);

  drawLatin(page, bold, 'Regional incident summary, 2025', 72, 720, 14, 1);

  // Upper table: row by row.
  let y = 680;
  INCIDENTS.header.forEach((h, c) => cell(`a-h-${c}`, drawLatin(page, bold, h, INCIDENTS.x[c] as number, y, SIZE, 1)));
  rule(page, 72, INCIDENTS.right, y - 6);
  for (const [r, row] of INCIDENTS.rows.entries()) {
    y -= ROW;
    row.forEach((value, c) => {
      const lines = typeof value === 'string' ? [value] : value;
      lines.forEach((text, k) => cell(`a-${r}-${c}`, drawLatin(page, m, text, INCIDENTS.x[c] as number, y - k * 11, SIZE, 1)));
    });
    if (row.some((v) => Array.isArray(v) && v.length > 1)) y -= 11;
    rule(page, 72, INCIDENTS.right, y - 6);
  }

  drawLatin(page, bold, 'Access requests by quarter', 72, 520, 12, 1);
  // Lower table: column by column.
  const top = 490;
  REQUESTS.header.forEach((_, c) => {
    cell(`b-h-${c}`, drawLatin(page, bold, REQUESTS.header[c] as string, REQUESTS.x[c] as number, top, SIZE, 1));
    REQUESTS.rows.forEach((row, r) => cell(`b-${r}-${c}`, drawLatin(page, m, row[c] as string, REQUESTS.x[c] as number, top - ROW * (r + 1), SIZE, 1)));
  });
  for (let r = 0; r <= REQUESTS.rows.length; r++) rule(page, 72, REQUESTS.right, top - 6 - ROW * r);

  // Reading order: each table's header, then its rows, each row left to right.
  const order = (t: string, rows: number, cols: number) => [
    ...Array.from({ length: cols }, (_, c) => `${t}-h-${c}`),
    ...Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => `${t}-${r}-${c}`)).flat(),
  ];
  const reading = [...order('a', INCIDENTS.rows.length, INCIDENTS.header.length), ...order('b', REQUESTS.rows.length, REQUESTS.header.length)];
  const lines = reading.flatMap((k) => cells.get(k) ?? []);
  const quotes: FixtureQuote[] = QUOTES.map((q, n) => ({ id: `t${n + 1}`, text: q.text, page: 1, kind: q.kind, rects: quoteRects(lines, q.text) }));
  return {
    bytes: await doc.save({ useObjectStreams: false }),
    truth: {
      file: 'table-rows.pdf',
      generator: 'scripts/layout-fixtures/tables.ts (pdf-lib 1.17.1, Helvetica)',
      pages: 1,
      pageSizes: [[612, 792]],
      coordinateSystem: COORDINATES,
      quotes,
    },
  };
}
