import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ThreadTurn } from '../../api/ask-schema.ts';
import { apiUrl, type AnswerResult } from '../../api/client.ts';
import { configQuery } from '../../api/embed-client.ts';
import { answerQuery } from '../../api/queries.ts';
import { buildAnswerModel } from '../../core/model/answer-model.ts';
import type { Answer } from '../../core/model/types.ts';
import { AnswerPane } from '../../features/answer/answer-pane.tsx';
import { draftAnswer } from '../../features/answer/draft-answer.ts';
import type { StreamDraft } from '../../features/answer/draft-events.ts';
import { QuestionBox } from '../../features/answer/question-box.tsx';
import { useAsk } from './use-ask.ts';
import { useThreadView } from './use-thread.ts';
import { useViewStore } from '../navigation/view-store.ts';
import { useTranslate } from '../../i18n/use-translate.ts';

// The answer pane of a conversation (issue #12): every turn in order, each drawn by the answer pane as a single answer
// is, with its own citations; the answer being streamed; and the follow-up box. Only the active turn shows an active
// citation; clicking a marker in another turn makes that turn active and opens the citation.

export interface TurnRender {
  turn: number;
  active: boolean;
  /** Opens `key` of this turn: in the active turn, as a plain citation click. */
  cite(key: string): void;
}

interface ThreadPaneProps {
  /** The answer the link opened, and how it was read. */
  result: AnswerResult;
  renderTurn(result: AnswerResult, turn: TurnRender): ReactNode;
}

export function ThreadPane({ result, renderTurn }: ThreadPaneProps) {
  const t = useTranslate();
  const answer = result.answer;
  const thread = useThreadView(answer);
  const embedded = useViewStore((s) => s.embedded);
  const config = useQuery({ ...configQuery(), enabled: !embedded });
  const canAsk = !embedded && config.data?.features.ask === true;
  const last = thread.turns[thread.turns.length - 1]!;
  const ask = useAsk({
    answerId: last.answerId,
    onDone: ({ answer: asked }) => {
      // The same thread: the new turn becomes the active one. An answer outside any thread grew one whose root may
      // not say so: open the new answer itself, whose thread lists every turn.
      if (asked.thread && asked.thread.id === answer.thread?.id)
        useViewStore.getState().openTurn(asked.thread.turn === thread.own ? undefined : asked.thread.turn);
      else useViewStore.getState().openAnswer(asked.id);
    },
  });
  const many = thread.turns.length > 1 || ask.state.kind === 'streaming';
  // The pane's full height only with the question box, to keep it at the foot: an embedded view reports the height
  // of its content to the portal (embed-resize.ts), which a full-height box would hide.
  return (
    <div className={canAsk ? 'flex min-h-full flex-col' : undefined}>
      <div className="flex-1">
        {thread.turns.map((t) => (
          <TurnSection key={t.answerId} turn={t} many={many} active={t.turn === thread.active.turn} own={thread.own} opened={result} renderTurn={renderTurn} />
        ))}
        {thread.error ? (
          <p role="status" className="mx-auto max-w-2xl px-6 pb-3 text-xs text-amber-700">
            {t('thread.restFailed', { message: thread.error instanceof Error ? thread.error.message : String(thread.error) })}
          </p>
        ) : null}
        {ask.state.kind === 'streaming' && ask.state.draft.question ? <DraftTurn draft={ask.state.draft} turn={last.turn + 1} /> : null}
      </div>
      {canAsk ? (
        <div className="sticky bottom-0 border-t border-slate-200 bg-white/95 px-6 py-3 backdrop-blur">
          <div className="mx-auto max-w-2xl">
            <QuestionBox
              label={t('ask.followUpLabel')}
              placeholder={t('ask.followUpPlaceholder')}
              value={ask.input}
              onChange={ask.setInput}
              onSend={ask.send}
              onStop={ask.stop}
              status={ask.status}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

interface TurnSectionProps {
  turn: ThreadTurn;
  many: boolean;
  active: boolean;
  own: number;
  opened: AnswerResult;
  renderTurn: ThreadPaneProps['renderTurn'];
}

function TurnSection({ turn, many, active, own, opened, renderTurn }: TurnSectionProps) {
  const t = useTranslate();
  const query = useQuery({ ...answerQuery(turn.answerId), enabled: turn.answerId !== opened.answer.id });
  const result = turn.answerId === opened.answer.id ? opened : query.data;
  const param = turn.turn === own ? undefined : turn.turn;
  const render: TurnRender = useMemo(
    () => ({ turn: turn.turn, active, cite: (key) => (active ? useViewStore.getState().cite(key) : useViewStore.getState().openTurn(param, key)) }),
    [turn.turn, active, param],
  );
  const body = result ? (
    renderTurn(result, render)
  ) : query.status === 'error' ? (
    <p role="alert" className="mx-auto max-w-2xl px-6 py-3 text-sm text-rose-800">
      {turn.question ? t('thread.failedQuestion', { question: turn.question }) : ''}
      {query.error.message}
    </p>
  ) : (
    <p role="status" className="mx-auto max-w-2xl px-6 py-3 text-sm text-slate-500">
      {t('thread.loadingTurn', { turn: turn.turn })}
    </p>
  );
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (active && many && ref.current) revealInPane(ref.current, 'start');
  }, [active, many]);
  if (!many)
    return (
      <div data-turn={turn.turn} data-active-turn="">
        {body}
      </div>
    );
  return (
    <section
      ref={ref}
      aria-label={t('thread.turn', { turn: turn.turn })}
      data-turn={turn.turn}
      data-active-turn={active ? '' : undefined}
      className={`border-b border-slate-100 ${active ? 'bg-white' : 'bg-slate-50/60'}`}
    >
      <div className="mx-auto flex max-w-2xl items-center gap-2 px-6 pt-4 text-xs text-slate-500">
        <span className="font-medium uppercase tracking-wide">{turn.turn === 1 ? t('thread.question') : t('thread.followUp', { n: turn.turn - 1 })}</span>
        {active ? (
          <span className="rounded bg-indigo-50 px-1.5 py-0.5 font-medium text-indigo-700">{t('thread.reviewing')}</span>
        ) : (
          <button
            type="button"
            onClick={() => useViewStore.getState().openTurn(param)}
            className="rounded px-1.5 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t('thread.reviewTurn')}
          </button>
        )}
      </div>
      {result ? <TurnNotes answer={result.answer} /> : null}
      {body}
    </section>
  );
}

/** What the answerer did with a follow-up: the question it searched for, and citations it had to drop. */
function TurnNotes({ answer }: { answer: Answer }) {
  const t = useTranslate();
  const standalone = answer.standaloneQuestion && answer.standaloneQuestion !== answer.question ? answer.standaloneQuestion : null;
  const invalid = answer.invalidMarkers ?? [];
  if (!standalone && invalid.length === 0) return null;
  return (
    <div className="mx-auto max-w-2xl space-y-1 px-6 pt-1 text-xs text-slate-500">
      {standalone ? <p data-standalone-question="">{t('thread.searchedFor', { query: standalone })}</p> : null}
      {invalid.length > 0 ? (
        <p data-invalid-markers="" className="text-amber-700">
          {t('thread.droppedMarkers', { count: invalid.length, markers: invalid.join(', ') })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Scrolls the answer pane to the start of `el` when it starts in the lower half of the pane or below it, or lies
 * wholly above it: a turn that became active from a link or a finished follow-up, or the answer starting to stream.
 * A turn made active by clicking a marker in it, with its start above, stays put.
 */
function revealInPane(el: HTMLElement, block: ScrollLogicalPosition): void {
  const pane = el.closest('[data-pane="answer"]');
  if (!pane) return;
  const r = el.getBoundingClientRect();
  const p = pane.getBoundingClientRect();
  if (r.bottom <= p.top || r.top > p.top + p.height / 2) el.scrollIntoView({ block });
}

const noCite = () => {};
const documentUrl = (id: string) => apiUrl(`/documents/${encodeURIComponent(id)}`);

/** The answer as it streams in: its markers become buttons as their sources arrive (draft-answer.ts). */
function DraftTurn({ draft, turn }: { draft: StreamDraft; turn: number }) {
  const t = useTranslate();
  const { answer, model } = useMemo(() => {
    const d = draftAnswer(draft, documentUrl).answer;
    return { answer: d, model: buildAnswerModel(d) };
  }, [draft]);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current) revealInPane(ref.current, 'start');
  }, []);
  return (
    <section ref={ref} aria-label={t('thread.writingLabel')} aria-busy="true" data-draft-turn={turn} className="border-b border-slate-100">
      <div className="mx-auto flex max-w-2xl items-center gap-2 px-6 pt-4 text-xs text-slate-500">
        <span className="font-medium uppercase tracking-wide">{t('thread.followUp', { n: turn - 1 })}</span>
        <span className="animate-pulse">{t('thread.writing')}</span>
      </div>
      <AnswerPane answer={answer} model={model} activeKey={null} activeSourceId={null} onCite={noCite} />
    </section>
  );
}
