// The recorded payloads of ../shared/payloads as answers of the e2e data folder, and one answer of our own that has
// adapter notes and reasoning citations (no recorded payload has both). Shared by serve-e2e.ts, which writes them,
// and payloads.spec.ts, which reads the same files to know what each marker must open: nothing is hard-coded twice.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedFolder } from '../src/testing/shared-folder.ts';

export interface RecordedPayload {
  /** `cohere-1` for cohere-1.wrapper.json. */
  name: string;
  /** The answer id it is served as. */
  answerId: string;
  /** The wrapper, with its id set to answerId. */
  wrapper: { id: string; documents: Array<{ id: string; title: string; url: string }> } & Record<string, unknown>;
  /** `<name>.pdf` beside it, served as the document the wrapper names first. */
  pdf?: { file: string; documentId: string };
}

/** Every `*.wrapper.json` of ../shared/payloads; [] when the folder is absent outside CI (it throws in CI). */
export function recordedPayloads(): RecordedPayload[] {
  const dir = sharedFolder('payloads');
  if (!dir) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.wrapper.json'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.wrapper.json'.length);
      const answerId = `payload-${name}`;
      const wrapper = { ...JSON.parse(readFileSync(path.join(dir, f), 'utf8')), id: answerId } as RecordedPayload['wrapper'];
      const pdf = path.join(dir, `${name}.pdf`);
      const documentId = wrapper.documents[0]?.id;
      return { name, answerId, wrapper, ...(existsSync(pdf) && documentId ? { pdf: { file: pdf, documentId } } : {}) };
    });
}

// Printed in the demo's Vendor Security Policy (section 3.4, page 3): the reasoning cites it.
const ACCESS_REVIEW = 'Vendor accounts that have not been used for 30 days are disabled automatically.';
const MFA =
  'Vendors must use multi-factor authentication for all remote access to Company systems, including cloud consoles, administrative interfaces and email.';

/**
 * A Cohere v2 chat response over the demo's Vendor Security Policy with: a thinking item whose citation is kept as
 * reasoning, a citation of a document the wrapper does not list (mapped to the only one and flagged), and a citation
 * with no source (dropped, with a note).
 */
export function notesAnswer() {
  const thinking = `The access review section is explicit: ${ACCESS_REVIEW} That answers the question.`;
  const text = 'Idle vendor accounts are switched off after 30 days. Remote access needs multi-factor authentication. Contractors are audited yearly.';
  const at = (haystack: string, needle: string) => {
    const start = haystack.indexOf(needle);
    if (start < 0) throw new Error(`"${needle}" is not in "${haystack}"`);
    return { start, end: start + needle.length, text: needle };
  };
  const doc0 = { type: 'document', id: 'doc:0', document: { id: 'doc:0', title: 'Vendor Security Policy', text: ACCESS_REVIEW } };
  return {
    id: 'adapter-notes',
    question: 'When are idle vendor accounts disabled?',
    format: 'auto',
    documents: [{ id: 'vendor-security-policy', title: 'Vendor Security Policy', url: '/api/documents/vendor-security-policy' }],
    payload: {
      id: 'e2e-notes',
      finish_reason: 'COMPLETE',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking },
          { type: 'text', text },
        ],
        citations: [
          { ...at(thinking, ACCESS_REVIEW), sources: [doc0], type: 'THINKING_CONTENT', content_index: 0 },
          { ...at(text, 'Idle vendor accounts are switched off after 30 days.'), sources: [doc0], type: 'TEXT_CONTENT', content_index: 1 },
          {
            ...at(text, 'Remote access needs multi-factor authentication.'),
            sources: [{ type: 'document', id: 'old-policy', document: { id: 'old-policy', title: 'Old Access Policy', text: MFA } }],
            type: 'TEXT_CONTENT',
            content_index: 1,
          },
          { ...at(text, 'Contractors are audited yearly.'), sources: [], type: 'TEXT_CONTENT', content_index: 1 },
        ],
      },
    },
  };
}
