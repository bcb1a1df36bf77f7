// Wrapped answers: the same demo passages as four other systems would return them (docs/citation-formats.md),
// one per adapter, stored as `{ id, question, format, documents, coords?, payload }`. Every quote and box comes from
// the passage registry, so they are exact by construction just like the canonical answers'.

import type { Box } from '../../src/core/model/types.ts';
import { RETENTION_DOC, VENDOR_DOC, type DocInfo } from './demo-documents.ts';
import { expectPage, type BuiltDocument } from './passage-registry.ts';
import { round2, type CropBox } from './surface.ts';

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

export function buildWrappedAnswers(vendor: BuiltDocument, retention: BuiltDocument) {
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
        claim('Those keys live in a hardware security module or a cloud key management service, and every use of them is logged', v('ve-keys'), v('ve-keylog')),
        plain('.\n\nWhen the contract ends, '),
        claim(
          'the vendor has 30 days to return all Company data and then delete every remaining copy, including backups and copies held by subprocessors',
          v('rs-return'),
        ),
        plain('. '),
        claim("The Data Retention Policy says the same of records a vendor holds on the Company's behalf", r('rs-vendor')),
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
