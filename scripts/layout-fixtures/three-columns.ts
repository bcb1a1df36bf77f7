// A three-column page with a running head and a running foot set close under the columns: the page number under
// the middle column, the document's name under the left one, each less than two of their lines below the text.
// Quotes run from one column into the next; none of them may take the foot (or the head) with it.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Metrics, tokenize, wrap } from '../demo/text-layout.ts';
import { COORDINATES, drawLatin, quoteRects, type FixtureQuote, type LayoutFixture, type PlacedLine } from './fixture.ts';

const TEXT = [
  'Vendors must protect their own networks with firewalls, intrusion detection and timely patching. Systems that store',
  'Company data must not be reachable from the internet unless they are designed to be, such as public web applications',
  'behind a firewall of their own. Remote access to such systems goes through a virtual private network with',
  'multi-factor authentication, and every administrator account is named after one person. Shared accounts are',
  'not allowed for administration. Vendors keep a list of the people who can reach Company data and review it',
  'every quarter; the list is sent to the Company on request within five working days. People who leave the',
  'vendor lose their access on their last working day at the latest. Backups of Company data are encrypted with',
  'keys that the vendor keeps apart from the backups themselves, and a restore is tested at least twice a year.',
  'Logs of access to Company data are kept for twelve months and protected against change; they are made',
  'available to the Company within two working days when an incident is being investigated.',
].join(' ');

const SIZE = 9;
const LEADING = 12;
const COLUMNS = [54, 233, 412];
const WIDTH = 165;
const TOP = 720;
const PER_COLUMN = 11;

export async function buildThreeColumnFixture(): Promise<LayoutFixture> {
  const doc = await PDFDocument.create();
  const m = new Metrics(await doc.embedFont(StandardFonts.Helvetica));
  const page = doc.addPage([612, 792]);
  drawLatin(page, m, 'Halverson Logistics | Vendor Security Policy', 54, 756, 8, 1);
  drawLatin(page, m, 'INTERNAL', 520, 756, 8, 1);
  const words = wrap(tokenize(TEXT), WIDTH, SIZE, m).map((l) => l.map((t) => t.word).join(' '));
  if (words.length > COLUMNS.length * PER_COLUMN) throw new Error(`the text needs ${words.length} lines`);
  // The foot is drawn between the middle and the right column, so that pdf.js's content order (which the
  // locator also reads, reading-orders.ts) cannot stand in for the page's own order.
  const foot = TOP - LEADING * (PER_COLUMN - 1) - 20;
  const lines: PlacedLine[] = words.map((text, i) => {
    if (i === 2 * PER_COLUMN) {
      drawLatin(page, m, 'Vendor Security Policy, version 2026-03', 54, foot, 8, 1);
      drawLatin(page, m, '4', 312, foot + 4, 8, 1);
    }
    return drawLatin(page, m, text, COLUMNS[Math.floor(i / PER_COLUMN)] as number, TOP - LEADING * (i % PER_COLUMN), SIZE, 1);
  });

  // the cross-column quotes: the last five words of a column and the first five of the next
  const across = (col: number) => {
    const last = (lines[(col + 1) * PER_COLUMN - 1] as PlacedLine).text.split(' ');
    const first = (lines[(col + 1) * PER_COLUMN] as PlacedLine).text.split(' ');
    return [...last.slice(-5), ...first.slice(0, 5)].join(' ');
  };
  const quotes: FixtureQuote[] = [
    { text: 'Remote access to such systems goes through a virtual private network', kind: 'inside one column' },
    { text: across(0), kind: 'from the foot of the left column to the top of the middle one (the document name below)' },
    { text: across(1), kind: 'from the foot of the middle column to the top of the right one (the page number below)' },
  ].map((q, n) => ({ id: `c${n + 1}`, page: 1, ...q, rects: quoteRects(lines, q.text) }));
  return {
    bytes: await doc.save({ useObjectStreams: false }),
    truth: {
      file: 'three-columns.pdf',
      generator: 'scripts/layout-fixtures/three-columns.ts (pdf-lib 1.17.1, Helvetica)',
      pages: 1,
      pageSizes: [[612, 792]],
      coordinateSystem: COORDINATES,
      quotes,
    },
  };
}
