import type { AnswerModel } from '../../core/model/answer-model.ts';
import { documentKind, siteOf, webAddress } from '../../core/model/document-kind.ts';
import type { Answer, Source, SourceFlag } from '../../core/model/types.ts';
import { documentOf, sourceFirstPage, sourceLabel } from '../../core/model/resolve.ts';
import { storeOrigins } from '../../api/store-origins.ts';

/** A provider's confidence in a citation, 0–1; `low` < `high` when the marker's spans were scored differently. */
export interface ConfidenceRange {
  low: number;
  high: number;
}

/** What the answer pane shows about one marker key. */
export type MarkerInfo =
  | {
      kind: 'valid';
      key: string;
      sourceId: string;
      label: string;
      title: string;
      page?: number;
      section?: string;
      quote?: string;
      flags: SourceFlag[];
      /** The web page a web source was read from (never one of our own stored documents). */
      web?: { url: string; site: string };
      date?: string;
      confidence?: ConfidenceRange;
      /** The cited document is a file the model generated in its sandbox. */
      generated?: boolean;
      /** The retriever's relevance score (0–1), as the backend gave it. */
      relevance?: number;
    }
  | { kind: 'invalid'; key: string };

/** Resolve through the answer model, so that collapsed duplicate sources still answer to every marker. */
export function markerInfo(answer: Answer, model: AnswerModel, key: string): MarkerInfo {
  const source = model.resolve(key);
  if (!source) return { kind: 'invalid', key };
  const doc = documentOf(answer, source);
  const kind = doc ? documentKind(doc, storeOrigins()) : undefined;
  const web = webOf(source) ?? (kind?.kind === 'web' ? { url: kind.url, site: kind.site } : undefined);
  const confidence = spanConfidence(answer, key, source.id) ?? pointConfidence(source.confidence);
  return {
    kind: 'valid',
    key,
    sourceId: source.id,
    label: sourceLabel(answer, source),
    title: doc?.title ?? source.documentId,
    page: sourceFirstPage(source),
    section: source.section,
    quote: source.quote || source.text || undefined,
    flags: source.flags ?? [],
    ...(web && { web }),
    ...(source.date && { date: source.date }),
    ...(confidence && { confidence }),
    ...(kind?.kind === 'generated' && { generated: true }),
    ...(typeof source.relevance === 'number' && Number.isFinite(source.relevance) && { relevance: source.relevance }),
  };
}

function webOf(source: Source): { url: string; site: string } | undefined {
  const url = webAddress(source.url);
  return url ? { url: url.href, site: siteOf(url) } : undefined;
}

/** The scores the provider gave the spans this marker closes (Gemini scores each segment). */
function spanConfidence(answer: Answer, key: string, sourceId: string): ConfidenceRange | undefined {
  const scores = (answer.spans ?? [])
    .filter((s) => s.key === key && s.sourceId === sourceId && typeof s.confidence === 'number' && Number.isFinite(s.confidence))
    .map((s) => s.confidence!);
  return scores.length > 0 ? { low: Math.min(...scores), high: Math.max(...scores) } : undefined;
}

function pointConfidence(value: number | undefined): ConfidenceRange | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? { low: value, high: value } : undefined;
}
