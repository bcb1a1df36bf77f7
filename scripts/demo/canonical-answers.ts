// The three canonical (citelens/1) demo answers. Quotes and boxes come from the passage registry; one answer
// deliberately cites a passage that is not in the document, so the viewer's "could not locate" path is shown too.

import { RETENTION_DOC, VENDOR_DOC, type DocInfo } from './demo-documents.ts';
import { expectPage, type Passage } from './passage-registry.ts';

function docRef(d: DocInfo) {
  return { id: d.id, title: d.title, url: `/api/documents/${d.id}`, version: d.version };
}

function source(id: string, doc: DocInfo, passages: Map<string, Passage>, key: string, o: { boxes?: boolean; text?: boolean; relevance?: number } = {}) {
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

export function buildCanonicalAnswers(vendor: Map<string, Passage>, retention: Map<string, Passage>) {
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
    question: 'When a vendor contract ends, how long may the vendor keep our data, and do the Data Retention Policy and the Vendor Security Policy agree?',
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
