import { useMemo, type MouseEvent } from 'react';
import { defaultReviewConfig } from '../../core/review/types.ts';
import { groupedNumber } from '../../core/i18n/translate.ts';
import { QUOTE_DRAWN_CHARS } from '../../core/text/capped-text.ts';
import { useShowAll } from '../../hooks/use-show-all.ts';
import type { AnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { citationText } from './citation-text.ts';
import { CopyTextButton } from './copy-text-button.tsx';
import { STATUS_DOT, STATUS_TEXT, useCitationStatus } from './citation-status.ts';
import { markerInfo, type MarkerInfo } from './marker-info.ts';
import { SourceFacts, SourceFlagLine, SourceLink } from './source-details.tsx';
import { useTranslate } from '../../i18n/use-translate.ts';

/** The review rules' threshold, so the reference list and the review panel call the same sources weak. */
const WEAK_RELEVANCE = defaultReviewConfig.relevanceThreshold;

type ValidMarker = Extract<MarkerInfo, { kind: 'valid' }>;

/** The model lists cited sources in order of first appearance, once each however often they are cited. */
function citedReferences(answer: Answer, model: AnswerModel): ValidMarker[] {
  return model.citations.flatMap((c) => {
    const info = markerInfo(answer, model, c.key);
    return info.kind === 'valid' ? [info] : [];
  });
}

interface ReferenceListProps {
  answer: Answer;
  model: AnswerModel;
  activeSourceId: string | null;
  onCite(key: string): void;
}

export function ReferenceList({ answer, model, activeSourceId, onCite }: ReferenceListProps) {
  const refs = useMemo(() => citedReferences(answer, model), [answer, model]);
  const t = useTranslate();
  if (refs.length === 0) return null;
  return (
    <section aria-labelledby="references-heading" className="mt-6 border-t border-slate-200 pt-4">
      <h2 id="references-heading" className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t('answer.references')}
      </h2>
      <ol className="space-y-1">
        {refs.map((ref) => {
          const active = ref.sourceId === activeSourceId;
          return (
            <li
              key={ref.sourceId}
              data-reference={ref.sourceId}
              data-active={active || undefined}
              aria-current={active ? 'true' : undefined}
              // Forced colours drop the ring and the tint: the open reference keeps a Highlight outline instead.
              className={`rounded-md transition-colors ${active ? 'bg-indigo-50 ring-1 ring-indigo-200 forced-colors:outline-2 forced-colors:outline-[Highlight]' : 'hover:bg-slate-50'}`}
            >
              {/* The entry opens the citation on a click, but its text stays selectable: a drag that selected
                  text is not a click on it (see openUnlessSelecting), and the title is the keyboard's button. */}
              <div onClick={(e) => openUnlessSelecting(e, () => onCite(ref.key))} className="cursor-pointer px-2 py-1.5 text-sm">
                <button
                  type="button"
                  onClick={() => onCite(ref.key)}
                  className="flex w-full gap-2 rounded text-start focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  <span className="w-7 shrink-0 font-semibold text-indigo-700">[{ref.key}]</span>
                  <span dir="auto" className="min-w-0 font-medium text-slate-800">
                    {ref.label}
                  </span>
                </button>
                <span className="block min-w-0 ps-9">
                  {ref.section ? (
                    <span dir="auto" className="block text-xs text-slate-600">
                      {ref.section}
                    </span>
                  ) : null}
                  {ref.relevance !== undefined ? <RelevanceLine relevance={ref.relevance} /> : null}
                  {ref.quote ? <ReferenceQuote quote={ref.quote} /> : null}
                  <ReferenceStatus sourceId={ref.sourceId} />
                  <SourceFacts info={ref} showSite={false} />
                  {ref.flags.map((flag, i) => (
                    <SourceFlagLine key={`${flag.code}-${i}`} flag={flag} />
                  ))}
                  <span className="-ms-1.5 mt-0.5 flex flex-wrap gap-1">
                    {ref.quote ? <CopyTextButton label={t('answer.copyQuote')} text={ref.quote} /> : null}
                    <CopyTextButton label={t('answer.copyCitation')} text={citationText(ref)} />
                  </span>
                </span>
              </div>
              {/* Outside the clickable entry: a link there would open the citation too. */}
              {ref.web ? (
                <span className="block pb-1.5 ps-11 pe-2">
                  <SourceLink info={ref} />
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function ReferenceStatus({ sourceId }: { sourceId: string }) {
  const status = useCitationStatus(sourceId);
  const t = useTranslate();
  if (!status) return null;
  return (
    <span data-reference-status={status.tone} title={status.long} className={`mt-0.5 flex items-center gap-1 text-xs ${STATUS_TEXT[status.tone]}`}>
      <span aria-hidden className={`inline-block size-1.5 shrink-0 rounded-full ${STATUS_DOT[status.tone]}`} />
      {status.tone === 'pending' ? t('answer.checkingQuote') : status.long}
    </span>
  );
}

/** The retriever's relevance as a %, so a weakly related passage stands out before anyone reads it. */
function RelevanceLine({ relevance }: { relevance: number }) {
  const weak = relevance < WEAK_RELEVANCE;
  const t = useTranslate();
  return (
    <span data-relevance={relevance} className={`block text-xs ${weak ? 'font-medium text-amber-800' : 'text-slate-600'}`}>
      {t(weak ? 'answer.relevanceWeak' : 'answer.relevance', { value: Math.round(relevance * 100) })}
    </span>
  );
}

/**
 * A click on the entry opens its citation, unless it landed on a control of its own (a copy button, the copy-by-hand
 * field) or ended a drag that selected text: selecting a quote to copy it must not pull the viewer elsewhere.
 */
function openUnlessSelecting(e: MouseEvent<HTMLElement>, open: () => void) {
  if ((e.target as Element).closest('button, a, input, textarea, label')) return;
  const selection = window.getSelection();
  if (selection && !selection.isCollapsed && selection.toString().trim() !== '') return;
  open();
}

/**
 * A reference's quote: two clamped lines, and never more than QUOTE_DRAWN_CHARS drawn (a 1.2 MB quote stalled the
 * page's layout for a second), with "Show all" for the rest. Copy quote still copies it whole.
 */
function ReferenceQuote({ quote }: { quote: string }) {
  const t = useTranslate();
  const shown = useShowAll(quote, QUOTE_DRAWN_CHARS);
  return (
    <>
      <span
        data-reference-quote=""
        dir="auto"
        className={`mt-0.5 block text-xs italic text-slate-600 ${shown.hidden > 0 || quote.length <= QUOTE_DRAWN_CHARS ? 'line-clamp-2' : ''}`}
      >
        “{shown.text}
        {shown.hidden > 0 ? '…' : '”'}
      </span>
      {shown.hidden > 0 ? (
        <button
          type="button"
          data-show-all=""
          onClick={(e) => {
            // Not a click on the entry (which opens the citation).
            e.stopPropagation();
            shown.showAll();
          }}
          className="text-xs font-medium text-indigo-700 hover:underline"
        >
          {t('common.showAll', { count: groupedNumber(t, shown.hidden) })}
        </button>
      ) : null}
    </>
  );
}
