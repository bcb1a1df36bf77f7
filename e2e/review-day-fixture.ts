// A 20-claim answer for the reviewer's-day tests (issue #38): 13 claims that say exactly what their one source quotes
// (so their citations pass every check and nothing flags them), then 7 that cite two sources each, 27 citations in
// all, over two demo PDFs. Written into the e2e data folder by serve-e2e.ts.

export const REVIEW_DAY_ANSWER_ID = 'review-day';

const QUOTES: { documentId: string; page: number; quote: string }[] = [
  {
    documentId: 'vendor-security-policy',
    page: 2,
    quote:
      'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.',
  },
  { documentId: 'vendor-security-policy', page: 3, quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.' },
  {
    documentId: 'vendor-security-policy',
    page: 4,
    quote:
      'Vendor connections must terminate in a segregated network zone that is separated from the Company production network by a firewall and that permits only the ports and destination systems approved for that vendor.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 5,
    quote: 'All Company data transmitted over any network must be encrypted using TLS 1.2 or higher; TLS 1.3 is preferred wherever both endpoints support it.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 6,
    quote:
      'Encryption keys that protect Company data must be generated and stored in a hardware security module or a cloud key management service, and must be rotated at least once every twelve months.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 8,
    quote:
      'Restricted data must additionally be protected with field-level or application-level encryption, so that it remains encrypted to database administrators and storage operators.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 9,
    quote:
      'Every use of a key management system that protects Company data, including key creation, rotation, export attempts and deletion, must be logged, and these logs must be retained for at least one year.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 5,
    quote:
      'Company data stored by a vendor must be encrypted at rest using AES with a key length of 256 bits, including data held in databases, file shares, object storage, backups and removable media.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 13,
    quote:
      'Within 30 days after termination or expiry of the contract, the vendor must return all Company data in the format agreed in the contract and then securely delete all remaining copies, including copies held in backups and by subprocessors.',
  },
  {
    documentId: 'data-retention-policy',
    page: 3,
    quote:
      'Where a vendor holds Company records on behalf of the Company, the vendor must retain them only for the periods in the Retention Schedule and must return or destroy them at the end of the contract, in accordance with the Vendor Security Policy.',
  },
  {
    documentId: 'data-retention-policy',
    page: 4,
    quote:
      'Records subject to a legal hold must be preserved, and must not be deleted or altered, until the Legal Department releases the hold in writing, even if their retention period has expired.',
  },
  {
    documentId: 'vendor-security-policy',
    page: 2,
    quote: 'All privileged sessions by vendor personnel must be brokered through the Company privileged access management system, which records each session.',
  },
  {
    documentId: 'data-retention-policy',
    page: 1,
    quote: 'Records must be stored so that they remain complete, accurate and retrievable for the whole retention period.',
  },
];

/** Claims 14–20: each cites two of the sources above (1-based). */
const PAIRS: [number, number][] = [
  [1, 12],
  [2, 1],
  [4, 8],
  [5, 7],
  [9, 10],
  [11, 10],
  [13, 9],
];

export interface ReviewDayClaim {
  /** The marker keys it cites, in order. */
  keys: string[];
}

export function reviewDayAnswer() {
  const sentence = (quote: string) => quote.replace(/\.$/, '');
  const singles = QUOTES.map((q, i) => `${sentence(q.quote)} [${i + 1}].`);
  const doubles = PAIRS.map(([a, b]) => `${sentence(QUOTES[a - 1]!.quote)} [${a}][${b}].`);
  return {
    id: REVIEW_DAY_ANSWER_ID,
    question: 'What must vendors do to protect Company data, and for how long?',
    text: [...singles, ...doubles].join('\n\n'),
    documents: [
      { id: 'vendor-security-policy', title: 'Vendor Security Policy' },
      { id: 'data-retention-policy', title: 'Data Retention Policy' },
    ],
    sources: QUOTES.map((q, i) => ({ id: `S${i + 1}`, documentId: q.documentId, page: q.page, quote: q.quote })),
  };
}

/** Every claim's citations, in the answer's order: what a reviewer must open. */
export const REVIEW_DAY_CLAIMS: ReviewDayClaim[] = [
  ...QUOTES.map((_, i) => ({ keys: [String(i + 1)] })),
  ...PAIRS.map(([a, b]) => ({ keys: [String(a), String(b)] })),
];
