// Answers made to show every review flag on real pages of the demo PDFs, plus one clean answer that passes
// `citelens audit`. Each answer is about one family of checks, and each flagged claim is wrong in exactly one way
// (scripts/review-demo.test.ts asserts which flag lands on which claim). Quotes and boxes come from the passage
// registry, then are altered on purpose where a flag needs it.

import type { Box } from '../../src/core/model/types.ts';
import { RETENTION_DOC, VENDOR_DOC, type DocInfo } from './demo-documents.ts';
import { expectPage, type Passage } from './passage-registry.ts';

/** A document the server refuses (403): its metadata says so, and no file is shipped. */
export const FORBIDDEN_DOC: DocInfo & { access: 'forbidden' } = {
  id: 'incident-response-plan',
  title: 'Incident Response Plan',
  version: '2026-01',
  access: 'forbidden',
};

function docRef(d: DocInfo) {
  return { id: d.id, title: d.title, url: `/api/documents/${d.id}`, version: d.version };
}

const plainBoxes = (boxes: Box[]) => boxes.map((b) => ({ page: b.page, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 }));

function passage(passages: Map<string, Passage>, key: string): Passage {
  const p = passages.get(key);
  if (!p || p.boxes.length === 0) throw new Error(`unknown or undrawn passage ${key}`);
  return p;
}

interface SourceOptions {
  /** Leave out the page (a document-level citation). */
  noPage?: boolean;
  /** Claim this page instead of the passage's own. */
  page?: number;
  /** Quote these words instead of the passage's. */
  quote?: string;
  /** Draw these boxes instead of the passage's; `false` for none. */
  boxes?: Box[] | false;
  relevance?: number;
  documentVersion?: string;
  support?: { score?: number; verdict?: 'supported' | 'partial' | 'unsupported' | 'contradicted' };
}

function source(id: string, doc: DocInfo, passages: Map<string, Passage>, key: string, o: SourceOptions = {}) {
  const p = passage(passages, key);
  const first = p.boxes[0]!.page;
  const last = p.boxes[p.boxes.length - 1]!.page;
  const boxes = o.boxes === false ? undefined : (o.boxes ?? p.boxes);
  return {
    id,
    documentId: doc.id,
    section: p.section,
    ...(o.noPage ? {} : { page: o.page ?? first, ...(o.page === undefined && last !== first ? { pageEnd: last } : {}) }),
    quote: o.quote ?? p.words.join(' '),
    ...(o.relevance !== undefined ? { relevance: o.relevance } : {}),
    ...(o.documentVersion !== undefined ? { documentVersion: o.documentVersion } : {}),
    ...(o.support !== undefined ? { support: o.support } : {}),
    ...(boxes ? { boxes: plainBoxes(boxes) } : {}),
  };
}

export function buildReviewAnswers(vendor: Map<string, Passage>, retention: Map<string, Passage>) {
  for (const [key, pages] of [
    ['va-mfa', [2]],
    ['va-pam', [2]],
    ['va-dormant', [3]],
    ['va-segment', [4]],
    ['ve-transit', [5]],
    ['ve-rest', [5]],
    ['ve-keys', [6]],
    ['ve-keylog', [9]],
    ['ve-compromise', [10, 11]],
    ['rs-return', [13]],
  ] as const) {
    expectPage(vendor, key, [...pages]);
  }
  expectPage(retention, 'rs-vendor', [3]);
  expectPage(retention, 'rs-hold', [4]);

  // Every claim cited, every quote verbatim on its page, every box on its words, support plain: passes the audit.
  const clean = {
    format: 'citelens/1',
    id: 'review-clean',
    question: 'How are privileged vendor sessions and unused vendor accounts controlled?',
    text: [
      'All privileged sessions by vendor personnel must be brokered through the Company privileged access management system, which records each session [1].',
      '',
      'Vendor accounts that have not been used for 30 days are disabled automatically [2].',
      '',
      'When the contract ends, the vendor must return all Company data and then securely delete all remaining copies, including copies held in backups and by subprocessors, within 30 days [3].',
    ].join('\n'),
    confidence: 0.93,
    documents: [docRef(VENDOR_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 'va-pam', { relevance: 0.92 }),
      source('S2', VENDOR_DOC, vendor, 'va-dormant', { relevance: 0.89 }),
      source('S3', VENDOR_DOC, vendor, 'rs-return', { relevance: 0.86 }),
    ],
  };

  // Uncited sentence, a marker naming no source, two weakly relevant sources, and the answer's own low confidence.
  const citationGaps = {
    format: 'citelens/1',
    id: 'review-citation-gaps',
    question: 'Which sign-in and network rules apply to vendor staff?',
    text: [
      'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email [1].',
      '',
      'Passwords for Company systems must also be at least 14 characters long and must not be reused.',
      '',
      'Vendor connections must terminate in a segregated network zone behind a firewall [2].',
      '',
      'All privileged sessions by vendor personnel are brokered through the privileged access management system, which records each session [3].',
      '',
      'Vendors must renew their security certification every year [5].',
    ].join('\n'),
    confidence: 0.55,
    documents: [docRef(VENDOR_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 'va-mfa', { relevance: 0.91 }),
      source('S2', VENDOR_DOC, vendor, 'va-segment', { relevance: 0.31 }),
      source('S3', VENDOR_DOC, vendor, 'va-pam', { relevance: 0.42 }),
    ],
  };

  // What the locator finds in the PDF: a quote that is not there, one whose number was changed (the model wrote
  // TLS 1.1 in its answer and in its quote, where the policy says TLS 1.2), one on another page than claimed, and
  // boxes drawn over the wrong words of the right page.
  const transit = passage(vendor, 've-transit').words.join(' ');
  const reworded = transit.replace('TLS 1.2', 'TLS 1.1');
  if (reworded === transit) throw new Error('ve-transit no longer reads "TLS 1.2"');
  const quoteChecks = {
    format: 'citelens/1',
    id: 'review-quote-checks',
    question: 'What do vendors have to do about encryption keys, data in transit, data at rest and sign-in?',
    text: [
      'Encryption keys must be rotated every 90 days, and key backups must be stored offline [1].',
      '',
      'All Company data transmitted over any network must be encrypted using TLS 1.1 or higher, and TLS 1.3 is preferred wherever both endpoints support it [2].',
      '',
      'Company data stored by a vendor must be encrypted at rest using AES with a key length of 256 bits, including backups and removable media [3].',
      '',
      'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email [4].',
    ].join('\n'),
    confidence: 0.84,
    documents: [docRef(VENDOR_DOC)],
    sources: [
      {
        id: 'S1',
        documentId: VENDOR_DOC.id,
        section: '5.4 Key Management',
        page: 6,
        quote: 'Encryption keys must be rotated every 90 days and key backups must be stored offline.',
        relevance: 0.83,
      },
      source('S2', VENDOR_DOC, vendor, 've-transit', { quote: reworded, boxes: false, relevance: 0.9 }),
      source('S3', VENDOR_DOC, vendor, 've-rest', { page: 7, boxes: false, relevance: 0.88 }),
      // the right quote and page, but the boxes lie over the privileged-access paragraph further down page 2
      source('S4', VENDOR_DOC, vendor, 'va-mfa', { boxes: passage(vendor, 'va-pam').boxes, relevance: 0.9 }),
    ],
  };

  // Support: a number the evidence gives otherwise (72 hours where it says 24: contradicted), a backend verdict
  // "contradicted", a backend "supported", a backend "partial", a claim the rules cannot decide (needs a look), and
  // the backend's own review report.
  const support = {
    format: 'citelens/1',
    id: 'review-support',
    question: 'How fast must a vendor report compromised keys, how long are key logs kept, and what about legal holds?',
    text: [
      'A vendor that suspects its encryption keys have been compromised must revoke the affected keys and notify the Company Security Office within 72 hours of discovery [1].',
      '',
      'Logs of key management use may be deleted after 90 days [2].',
      '',
      'Records subject to a legal hold must be preserved until the Legal Department releases the hold in writing [3].',
      '',
      'Encryption keys must be stored in a hardware security module certified by an independent auditor [4].',
      '',
      'Keys must be rotated by the key custodian named in each vendor contract [5].',
    ].join('\n'),
    confidence: 0.78,
    reviewReport: { groundingStatus: 'partially_grounded', consistencyStatus: 'conflict_detected', completenessStatus: 'partial', retryCount: 2 },
    documents: [docRef(VENDOR_DOC), docRef(RETENTION_DOC)],
    sources: [
      source('S1', VENDOR_DOC, vendor, 've-compromise', { relevance: 0.9 }),
      source('S2', VENDOR_DOC, vendor, 've-keylog', { relevance: 0.8, support: { verdict: 'contradicted', score: 0.08 } }),
      source('S3', RETENTION_DOC, retention, 'rs-hold', { relevance: 0.87, support: { verdict: 'supported', score: 0.94 } }),
      // The backend's "partial": part of the claim (the auditor) is not in the passage.
      source('S4', VENDOR_DOC, vendor, 've-keys', { relevance: 0.83, support: { verdict: 'partial', score: 0.55 } }),
      // No backend verdict: the rules cannot tell whether the passage names a custodian (it does not), so it needs a look.
      source('S5', VENDOR_DOC, vendor, 've-keys', { relevance: 0.8 }),
    ],
  };

  // The document behind each citation: one named without a page, one taken from an older version than the server
  // serves, one the reader is not allowed to open.
  const documentChecks = {
    format: 'citelens/1',
    id: 'review-document-checks',
    question: 'What must vendors do with Company records and incident logs, and how must they encrypt data in transit?',
    text: [
      'A vendor holding Company records on behalf of the Company must retain them only for the periods in the Retention Schedule and must return or destroy them at the end of the contract [1].',
      '',
      'All Company data transmitted over any network must be encrypted using TLS 1.2 or higher [2].',
      '',
      'Vendors must keep every log relevant to a security incident for at least 180 days [3].',
    ].join('\n'),
    confidence: 0.81,
    documents: [docRef(RETENTION_DOC), docRef(VENDOR_DOC), docRef(FORBIDDEN_DOC)],
    sources: [
      source('S1', RETENTION_DOC, retention, 'rs-vendor', { noPage: true, boxes: false, relevance: 0.85 }),
      source('S2', VENDOR_DOC, vendor, 've-transit', { documentVersion: '2025-09', relevance: 0.9 }),
      {
        id: 'S3',
        documentId: FORBIDDEN_DOC.id,
        section: '6. Evidence Preservation',
        page: 4,
        quote: 'Vendors must preserve all logs relevant to a security incident for at least 180 days.',
        relevance: 0.88,
      },
    ],
  };

  return [clean, citationGaps, quoteChecks, support, documentChecks];
}
