// The demo answer about the Supplier Handbook. Its sources name their pages ONLY as printed ("iii", "2", "A-2"),
// never by physical index, as a retriever that reads page footers does; the viewer resolves each label with the
// PDF's own /PageLabels (label "2" is the 5th page of the file). One more marker names a label the handbook does not
// print, so the "no such printed page" note shows too.

import type { DocInfo } from './demo-documents.ts';
import { expectPage, type Passage } from './passage-registry.ts';

export function buildHandbookAnswer(doc: DocInfo, passages: Map<string, Passage>) {
  expectPage(passages, 'sh-foreword', [3]);
  expectPage(passages, 'sh-contract', [5]);
  expectPage(passages, 'sh-exit', [9]);
  const quote = (key: string) => {
    const p = passages.get(key);
    if (!p) throw new Error(`unknown passage ${key}`);
    return { section: p.section, quote: p.words.join(' ') };
  };
  return {
    format: 'citelens/1',
    id: 'supplier-handbook',
    question: 'Who is responsible for a supplier, and what must happen before work starts and at exit?',
    text: [
      'Each supplier has a named Company sponsor who is accountable for the relationship from selection to exit [1].',
      '',
      'No work starts before the contract is signed, and the contract must state the services, service levels, price and how it ends [2].',
      '',
      'At exit, the sponsor confirms that Company property and data were returned or destroyed and that system access was removed [3]. The supplier file is kept as the Retention Schedule requires [4].',
    ].join('\n'),
    documents: [{ id: doc.id, title: doc.title, url: `/api/documents/${doc.id}`, version: doc.version }],
    sources: [
      { id: 'S1', documentId: doc.id, pageLabel: 'iii', ...quote('sh-foreword') },
      { id: 'S2', documentId: doc.id, pageLabel: '2', ...quote('sh-contract') },
      { id: 'S3', documentId: doc.id, pageLabel: 'A-2', ...quote('sh-exit') },
      {
        id: 'S4',
        documentId: doc.id,
        pageLabel: 'A-7',
        section: 'A.2 Exit checklist',
        quote: 'The supplier file is then closed and kept for the period set in the Retention Schedule.',
      },
    ],
  };
}
