import { useMemo } from 'react';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import { spanSegments } from '../../core/model/span-segments.ts';
import type { Answer, CitationSpan, ReasoningBlock } from '../../core/model/types.ts';
import { useTranslate } from '../../i18n/use-translate.ts';
import { ActiveMarkerContext, useActiveMarkerStore } from './active-marker.ts';
import { markerInfo } from './marker-info.ts';
import { MarkerGroup } from './marker-group.tsx';

// The model's reasoning (Cohere thinking, Anthropic thinking blocks), collapsed below the answer and visibly apart
// from it: it is not a claim to the reader, but the sources it cites are evidence a reviewer may want to open.
// Plain text only: the reasoning is never parsed as Markdown or HTML; cited words are <mark>ed from the spans.

interface ReasoningSectionProps {
  answer: Answer;
  model: AnswerModel;
  activeKey: string | null;
  onCite(key: string): void;
}

export function ReasoningSection({ answer, model, activeKey, onCite }: ReasoningSectionProps) {
  const blocks = answer.reasoning ?? [];
  const active = useActiveMarkerStore(activeKey, onCite);
  const t = useTranslate();
  if (blocks.length === 0) return null;
  const cited = new Set(blocks.flatMap((b) => (b.spans ?? []).map((s) => model.resolve(markerKey(model, s))?.id ?? s.sourceId)));
  const summary = cited.size === 0 ? t('reasoning.noCitations') : t('reasoning.cites', { count: cited.size });
  return (
    <ActiveMarkerContext.Provider value={active}>
      <details data-reasoning="" className="mt-6 rounded-md border border-dashed border-slate-300 bg-slate-50">
        <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900">
          {t('reasoning.title', { summary })}
        </summary>
        <div className="border-t border-dashed border-slate-300 px-3 py-2">
          <p className="mb-2 text-xs text-slate-500">{t('reasoning.intro')}</p>
          {blocks.map((block, i) => (
            <ReasoningText key={i} block={block} answer={answer} model={model} />
          ))}
        </div>
      </details>
    </ActiveMarkerContext.Provider>
  );
}

/**
 * The key a reasoning citation is opened by: its own `[n]` when that names the same source in this answer, else
 * the source's S-ID (a source cited only in the reasoning has no `[n]` in the answer's mapping).
 */
function markerKey(model: AnswerModel, span: CitationSpan): string {
  return model.resolve(span.key)?.id === (model.resolve(span.sourceId)?.id ?? span.sourceId) ? span.key : span.sourceId;
}

function ReasoningText({ block, answer, model }: { block: ReasoningBlock; answer: Answer; model: AnswerModel }) {
  const segments = useMemo(() => spanSegments(block.text, block.spans ?? []), [block]);
  return (
    <p className="mb-2 whitespace-pre-wrap text-sm leading-relaxed text-slate-600 last:mb-0">
      {segments.map((seg) => {
        const keys = [...new Set(seg.closes.map((s) => markerKey(model, s)))];
        return (
          <span key={seg.start}>
            {seg.cited ? (
              <mark data-reasoning-cited="" className="rounded-sm bg-amber-100/70 px-px text-slate-800">
                {seg.text}
              </mark>
            ) : (
              seg.text
            )}
            {keys.length > 0 ? <MarkerGroup infos={keys.map((k) => markerInfo(answer, model, k))} /> : null}
          </span>
        );
      })}
    </p>
  );
}
