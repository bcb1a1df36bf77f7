import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { documentOf, sourceFirstPage, sourceLabel } from '../../core/model/resolve.ts';

/** What the answer pane shows about one marker key. */
export type MarkerInfo =
  | { kind: 'valid'; key: string; sourceId: string; label: string; title: string; page?: number; section?: string; quote?: string; flags: string[] }
  | { kind: 'invalid'; key: string };

/** Resolve through the answer model, so that collapsed duplicate sources still answer to every marker. */
export function markerInfo(answer: Answer, model: AnswerModel, key: string): MarkerInfo {
  const source = model.resolve(key);
  if (!source) return { kind: 'invalid', key };
  const doc = documentOf(answer, source);
  return {
    kind: 'valid',
    key,
    sourceId: source.id,
    label: sourceLabel(answer, source),
    title: doc?.title ?? source.documentId,
    page: sourceFirstPage(source),
    section: source.section,
    quote: source.quote ?? source.text,
    flags: (source.flags ?? []).map((f) => f.message),
  };
}
