// Markdown and plain-text sources in the demo: an onboarding runbook (nested sections, a fenced code block whose
// `# not a heading` line must not count as a section, and hostile raw HTML and remote images that must never run or
// load), a plain-text change log, and one answer citing a PDF and both text documents: by character offsets (code
// points, after an emoji, as persian_rag counts them), by quote, and by section path only.
// Offsets are computed from the text itself, so they stay right when the text is edited.

import { VENDOR_DOC } from './demo-documents.ts';
import type { Passage } from './passage-registry.ts';

export const RUNBOOK_DOC = { id: 'onboarding-runbook', title: 'Vendor Onboarding Runbook', version: '2026-04' };
export const CHANGELOG_DOC = { id: 'agent-changelog', title: 'Connector Agent Change Log', version: '3.2' };

export const RUNBOOK_TEXT = `# Vendor Onboarding Runbook

This runbook takes a new vendor from a signed contract to a working, monitored connection. 🚀 Each vendor connection is owned by one Company sponsor, who approves every change to it.

<script>window.__pwned = true</script>

<img src="http://tracker.invalid/pixel.png" onerror="window.__pwned = true">

![Network diagram](http://tracker.invalid/diagram.png)

## Setup

Request the vendor account in the access portal and attach the signed security addendum.

### Linux

Install the connector agent from the internal package mirror with \`sudo apt install citelens-agent\`, then enrol it with the one-time token from the portal.

\`\`\`sh
# not a heading: a comment in the install script
sudo apt install citelens-agent
sudo citelens-agent enrol --token "$TOKEN"
\`\`\`

#### Troubleshooting

If the agent does not appear in the portal within **ten minutes**, check that outbound port 8443 is open and read \`/var/log/citelens-agent.log\`. Tokens expire after 24 hours; request a new one instead of reusing an old token.

### Windows

Run the signed MSI installer as an administrator and enrol the agent from the tray icon.

#### Troubleshooting

A stuck enrolment is usually a proxy rewriting TLS: add the portal to the proxy's bypass list.

Operations
==========

Review the vendor's access every quarter, and disable the connection the day the contract ends.
`;

export const CHANGELOG_TEXT = `Connector Agent Change Log
==========================

3.2 (2026-04-02)
  - Enrolment tokens now expire after 24 hours instead of 7 days.
  - The agent retries a failed enrolment three times before it gives up.

3.1 (2026-01-15)
  - Logs rotate daily and are kept for 14 days.
`;

/** Code-point offsets of `words` in `text` (what a Python backend such as persian_rag reports). */
function codePointSpan(text: string, words: string): { charStart: number; charEnd: number; charUnit: 'codepoint' } {
  const at = text.indexOf(words);
  if (at < 0 || text.indexOf(words, at + 1) >= 0) throw new Error(`“${words}” must occur exactly once in the runbook`);
  const charStart = [...text.slice(0, at)].length;
  return { charStart, charEnd: charStart + [...words].length, charUnit: 'codepoint' };
}

const OWNER = 'Each vendor connection is owned by one Company sponsor, who approves every change to it.';

export function buildTextSourceAnswer(vendor: Map<string, Passage>) {
  const transit = vendor.get('ve-transit');
  if (!transit) throw new Error('unknown passage ve-transit');
  const location = codePointSpan(RUNBOOK_TEXT, OWNER);
  // The demo exists to show code points ≠ UTF-16 offsets: the emoji before the passage must make them differ.
  if (RUNBOOK_TEXT.indexOf(OWNER) === location.charStart) throw new Error('the runbook passage must follow an astral character');
  return {
    format: 'citelens/1',
    id: 'markdown-sources',
    question: 'How do we onboard a vendor connection, and how is it protected?',
    text: [
      'Every vendor connection has one Company sponsor who approves each change to it [1].',
      'On Linux, the connector agent is installed from the internal mirror with `sudo apt install citelens-agent` and enrolled with a one-time token [2].',
      'If the agent does not show up, follow the Linux troubleshooting steps [3]; enrolment tokens now expire after 24 hours [4].',
      'Data sent over the connection must be encrypted in transit [5].',
    ].join('\n\n'),
    documents: [
      { id: RUNBOOK_DOC.id, title: RUNBOOK_DOC.title, url: `/api/documents/${RUNBOOK_DOC.id}`, version: RUNBOOK_DOC.version, mediaType: 'text/markdown' },
      { id: CHANGELOG_DOC.id, title: CHANGELOG_DOC.title, url: `/api/documents/${CHANGELOG_DOC.id}`, version: CHANGELOG_DOC.version, mediaType: 'text/plain' },
      { id: VENDOR_DOC.id, title: VENDOR_DOC.title, url: `/api/documents/${VENDOR_DOC.id}`, version: VENDOR_DOC.version },
    ],
    sources: [
      { id: 'S1', documentId: RUNBOOK_DOC.id, quote: OWNER, location },
      {
        id: 'S2',
        documentId: RUNBOOK_DOC.id,
        section: 'Setup > Linux',
        quote: 'Install the connector agent from the internal package mirror with sudo apt install citelens-agent',
      },
      { id: 'S3', documentId: RUNBOOK_DOC.id, section: 'Setup > Linux > Troubleshooting' },
      { id: 'S4', documentId: CHANGELOG_DOC.id, quote: 'Enrolment tokens now expire after 24 hours instead of 7 days.' },
      {
        id: 'S5',
        documentId: VENDOR_DOC.id,
        section: transit.section,
        page: transit.boxes[0]!.page,
        quote: transit.words.join(' '),
        boxes: transit.boxes.map((b) => ({ page: b.page, x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 })),
      },
    ],
    citations: [1, 2, 3, 4, 5].map((n) => ({ n, sourceId: `S${n}` })),
  };
}

/** The text documents, their metadata and the answer, keyed by their path in the demo data. */
export function buildTextSourceFiles(vendor: Map<string, Passage>): Array<[string, string]> {
  const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';
  return [
    [`documents/${RUNBOOK_DOC.id}.md`, RUNBOOK_TEXT],
    [`documents/${RUNBOOK_DOC.id}.meta.json`, json({ title: RUNBOOK_DOC.title, version: RUNBOOK_DOC.version })],
    [`documents/${CHANGELOG_DOC.id}.txt`, CHANGELOG_TEXT],
    [`documents/${CHANGELOG_DOC.id}.meta.json`, json({ title: CHANGELOG_DOC.title, version: CHANGELOG_DOC.version })],
    ['answers/markdown-sources.json', json(buildTextSourceAnswer(vendor))],
  ];
}
