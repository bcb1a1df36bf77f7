import type { HighlightTarget } from '../../core/model/highlight-target.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import { sourceFirstPage } from '../../core/model/resolve.ts';
import type { Answer } from '../../core/model/types.ts';

/** Turn a marker key into what the viewer must show, or null when the key points nowhere. */
export function citationTarget(answer: Answer, model: AnswerModel, key: string, nonce: number, region?: number): HighlightTarget | null {
  const source = model.resolve(key);
  if (!source) return null;
  const page = sourceFirstPage(source);
  const target: HighlightTarget = { sourceId: source.id, markerKey: key, documentId: source.documentId, nonce };
  if (page !== undefined) target.page = page;
  if (source.pageEnd !== undefined) target.pageEnd = source.pageEnd;
  // A page named only as printed ("iv"): the viewer finds its physical page from the PDF's own labels.
  if (typeof source.pageLabel === 'string' && source.pageLabel.trim()) target.pageLabel = source.pageLabel.trim();
  if (source.boxes && source.boxes.length > 0) {
    target.boxes = source.boxes;
    const coords = source.coords ?? answer.coords;
    if (coords) target.coords = coords;
  }
  const quote = source.quote ?? source.text;
  if (quote) target.quote = quote;
  if (region !== undefined) target.region = region;
  return target;
}

/** The document to show when the view names none: the first cited source's, else the first document. */
export function defaultDocumentId(answer: Answer): string | undefined {
  return answer.sources[0]?.documentId ?? answer.documents[0]?.id;
}
