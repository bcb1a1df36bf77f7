// A 10,000-claim answer over the demo's Vendor Security Policy (issue 9's bad-input matrix): 10,000 sentences, each
// one claim with one citation marker, five to a paragraph. Shared by the e2e data folder (e2e/serve-e2e.ts) and the
// answer-scale benchmark (scripts/bench-answer-scale.ts), so both measure the same answer.

export const SCALE_ANSWER_ID = 'scale-10k-claims';
export const SCALE_CLAIMS = 10_000;

// Real passages of vendor-security-policy.pdf (the demo's vendor-access answer), so every citation can be located.
const SOURCES = [
  {
    section: '3.2 Authentication',
    page: 2,
    quote:
      'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.',
    boxes: [
      { page: 2, x0: 179.81, y0: 260.38, x1: 529.39, y1: 269.63 },
      { page: 2, x0: 72, y0: 274.38, x1: 384.89, y1: 283.63 },
    ],
  },
  { section: '3.4 Access Reviews', page: 3, quote: 'Vendor accounts that have not been used for 30 days are disabled automatically.' },
];

const SUBJECTS = ['Remote access', 'Each vendor account', 'Cloud console sign-in', 'Every administrative interface', 'Email access'];

/** The answer: claim i (1-based) cites source S((i - 1) % 2 + 1); the last one (10,000th) cites S1, which has boxes. */
export function scaleAnswer() {
  const paragraphs: string[] = [];
  let sentences: string[] = [];
  for (let i = 1; i < SCALE_CLAIMS; i++) {
    const key = ((i - 1) % SOURCES.length) + 1;
    const claim =
      key === 1
        ? `${SUBJECTS[i % SUBJECTS.length]} in case ${i} requires multi-factor authentication [${key}].`
        : `Unused vendor accounts in case ${i} are disabled after 30 days [${key}].`;
    sentences.push(claim);
    if (sentences.length === 5) {
      paragraphs.push(sentences.join(' '));
      sentences = [];
    }
  }
  if (sentences.length > 0) paragraphs.push(sentences.join(' '));
  // The last claim cites S1, whose boxes are drawn at once.
  paragraphs.push('In every case, remote access requires multi-factor authentication [1].');
  return {
    id: SCALE_ANSWER_ID,
    question: 'What does the vendor policy require in each of ten thousand cases?',
    text: paragraphs.join('\n\n'),
    documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy', url: '/api/documents/vendor-security-policy', version: '2026-03' }],
    sources: SOURCES.map((s, i) => ({ id: `S${i + 1}`, documentId: 'vendor-security-policy', ...s })),
  };
}

export const LONG_FORMATTED_ANSWER_ID = 'long-formatted-answer';

/**
 * A long answer that is still formatted (~40 KB of Markdown: headings, lists, emphasis, markers), so its parse is
 * done off the main thread (app/answer-view/markdown-client.ts) before it is drawn.
 */
export function longFormattedAnswer() {
  const sections: string[] = [];
  for (let i = 1; i <= 80; i++) {
    sections.push(
      [
        `## Case ${i}`,
        '',
        `For the vendor in case ${i}, **remote access** requires multi-factor authentication [1]. Accounts left unused are disabled after 30 days [2].`,
        '',
        `- Review the sign-in records of case ${i} every quarter, and keep them for the audit.`,
        `- Disable the accounts of case ${i} that were not used in the last 30 days [2].`,
      ].join('\n'),
    );
  }
  return {
    id: LONG_FORMATTED_ANSWER_ID,
    question: 'What does the vendor policy require, case by case?',
    text: sections.join('\n\n'),
    documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy', url: '/api/documents/vendor-security-policy', version: '2026-03' }],
    sources: SOURCES.map((s, i) => ({ id: `S${i + 1}`, documentId: 'vendor-security-policy', ...s })),
  };
}
