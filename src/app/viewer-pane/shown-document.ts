import { storeOrigins } from '../../api/store-origins.ts';
import { addressRefusal } from '../../core/documents/document-address.ts';
import { documentKind } from '../../core/model/document-kind.ts';
import { resolveMarker, sourceFirstPage } from '../../core/model/resolve.ts';
import type { Answer, DocumentRef } from '../../core/model/types.ts';
import { defaultDocumentId } from '../navigation/citation-target.ts';
import type { ViewState } from '../navigation/url-state.ts';

/**
 * The document the viewer pane shows for `view`: the open citation's (`citedDocumentId`, else the link's `cite`
 * resolved), else the link's `doc` when the answer has it, else the first cited source's. One rule for the pane
 * (viewer-pane.tsx) and for the entry that starts downloading it before the pane exists (answer-route-start.ts).
 */
export function shownDocumentId(answer: Answer, view: ViewState, citedDocumentId?: string): string | undefined {
  const cited = citedDocumentId ?? (view.cite ? resolveMarker(answer, view.cite)?.documentId : undefined);
  return cited ?? (view.doc && answer.documents.some((d) => d.id === view.doc) ? view.doc : defaultDocumentId(answer));
}

/** A PDF of our store that the viewer loads itself: never a refused address, a web page or a text source. */
export function isStorePdf(doc: DocumentRef): boolean {
  return !doc.generated && !addressRefusal(doc.url) && documentKind(doc, storeOrigins()).kind === 'pdf';
}

/**
 * The PDF of our store the viewer pane will open for `view`, with the page it shows first (the link's citation's, or
 * 1) and whether that citation's quote must be located there; null when the pane will show no such PDF.
 */
export function shownPdf(answer: Answer, view: ViewState): { url: string; page: number; quote: boolean } | null {
  const cited = view.cite ? resolveMarker(answer, view.cite) : undefined;
  const doc = answer.documents.find((d) => d.id === shownDocumentId(answer, view, cited?.documentId));
  if (!doc || !isStorePdf(doc)) return null;
  const onDoc = cited?.documentId === doc.id ? cited : undefined;
  const page = (onDoc && sourceFirstPage(onDoc)) || (onDoc ? 1 : view.page) || 1;
  return { url: doc.url, page, quote: !!(onDoc && !onDoc.boxes?.length && (onDoc.quote ?? onDoc.text)) };
}
