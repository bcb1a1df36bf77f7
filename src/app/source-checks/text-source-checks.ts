import type { QueryClient } from '@tanstack/react-query';
import { fetchDocumentVersion } from '../../api/document-version.ts';
import { storeOrigins } from '../../api/store-origins.ts';
import { textDocumentQuery, TextDocumentError } from '../../api/text-document.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import { documentKind, type TextFormat } from '../../core/model/document-kind.ts';
import type { Answer, DocumentRef } from '../../core/model/types.ts';
import { checkTextSource } from '../../core/review/check-text-source.ts';
import { accessFromHttpStatus, failedAccess } from '../../core/review/document-check.ts';
import type { DocumentCheck } from '../../core/review/types.ts';
import { readTextDocument } from '../../core/text-source/text-document.ts';
import { useReviewChecksStore } from './review-checks-store.ts';

// The background review of Markdown and plain-text sources (use-source-checks.ts runs PDFs): the document is read
// through the viewer's own React Query entry (one download for both), then every source citing it is checked with
// the same passage locator the viewer highlights with. Cheap (no pdf.js), so these run before the PDFs.

export function citedTextDocuments(answer: Answer, cited: ReadonlySet<string>): Array<{ doc: DocumentRef; format: TextFormat }> {
  return answer.documents.flatMap((doc) => {
    if (!cited.has(doc.id)) return [];
    const kind = documentKind(doc, storeOrigins());
    return kind.kind === 'text' ? [{ doc, format: kind.format }] : [];
  });
}

export async function checkTextDocument(
  queryClient: QueryClient,
  answer: Answer,
  model: AnswerModel,
  doc: DocumentRef,
  format: TextFormat,
  signal: AbortSignal,
): Promise<void> {
  const store = useReviewChecksStore.getState();
  let text: string;
  try {
    text = (await queryClient.fetchQuery(textDocumentQuery(doc.url))).text;
  } catch (e) {
    signal.throwIfAborted();
    const status = e instanceof TextDocumentError ? e.status : undefined;
    const access: DocumentCheck['access'] =
      // The sentence as data (Persian in a Persian UI); the detail is what the fetch said.
      status !== undefined ? accessFromHttpStatus(status) : failedAccess({ kind: 'load-failed', detail: e instanceof Error ? e.message : String(e) });
    store.setDocument(answer.id, { documentId: doc.id, access });
    return;
  }
  signal.throwIfAborted();
  const read = readTextDocument(text, format);
  const checks = Object.fromEntries(model.sources.filter((s) => s.documentId === doc.id).map((s) => [s.id, checkTextSource(read, s)]));
  store.setSources(answer.id, checks);
  const version = await fetchDocumentVersion(doc.url, signal);
  signal.throwIfAborted();
  store.setDocument(answer.id, { documentId: doc.id, access: { state: 'ok' }, ...(version && { servedVersion: version }) });
}
