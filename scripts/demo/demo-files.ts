// Every file of the demo data (the two PDFs, their metadata, the answers, and the metadata of one document the server
// refuses), built in memory and written out.
// The output is reproducible byte for byte: fixed dates, no random ids, stable JSON and a sorted file list.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildCanonicalAnswers } from './canonical-answers.ts';
import { buildDemoDocuments, HANDBOOK_DOC, RETENTION_DOC, VENDOR_DOC } from './demo-documents.ts';
import { buildHandbookAnswer } from './handbook-answer.ts';
import { buildPersianFiles } from './persian-source.ts';
import { buildReviewAnswers, FORBIDDEN_DOC } from './review-answers.ts';
import { buildTextSourceFiles } from './text-sources.ts';
import { buildWrappedAnswers } from './wrapped-answers.ts';

const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';

/** Every demo file, keyed by its path relative to the output directory (forward slashes). */
export async function buildDemoFiles(): Promise<Map<string, Uint8Array>> {
  const built = await buildDemoDocuments();
  const vendor = built.get(VENDOR_DOC.id)!;
  const retention = built.get(RETENTION_DOC.id)!;
  const handbook = built.get(HANDBOOK_DOC.id)!;
  const answers = [
    ...buildCanonicalAnswers(vendor.passages, retention.passages),
    ...buildWrappedAnswers(vendor, retention),
    ...buildReviewAnswers(vendor.passages, retention.passages),
    buildHandbookAnswer(HANDBOOK_DOC, handbook.passages),
  ];
  const enc = new TextEncoder();
  const files = new Map<string, Uint8Array>();
  for (const [doc, bytes] of [
    [VENDOR_DOC, vendor.bytes],
    [RETENTION_DOC, retention.bytes],
    [HANDBOOK_DOC, handbook.bytes],
  ] as const) {
    files.set(`documents/${doc.id}.pdf`, bytes);
    files.set(`documents/${doc.id}.meta.json`, enc.encode(json({ title: doc.title, version: doc.version })));
  }
  // Only the metadata: the server answers 403 before it looks for the file, so no content is shipped at all.
  const { id, title, version, access } = FORBIDDEN_DOC;
  files.set(`documents/${id}.meta.json`, enc.encode(json({ title, version, access })));
  for (const a of answers) files.set(`answers/${a.id}.json`, enc.encode(json(a)));
  // Markdown and plain-text documents, and the answer that cites them beside a PDF.
  for (const [rel, text] of buildTextSourceFiles(vendor.passages)) files.set(rel, enc.encode(text));
  // A Persian answer over a Persian Markdown policy (RTL, Persian and Arabic-Indic markers).
  for (const [rel, text] of buildPersianFiles()) files.set(rel, enc.encode(text));
  return new Map([...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export async function generateDemo(outDir: string): Promise<string[]> {
  const files = await buildDemoFiles();
  for (const [rel, bytes] of files) {
    const target = path.join(outDir, ...rel.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  return [...files.keys()];
}
