// Serves the built app for Playwright over a data folder made for the tests: the built-in demo data plus a few
// test-only files (a 1,000-page document, a malformed answer, a wrapped answer), written to a fresh temp folder so
// the repo never changes during a test run.
import { copyFileSync, cpSync, mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateLargePdf } from '../scripts/demo/large-pdf.ts';
import { FIND_FIXTURE, generateFindFixturePdf } from '../scripts/demo/find-fixture.ts';
import { writeHardeningFixtures } from './hardening-fixtures.ts';
import { writeHostileFixtures } from './hostile-fixtures.ts';
import { LONG_FORMATTED_ANSWER_ID, longFormattedAnswer, SCALE_ANSWER_ID, scaleAnswer } from './scale-answer-fixture.ts';
import { notesAnswer, recordedPayloads } from './payload-fixtures.ts';
import { REVIEW_DAY_ANSWER_ID, reviewDayAnswer } from './review-day-fixture.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const demo = path.resolve(here, '../src/server/demo-data');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'citelens-e2e-'));
cpSync(demo, dataDir, { recursive: true });
mkdirSync(path.join(dataDir, 'answers'), { recursive: true });

const LARGE_PAGES = 1000;
writeFileSync(path.join(dataDir, 'documents', 'large-report.pdf'), await generateLargePdf(LARGE_PAGES, { fillerBytesPerPage: 4096 }));
writeFileSync(path.join(dataDir, 'documents', 'large-report.meta.json'), JSON.stringify({ title: 'Large Report', version: 'e2e' }));

const json = (name: string, value: unknown) => writeFileSync(path.join(dataDir, 'answers', `${name}.json`), JSON.stringify(value, null, 2));

json('large-document', {
  id: 'large-document',
  question: 'What does page 990 of the large report say?',
  text: 'Page 990 carries a line about the lazy dog [1].',
  documents: [{ id: 'large-report', title: 'Large Report' }],
  sources: [{ id: 'S1', documentId: 'large-report', page: 990, quote: 'This is page 990 of a 1000-page document generated for performance tests.' }],
});
// The same line cited without its page: the locate worker reads all 1,000 pages for it (e2e/locate-worker.spec.ts).
json('large-document-quote-only', {
  id: 'large-document-quote-only',
  question: 'Which page of the large report carries the line about page 990?',
  text: 'One page carries it [1].',
  documents: [{ id: 'large-report', title: 'Large Report' }],
  sources: [{ id: 'S1', documentId: 'large-report', quote: 'This is page 990 of a 1000-page document generated for performance tests.' }],
});
// 10,000 claims, each with a marker (e2e/answer-scale.spec.ts; the benchmark scripts/bench-answer-scale.ts).
json(SCALE_ANSWER_ID, scaleAnswer());
// A long answer that is still formatted: parsed off the main thread before it is drawn (e2e/answer-scale.spec.ts).
json(LONG_FORMATTED_ANSWER_ID, longFormattedAnswer());
json('broken-shape', {
  id: 'broken-shape',
  text: 'A claim [1].',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  sources: [{ id: 'S1', page: 'seven' }],
});
// An answer file that is not JSON: listed on the home page, marked broken with the reason (e2e/server-hardening.spec.ts).
writeFileSync(path.join(dataDir, 'answers', 'broken-json.json'), '{ "question": "cut off in the mid');
json('wrapped-gemini', {
  id: 'wrapped-gemini',
  format: 'gemini',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  payload: { candidates: [] },
});

json('wrapped-unknown', {
  id: 'wrapped-unknown',
  format: 'auto',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  payload: { reply: 'no citations in any known shape' },
});
// 20 claims, 27 citations over two PDFs: a reviewer's day by keyboard (e2e/review-day.spec.ts).
json(REVIEW_DAY_ANSWER_ID, reviewDayAnswer());
// A document whose bytes are not a PDF: the viewer must say so, in its own pane.
writeFileSync(path.join(dataDir, 'documents', 'corrupt.pdf'), '%PDF-1.7\nthis is not really a PDF\n');
json('corrupt-document', {
  id: 'corrupt-document',
  text: 'This answer cites a damaged file [1].',
  documents: [{ id: 'corrupt', title: 'Damaged File' }],
  sources: [{ id: 'S1', documentId: 'corrupt', page: 1, quote: 'anything' }],
});

// A quote with one word the document does not have (as OCR or a paraphrasing model would produce): the
// highlight lands on the closest passage, and the viewer says it is approximate.
json('fuzzy-quote', {
  id: 'fuzzy-quote',
  text: 'Idle vendor accounts are switched off [1].',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  sources: [
    { id: 'S1', documentId: 'vendor-security-policy', page: 3, quote: 'Vendor accounts that have not been used for 30 days are deactivated automatically.' },
  ],
});

// A quote that runs from the foot of the left column of page 4 (the two-column page) to the top of the right one:
// the viewer must show and flash its START first and step forwards in reading order, whether the rectangles come
// from the locator (quote only) or from the provider (boxes listed in reading order). See e2e/region-order.spec.ts.
const TWO_COLUMN_QUOTE =
  'such as public web applications, and then only behind a web application firewall. 4.4 Segregation Vendor connections must terminate in a segregated network zone';
json('region-order-located', {
  id: 'region-order-located',
  question: 'Where do vendor connections end?',
  text: 'Vendor connections terminate in a segregated zone behind a firewall [1].',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  sources: [{ id: 'S1', documentId: 'vendor-security-policy', page: 4, quote: TWO_COLUMN_QUOTE }],
});
json('region-order-boxes', {
  id: 'region-order-boxes',
  question: 'Where do vendor connections end?',
  text: 'Vendor connections terminate in a segregated zone behind a firewall [1].',
  documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
  sources: [
    {
      id: 'S1',
      documentId: 'vendor-security-policy',
      page: 4,
      quote: TWO_COLUMN_QUOTE,
      // the passage's line boxes, measured with Helvetica's advances, listed in reading order
      boxes: [
        { page: 4, x0: 213.78, y0: 432.5, x1: 277.11, y1: 443.67 },
        { page: 4, x0: 72, y0: 446.5, x1: 273.78, y1: 457.67 },
        { page: 4, x0: 72, y0: 460.5, x1: 153.68, y1: 471.67 },
        { page: 4, x0: 318, y0: 97.99, x1: 396.19, y1: 109.73 },
        { page: 4, x0: 318, y0: 114.5, x1: 494.19, y1: 125.67 },
        { page: 4, x0: 318, y0: 128.5, x1: 430.24, y1: 139.67 },
      ],
    },
  ],
});

// The recorded payloads of ../shared/payloads (read now, into the temp folder; never copied into the repo): every
// wrapper as answer `payload-<name>`, every `<name>.pdf` as the document its wrapper names first. An absent folder
// adds nothing on a user's machine and stops the server in CI (sharedFolder throws), so CI never skips them.
for (const p of recordedPayloads()) {
  json(p.answerId, p.wrapper);
  if (p.pdf) copyFileSync(p.pdf.file, path.join(dataDir, 'documents', `${p.pdf.documentId}.pdf`));
}
// An answer with adapter notes, a guessed document and a citation inside the model's reasoning.
json('adapter-notes', notesAnswer());

// In-document search (e2e/find.spec.ts): a word hyphenated across a line break, on a document the answer cites.
writeFileSync(path.join(dataDir, 'documents', `${FIND_FIXTURE.documentId}.pdf`), await generateFindFixturePdf());
json('find-fixture', {
  id: 'find-fixture',
  question: 'When do archived files move to cold storage?',
  text: 'Archived files move to cold storage after a year [1].',
  documents: [{ id: FIND_FIXTURE.documentId, title: FIND_FIXTURE.title }],
  sources: [{ id: 'S1', documentId: FIND_FIXTURE.documentId, page: 2, quote: FIND_FIXTURE.quote }],
});

// Broken, locked, scanned and oddly addressed documents for the hardening specs (e2e/hardening-fixtures.ts).
await writeHardeningFixtures(dataDir);
// Hostile Markdown, long quotes, off-page boxes and the XSS corpus (e2e/hostile-input.spec.ts).
await writeHostileFixtures(dataDir);

process.env.CITELENS_DATA = dataDir;
// The viewer-only benchmark page (/bench), which e2e/bench-hooks.spec.ts drives; a production server serves none of it.
process.env.CITELENS_BENCH = '1';
// Every run starts with no review decisions, in a database of its own (never the developer's .citelens/).
process.env.CITELENS_DB = path.join(dataDir, 'reviews.sqlite');
delete process.env.CITELENS_DATABASE_URL;
// Playwright prints the server's stderr: a JSON line per request would bury what matters (tests of the log: src/server/ops).
process.env.CITELENS_REQUEST_LOG ??= '0';
// The whole suite is one client (127.0.0.1) asking and saving from parallel tests: the per-client limits have tests of
// their own (src/server/limits.test.ts, src/server/embed/session-flood.test.ts) and must not make the others flaky.
process.env.CITELENS_RATE_ASK ??= '3000/1000';
process.env.CITELENS_RATE_SAVES ??= '30000/10000';
process.env.CITELENS_RATE_EMBED ??= '3000/1000';
await import('../src/server/main.ts');
