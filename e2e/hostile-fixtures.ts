// Test-only answers and documents for e2e/hostile-input.spec.ts (issue 9, hardening): Markdown that used to blank
// or freeze the app, a quote too long to search, boxes off the page, and an XSS payload corpus in every field of an
// answer and in a generated PDF's text. Written into the e2e server's temp data folder; nothing here is committed
// as data.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Beacons point at this host; the spec fails if the browser ever asks it for anything. */
export const BEACON_HOST = 'beacon.citelens-test.invalid';

/** Each payload, if it ever ran, would set `window.__pwned` or fetch from BEACON_HOST. */
export const XSS_PAYLOADS = [
  '<script>window.__pwned = "script"</script>',
  '<img src=x onerror="window.__pwned = \'img onerror\'">',
  '<svg onload="window.__pwned = \'svg\'"><script>window.__pwned = "svg script"</script></svg>',
  '[click me](javascript:window.__pwned="js link")',
  '[data link](data:text/html,<script>parent.__pwned="data"</script>)',
  '[vb link](vbscript:msgbox("pwned"))',
  `![beacon](https://${BEACON_HOST}/markdown-image.png)`,
  `![ref beacon][b]\n\n[b]: https://${BEACON_HOST}/reference-image.png`,
  `<img src="https://${BEACON_HOST}/html-image.png">`,
  `<style>body { background: url(https://${BEACON_HOST}/css.png) }</style>`,
  `<div style="background-image: url(https://${BEACON_HOST}/inline-style.png)">styled</div>`,
  '<a href="javascript:window.__pwned = \'anchor\'">anchor</a>',
  '"><iframe src="javascript:parent.__pwned = \'iframe\'"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = \'mxss\'">',
  `<object data="https://${BEACON_HOST}/object"></object><link rel="stylesheet" href="https://${BEACON_HOST}/link.css">`,
  "'; window.__pwned = 'quote break'; //",
  '{{constructor.constructor("window.__pwned = \'template\'")()}}',
];

const ONE_LINE = XSS_PAYLOADS.map((p) => p.replace(/\n+/g, ' ')).join(' ');

/** A one-page PDF whose text layer carries the payloads (Helvetica's WinAnsi covers them). */
async function payloadPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle('<img src=x onerror="window.__pwned = \'pdf title\'">');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Payload document.', { x: 72, y: 720, size: 12, font });
  XSS_PAYLOADS.forEach((p, i) => page.drawText(p.replace(/\n+/g, ' ').slice(0, 90), { x: 72, y: 690 - i * 16, size: 8, font }));
  return pdf.save({ useObjectStreams: false });
}

const MFA_QUOTE =
  'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.';
const VSP = { id: 'vendor-security-policy', title: 'Vendor Security Policy' };

export async function writeHostileFixtures(dataDir: string): Promise<void> {
  const json = (name: string, value: unknown) => writeFileSync(path.join(dataDir, 'answers', `${name}.json`), JSON.stringify(value));
  const mfa = (extra: object = {}) => ({ id: 'S1', documentId: VSP.id, page: 2, quote: MFA_QUOTE, ...extra });

  json('hostile-deep-quote', { id: 'hostile-deep-quote', question: 'Deep quotes', text: '>'.repeat(2000) + ' deep [1]', documents: [VSP], sources: [mfa()] });
  json('hostile-deep-list', { id: 'hostile-deep-list', question: 'Deep lists', text: '- '.repeat(1500) + 'deep [1]', documents: [VSP], sources: [mfa()] });
  json('hostile-complex', {
    id: 'hostile-complex',
    question: 'Too much punctuation',
    text: 'Multi-factor authentication is required [1].\n\n' + '*a '.repeat(50_000) + '\n\n' + '`'.repeat(200_000) + '\n\n' + '['.repeat(100_000),
    documents: [VSP],
    sources: [mfa()],
  });
  json('hostile-long-quote', {
    id: 'hostile-long-quote',
    question: 'A quote too long to search',
    text: 'The whole policy says so [1].',
    documents: [VSP],
    sources: [mfa({ page: 2, quote: (MFA_QUOTE + ' ').repeat(60) })],
  });
  // Issue 34, break 10: a 1.2 MB quote (refused for search, but it was drawn whole: the layout stalled for a second).
  json('hostile-huge-quote', {
    id: 'hostile-huge-quote',
    question: 'A quote of 1.2 MB',
    text: 'The policy says so, at length [1].',
    documents: [VSP],
    sources: [mfa({ page: 2, quote: (MFA_QUOTE + ' ').repeat(Math.ceil(1_200_000 / (MFA_QUOTE.length + 1))) })],
  });
  json('hostile-off-page', {
    id: 'hostile-off-page',
    question: 'Boxes off the page',
    text: 'Multi-factor authentication is required [1]. Also by [2].',
    documents: [VSP],
    sources: [
      mfa({ boxes: [{ page: 2, x0: -500, y0: 260, x1: -400, y1: 270 }] }),
      mfa({ id: 'S2', boxes: [{ page: 2, x0: -1e308, y0: -1e308, x1: 1e308, y1: 1e308 }] }),
    ],
  });

  writeFileSync(path.join(dataDir, 'documents', 'xss-payloads.pdf'), await payloadPdf());
  // Two copies: the corpus runs with and without the CSP, in parallel, and each run saves a reviewer's note.
  for (const id of ['hostile-xss', 'hostile-xss-no-csp']) {
    json(id, {
      id,
      question: XSS_PAYLOADS[1],
      text: XSS_PAYLOADS.map((p, i) => `${p} claim ${i + 1} [${(i % 2) + 1}].`).join('\n\n'),
      documents: [
        { id: VSP.id, title: XSS_PAYLOADS[0], url: `/api/documents/${VSP.id}` },
        { id: 'xss-payloads', title: XSS_PAYLOADS[2], url: '/api/documents/xss-payloads' },
      ],
      sources: [
        { ...mfa(), section: XSS_PAYLOADS[9] + ' > ' + XSS_PAYLOADS[3], text: ONE_LINE },
        { id: 'S2', documentId: 'xss-payloads', page: 1, quote: XSS_PAYLOADS[1]!, section: XSS_PAYLOADS[13] },
      ],
    });
  }
}
