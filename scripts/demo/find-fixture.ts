// A small document for the in-document search tests (e2e/find.spec.ts), generated, never stored in the repo.
// Its word "schedule" is hyphenated across a line break on page 1 ("sched-" / "ule"), plain on page 2, and
// capitalised beside a longer word ("Schedule", "schedules") on page 3: 4 matches plainly, 3 with "Match case",
// 3 with "Whole words". pdf.js gives "sched-" and "ule" as two text items; the browser's find would miss it.

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LETTER, setFixedMetadata } from './pdf-style.ts';

export const FIND_FIXTURE = {
  documentId: 'records-schedule',
  title: 'Records Schedule',
  /** The word, and how often each option finds it. */
  word: 'schedule',
  matches: { plain: 4, matchCase: 3, wholeWords: 3 },
  /** A quote on page 2, for an answer that cites the document. */
  quote: 'Archived files move to cold storage after one year.',
} as const;

const PAGES: readonly (readonly string[])[] = [
  [
    'Retention',
    '',
    'Every department keeps its files for the period that the retention sched-',
    'ule of this policy sets, counted from the end of the calendar year.',
  ],
  ['Archiving', '', 'Archived files move to cold storage after one year.', 'The schedule below lists each record class and its retention period.'],
  ['Exceptions', '', 'Schedule changes need the approval of the records officer.', 'Legal holds suspend all schedules until the hold is lifted.'],
];

export async function generateFindFixturePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  setFixedMetadata(pdf, FIND_FIXTURE.title, 'Search test document');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  PAGES.forEach((lines, i) => {
    const page = pdf.addPage(LETTER);
    lines.forEach((line, j) => {
      if (line) page.drawText(line, { x: 72, y: 700 - j * 18, size: j === 0 ? 18 : 12, font: j === 0 ? bold : regular });
    });
    page.drawText(`Page ${i + 1} of ${PAGES.length}`, { x: 270, y: 40, size: 9, font: regular });
  });
  return pdf.save({ useObjectStreams: false });
}
