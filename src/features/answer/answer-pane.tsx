import { blockLanguage } from '../../core/language/script-language.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AdapterNotes, type AnswerReading } from './adapter-notes.tsx';
import { AnswerMarkdown } from './answer-markdown.tsx';
import { CitationStatusContext, type CitationStatusBadge } from './citation-status.ts';
import { ProviderContext } from './provider-context.ts';
import { ReasoningSection } from './reasoning-section.tsx';
import { ReferenceList } from './reference-list.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';

interface AnswerPaneProps {
  answer: Answer;
  model: AnswerModel;
  activeKey: string | null;
  activeSourceId: string | null;
  onCite(key: string): void;
  /** Each cited source's check result, by S-ID (absent: not shown). */
  statuses?: ReadonlyMap<string, CitationStatusBadge>;
  /** How an adapted answer was read (its format and the adapter's notes); absent for a canonical answer. */
  reading?: AnswerReading;
  /** Who gave the answer's confidence scores ("Gemini"), for their labels. */
  provider?: string;
  /** A text offset a long answer keeps drawn (the selected claim's start): see AnswerMarkdown. */
  reveal?: number | null;
}

export function AnswerPane({ answer, model, activeKey, activeSourceId, onCite, statuses, reading, provider, reveal = null }: AnswerPaneProps) {
  const t = useTranslate();
  // The statuses and the provider travel by context: a check coming in re-renders the marker buttons, not the parsed
  // markdown.
  return (
    <ProviderContext.Provider value={provider ?? null}>
      <CitationStatusContext.Provider value={statuses ?? null}>
        {/* Focusable by script only (tabIndex -1): an answer opened from the home page takes the focus to its heading,
            or to the answer itself when it has no question. */}
        <article aria-label={t('answer.label')} tabIndex={answer.question ? undefined : -1} className="mx-auto max-w-2xl px-6 py-5">
          {answer.question ? (
            <h1 tabIndex={-1} dir="auto" lang={blockLanguage(answer.question)} className="mb-3 text-lg font-semibold leading-snug text-slate-900">
              {answer.question}
            </h1>
          ) : (
            // Still a level-one heading for screen readers' heading navigation; not focusable, so the focus goes to
            // the article (visible) rather than to hidden text.
            <h1 className="sr-only">{t('answer.label')}</h1>
          )}
          {reading ? <AdapterNotes reading={reading} /> : null}
          {answer.confidence !== undefined ? (
            <p className="mb-3 text-xs text-slate-500">{t('answer.confidence', { value: Math.round(answer.confidence * 100) })}</p>
          ) : null}
          <AnswerMarkdown answer={answer} model={model} activeKey={activeKey} onCite={onCite} reveal={reveal} />
          <ReasoningSection answer={answer} model={model} activeKey={activeKey} onCite={onCite} />
          <ReferenceList answer={answer} model={model} activeSourceId={activeSourceId} onCite={onCite} />
        </article>
      </CitationStatusContext.Provider>
    </ProviderContext.Provider>
  );
}
