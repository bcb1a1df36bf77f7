// Test-only data for the hardening specs (e2e/hardening-*.spec.ts, issue 9): broken, locked, scanned and odd
// documents, made here (pdf-lib, and Debian's qpdf for encryption) into the e2e server's temp data folder; never
// stored in the repo. Two files of ../shared/corpus are copied into the temp folder when it is present.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { bombPdf } from '../src/testing/bomb-pdf.ts';
import { SCRIPT_PDF_LINE, scriptPdf } from '../src/testing/script-pdf.ts';
import { sharedFolder } from '../src/testing/shared-folder.ts';

export const HARDENING = {
  /** The password of the PDF we encrypt, in NFC (as typed on most keyboards). */
  password: 'pässwört',
  encryptedQuote: 'The vault schedule is kept in this encrypted memo.',
  corpusPassword: 'pässwört',
  corpusQuote: 'If you can read this, decryption succeeded.',
} as const;

const LETTER: [number, number] = [612, 792];

async function textPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage(LETTER);
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 18, size: 12, font }));
  return pdf.save({ useObjectStreams: false });
}

/** A "scan": lines of dark marks where the words are, and no text operators at all, so pdf.js finds no text. */
async function scannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle('Scanned Memo');
  const page = pdf.addPage(LETTER);
  for (let i = 0; i < 12; i++) {
    const y = 700 - i * 20;
    page.drawRectangle({ x: 72, y, width: 380 + ((i * 37) % 90), height: 9, color: rgb(0.25, 0.25, 0.25) });
  }
  return pdf.save({ useObjectStreams: false });
}

function hasQpdf(): boolean {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Writes the hardening documents and answers into `dataDir` (answers/ and documents/ exist). */
export async function writeHardeningFixtures(dataDir: string): Promise<void> {
  const docs = path.join(dataDir, 'documents');
  const json = (name: string, value: unknown) => writeFileSync(path.join(dataDir, 'answers', `${name}.json`), JSON.stringify(value, null, 2));
  const cite = (id: string, documentId: string, extra: Record<string, unknown>) => ({ id, documentId, ...extra });

  // A copy of the demo's vendor-access answer under its own id, so decisions made by the crash tests never meet the
  // review specs' (the review database is shared by one server run).
  const vendor = JSON.parse(readFileSync(path.join(dataDir, 'answers', 'vendor-access.json'), 'utf8')) as Record<string, unknown>;
  // Its own question too: the home page lists every answer, and a second "…protect access…" title would make the
  // citations spec's link lookup ambiguous.
  json('hardening-review', { ...vendor, id: 'hardening-review', question: 'Hardening copy: which controls apply when vendors connect to our systems?' });

  // Broken files, each cited by an answer of its own.
  const policy = readFileSync(path.join(docs, 'vendor-security-policy.pdf'));
  writeFileSync(path.join(docs, 'truncated.pdf'), policy.subarray(0, Math.floor(policy.length / 3)));
  writeFileSync(path.join(docs, 'empty.pdf'), new Uint8Array(0));
  writeFileSync(path.join(docs, 'html-page.pdf'), '<!doctype html><html><head><title>Sign in</title></head><body><h1>Please sign in</h1></body></html>\n');
  for (const [id, title] of [
    ['truncated', 'Truncated Policy'],
    ['empty', 'Empty File'],
    ['html-page', 'Sign-in Page'],
    ['ghost-document', 'Ghost Document'],
  ] as const) {
    json(`hardening-${id}`, {
      id: `hardening-${id}`,
      text: `This answer cites the ${title} [1].`,
      documents: [{ id, title }],
      sources: [cite('S1', id, { page: 1, quote: 'anything at all' })],
    });
  }

  // A decompression bomb: 260 KB whose page content inflates to 256 MiB of zeros (src/testing/bomb-pdf.ts).
  writeFileSync(path.join(docs, 'bomb.pdf'), await bombPdf(256, 'Bomb Memo'));
  json('hardening-bomb', {
    id: 'hardening-bomb',
    text: 'The memo says its content is mostly zeros [1].',
    documents: [{ id: 'bomb', title: 'Bomb Memo' }],
    sources: [cite('S1', 'bomb', { page: 1, quote: 'A page whose content stream is mostly zeros.' })],
  });

  // Issue 34, break 4: a 4.2 MB file whose content stream inflates to 4 GiB. The check used to inflate it whole
  // (4,118 MB of heap, 5.7 s) before refusing it; e2e/bomb-heap.spec.ts reads the heap through CDP.
  writeFileSync(path.join(docs, 'bomb-4g.pdf'), await bombPdf(4096, 'Big Bomb Memo'));
  json('hardening-bomb-4g', {
    id: 'hardening-bomb-4g',
    text: 'The big memo says its content is mostly zeros [1].',
    documents: [{ id: 'bomb-4g', title: 'Big Bomb Memo' }],
    sources: [cite('S1', 'bomb-4g', { page: 1, quote: 'A page whose content stream is mostly zeros.' })],
  });

  // Issue 34, breaks 2 and 3: a PDF whose OpenAction calls app.alert. Opening it must never reach the browser's own
  // PDF viewer on our origin (e2e/pdf-script.spec.ts counts the dialogs).
  writeFileSync(path.join(docs, 'script-memo.pdf'), await scriptPdf());
  json('hardening-pdf-script', {
    id: 'hardening-pdf-script',
    question: 'What does the script memo ask for?',
    text: 'The memo asks the browser to run a script [1].',
    documents: [{ id: 'script-memo', title: 'Script Memo' }],
    sources: [cite('S1', 'script-memo', { page: 1, quote: SCRIPT_PDF_LINE })],
  });

  // Document addresses that are neither http(s) nor relative: refused before any request.
  json('hardening-schemes', {
    id: 'hardening-schemes',
    text: 'Script [1], local file [2], inline data [3], and a real one [4].',
    documents: [
      { id: 'js-doc', title: 'Script Address', url: 'javascript:alert(document.domain)' },
      { id: 'file-doc', title: 'Local File Address', url: 'file:///etc/passwd' },
      { id: 'data-doc', title: 'Inline Data Address', url: 'data:application/pdf;base64,JVBERi0xLjQK' },
      { id: 'vendor-security-policy', title: 'Vendor Security Policy' },
    ],
    sources: [
      cite('S1', 'js-doc', { page: 1, quote: 'x' }),
      cite('S2', 'file-doc', { page: 1, quote: 'x' }),
      cite('S3', 'data-doc', { page: 1, quote: 'x' }),
      cite('S4', 'vendor-security-policy', { page: 2, quote: 'Vendors must use multi-factor authentication' }),
    ],
  });

  // A scan: a quote cannot be located by text; given boxes still highlight.
  writeFileSync(path.join(docs, 'scanned-memo.pdf'), await scannedPdf());
  json('hardening-scanned', {
    id: 'hardening-scanned',
    text: 'The memo says so in words [1], and the provider gave its place [2].',
    documents: [{ id: 'scanned-memo', title: 'Scanned Memo' }],
    sources: [
      cite('S1', 'scanned-memo', { page: 1, quote: 'The committee approved the budget for next year.' }),
      cite('S2', 'scanned-memo', { page: 1, quote: 'The committee approved the budget.', boxes: [{ page: 1, x0: 72, y0: 83, x1: 452, y1: 92 }] }),
    ],
  });

  // Out of range: a page the document does not have, and a box that runs 88 pt past the right edge (clamped; one
  // reaching past twice the page width is treated as wild and dropped: src/core/coords/conventions.ts).
  json('hardening-out-of-range', {
    id: 'hardening-out-of-range',
    text: 'A page that is not there [1]; a box beyond the edge [2].',
    documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy' }],
    sources: [
      cite('S1', 'vendor-security-policy', { page: 99 }),
      cite('S2', 'vendor-security-policy', { page: 2, boxes: [{ page: 2, x0: 400, y0: 100, x1: 700, y1: 130 }] }),
    ],
  });

  // Encrypted with qpdf (AES-256); CI installs it (.ci/run). Without it, outside CI, the test that needs it skips.
  if (hasQpdf()) {
    const plain = path.join(docs, 'encrypted-memo.plain.tmp');
    writeFileSync(plain, await textPdf('Encrypted Memo', [HARDENING.encryptedQuote, 'Only readers with the password see it.']));
    execFileSync('qpdf', ['--encrypt', HARDENING.password, `${HARDENING.password}-owner`, '256', '--', plain, path.join(docs, 'encrypted-memo.pdf')]);
    execFileSync('rm', ['-f', plain]);
    json('hardening-encrypted', {
      id: 'hardening-encrypted',
      text: 'The memo is encrypted [1].',
      documents: [{ id: 'encrypted-memo', title: 'Encrypted Memo' }],
      sources: [cite('S1', 'encrypted-memo', { page: 1, quote: HARDENING.encryptedQuote })],
    });
  } else if (process.env.CI) {
    throw new Error('qpdf is missing in CI: .ci/run installs it (apt-get install -y qpdf).');
  }

  // ../shared/corpus, when present: pdf.js's own broken file and its encrypted one (a non-ASCII password).
  const corpus = sharedFolder('corpus');
  if (corpus) {
    for (const [file, id, quote] of [
      ['bug1020226.pdf', 'corpus-corrupt', 'anything'],
      ['issue21579.pdf', 'corpus-encrypted', HARDENING.corpusQuote],
    ] as const) {
      if (!existsSync(path.join(corpus, file))) continue;
      copyFileSync(path.join(corpus, file), path.join(docs, `${id}.pdf`));
      json(`hardening-${id}`, {
        id: `hardening-${id}`,
        text: `This answer cites ${file} [1].`,
        documents: [{ id, title: file }],
        sources: [cite('S1', id, { page: 1, quote })],
      });
    }
  }
}
