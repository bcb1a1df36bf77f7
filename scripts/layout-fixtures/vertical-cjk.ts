// A Japanese document set vertically (tategaki): characters top to bottom, columns right to left, one text run per
// column, as a Japanese typesetter writes it (a vertical Identity-V font, vertical-fonts.ts). Page 1 has one tier of
// columns under a title column and a horizontal page number at its foot; page 2, two tiers (dan-gumi), read the
// upper tier right to left, then the lower one. The text is our own (a data-handling rule for contractors).
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Box } from '../../src/core/model/types.ts';
import { COORDINATES, quoteRects, type FixtureQuote, type LayoutFixture } from './fixture.ts';
import { VerticalFont } from './vertical-font.ts';

const TITLE = '個人データの取扱いに関する委託先規程';

const PAGE1 = [
  '委託先は、当社から預かった個人データを契約の目的の範囲内でのみ取り扱い、それ以外の目的に利用してはならない。',
  '委託先は、個人データを保管するサーバーを国内のデータセンターに設置し、保存時および通信時の暗号化を行うものとする。',
  '個人データの漏えい、滅失または毀損が発生した場合、委託先は発覚から七十二時間以内に当社の情報セキュリティ部門へ報告しなければならない。',
  '報告には、発生日時、影響を受けた本人の数、原因および再発防止策を含めるものとする。',
];

const PAGE2 = [
  '委託先が再委託を行う場合には、事前に当社の書面による承諾を得なければならない。再委託先に対しても、本規程と同等の安全管理措置を義務付けるものとする。',
  '契約が終了したときは、委託先は預かったすべての個人データを三十日以内に消去し、消去証明書を当社に提出する。バックアップに含まれるデータも同様とする。',
  '当社は、年に一回以上、委託先の安全管理措置の実施状況を監査することができる。',
  '委託先は、従業者に対して個人データの取扱いに関する教育を定期的に実施し、その記録を三年間保存する。',
];

/** The quotes, each with what it exercises. Cross-column quotes run from a column into the one on its LEFT. */
const QUOTES: { page: number; text: string; kind: string }[] = [
  { page: 1, text: '個人データを保管するサーバー', kind: 'inside one column, with the vertical long-vowel mark' },
  { page: 1, text: 'それ以外の目的に利用してはならない。', kind: 'from one column into the next, right to left' },
  { page: 1, text: '国内のデータセンターに設置し', kind: 'katakana, across a column break' },
  { page: 1, text: '発生した場合、委託先は発覚から七十二時間以内に当社の情報セキュリティ部門へ報告', kind: 'across three columns' },
  { page: 1, text: '発生日時、影響を受けた本人の数、原因および再発防止策', kind: 'punctuation in vertical form' },
  { page: 2, text: '事前に当社の書面による承諾を得なければならない。', kind: 'upper tier, across columns' },
  { page: 2, text: '当社は、年に一回以上、委託先の安全管理措置の実施状況を監査', kind: 'from the upper tier into the lower one' },
];

/** Characters that may not start a column (kinsoku): they hang at the foot of the previous one. */
const NO_START = /[、。」』）]/u;

interface Column {
  text: string;
  /** Centre line of the column and the vertical origin of its first glyph, in user space. */
  x: number;
  top: number;
  size: number;
}

/** Flows paragraphs into columns of `perColumn` characters; a paragraph's first column starts one em down. */
function flow(paragraphs: string[], perColumn: number): { text: string; indent: boolean }[] {
  const out: { text: string; indent: boolean }[] = [];
  for (const p of paragraphs) {
    const chars = [...p];
    let first = true;
    while (chars.length > 0) {
      const room = first ? perColumn - 1 : perColumn;
      let take = Math.min(room, chars.length);
      if (take < chars.length && NO_START.test(chars[take] as string)) take++;
      out.push({ text: chars.splice(0, take).join(''), indent: first });
      first = false;
    }
  }
  return out;
}

/** Draws one column with the vertical font; returns each character's glyph box (canonical, y down). */
function drawColumn(doc: PDFDocument, font: VerticalFont, page: number, height: number, c: Column): Box[] {
  const glyphs = font.glyphs(c.text);
  doc.getPage(page - 1).drawText(c.text, { x: c.x, y: c.top, size: c.size, font: font.pdfFont });
  const s = c.size / 1000;
  let pen = c.top;
  return glyphs.map((g) => {
    const left = c.x - g.vx * s;
    const box = { page, x0: left, y0: height - pen, x1: left + g.w0 * s, y1: height - (pen - g.advance * s) };
    pen -= g.advance * s;
    return box;
  });
}

export async function buildVerticalFixture(): Promise<LayoutFixture> {
  const doc = await PDFDocument.create();
  const font = await VerticalFont.embed(doc, [TITLE, ...PAGE1, ...PAGE2].join(''));
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  const sizes: [number, number][] = [
    [595, 842],
    [360, 600],
  ];
  for (const size of sizes) doc.addPage(size);
  const placed: { text: string; glyphs: Box[]; page: number }[] = [];
  const place = (page: number, c: Column) => {
    placed.push({ text: c.text, glyphs: drawColumn(doc, font, page, sizes[page - 1]?.[1] ?? 0, c), page });
  };

  // page 1: the title column at the right edge, then the body, 24 characters to a column, 23 pt apart
  place(1, { text: TITLE, x: 530, top: 770, size: 16 });
  flow(PAGE1, 24).forEach((col, i) => place(1, { text: col.text, x: 495 - 23 * i, top: col.indent ? 757 : 770, size: 13 }));
  doc.getPage(0).drawText('1', { x: 294, y: 40, size: 9, font: latin });

  // page 2: two tiers of 13 columns, 14 characters to a column
  flow(PAGE2, 14).forEach((col, i) => {
    const tier = Math.floor(i / 13);
    const top = (tier === 0 ? 560 : 340) - (col.indent ? 12 : 0);
    place(2, { text: col.text, x: 320 - 22 * (i % 13), top, size: 12 });
  });
  doc.getPage(1).drawText('2', { x: 178, y: 30, size: 9, font: latin });

  await font.finish(doc);
  const quotes: FixtureQuote[] = QUOTES.map((q, n) => ({
    id: `v${n + 1}`,
    text: q.text,
    page: q.page,
    kind: q.kind,
    rects: quoteRects(
      placed.filter((l) => l.page === q.page),
      q.text,
    ),
  }));
  const bytes = await doc.save({ useObjectStreams: false });
  return {
    bytes,
    truth: {
      file: 'vertical-cjk.pdf',
      generator: 'scripts/layout-fixtures/vertical-cjk.ts (pdf-lib 1.17.1, BIZ UDPGothic as a vertical Identity-V font)',
      pages: sizes.length,
      pageSizes: sizes,
      coordinateSystem: COORDINATES,
      quotes,
    },
  };
}
